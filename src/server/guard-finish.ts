// The public-form guard's last step (form-guard.ts): the human check's token taken, so that it is
// accepted once, and the attempt counted for the person the form names. It is a write
// (db/write-together.ts): a route that stores the submission makes it the first write of its own
// (`takeGuardFinish`), so that on PostgreSQL the guard's end and the stored submission are one
// statement, one round trip and one commit (docs/decisions/0021-postgresql-round-trips.md), and on
// SQLite one transaction. Either refusal (the person at the limit: 429; the token used meanwhile by
// a racing request: 400) stores nothing; a submission the route refuses (a 409) stores nothing of
// it either, and the guard then writes the step on its own (form-guard.ts afterTheWrite), so the
// attempt counts and the token is used up. The person's limit was looked at earlier, in the order
// of the checks; here it is counted and checked again, so of simultaneous attempts no more than the
// limit pass. Under such a race, which refusal answers may differ between the databases (PostgreSQL
// runs a statement's CTEs in an order of its own); what is stored never does.
import { sql } from 'kysely';
import type { WriteStep } from './db/write-together.ts';
import type { AppDeps } from './deps.ts';
import { ApiError, ERRORS } from './errors.ts';
import { isUsedTokenError, type PassedToken, sweepUsedTokens, takeToken } from './human-check/verify.ts';
import { type Check, enforceInWrite, sweepHits } from './rate-limit.ts';

export async function guardFinish(deps: AppDeps, token: PassedToken, person?: Check): Promise<WriteStep> {
  const now = deps.now();
  await sweepUsedTokens(deps);
  await sweepHits(deps, now);
  const limits = enforceInWrite(person ? [person] : [], now);
  return {
    // A reused token breaks the table's key: the statement fails (explain below).
    postgres: (db) =>
      db
        .insertInto('used_tokens')
        .columns(['token_hash', 'expires_at'])
        .expression(
          person
            ? sql`select ${token.hash}, ${token.expiresAt} where ${limits.postgres}`
            : sql`select ${token.hash}, ${token.expiresAt}`,
        ),
    async sqlite(trx) {
      await limits.sqlite(trx);
      if (!(await takeToken(trx, token))) throw ApiError.of(ERRORS.humanCheckFailed);
    },
    explain: (error) =>
      limits.explain(error) ?? (isUsedTokenError(error) ? ApiError.of(ERRORS.humanCheckFailed) : undefined),
  };
}
