// The public-form guard's last step (form-guard.ts): the human check's token taken, so that it is
// accepted once, and the attempt counted for its browser, its address and the person the form names,
// each checked against its limit. It is a write (db/write-together.ts): a route that stores the
// submission makes it the first write of its own (`takeGuardFinish`), so that on PostgreSQL the
// guard's end and the stored submission are one statement, one round trip and one commit, the only
// one of the submission (docs/decisions/0021-postgresql-round-trips.md), and on SQLite one
// transaction. Either refusal (a limit reached: 429; the token used meanwhile by a racing request:
// 400) stores nothing; a submission the route refuses (a 409) stores nothing of it either, and the
// guard then writes the step on its own (form-guard.ts afterTheWrite), so the attempt counts and the
// token is used up. Counted and checked in one step, of simultaneous attempts no more than a limit
// pass. Under such a race, which refusal answers may differ between the databases (PostgreSQL runs a
// statement's CTEs in an order of its own); what is stored never does.
import { sql } from 'kysely';
import type { WriteStep } from './db/write-together.ts';
import type { AppDeps } from './deps.ts';
import { ApiError, ERRORS } from './errors.ts';
import { isUsedTokenError, type PassedToken, sweepUsedTokens, takeToken } from './human-check/verify.ts';
import { type Check, enforceInWrite, sweepHits } from './rate-limit.ts';

/** The guard's last step with what the guard needs after a refusal (form-guard.ts). */
export interface GuardEnd {
  step: WriteStep;
  /** The step without any count: for a submission refused by a limit, the token used up all the same. */
  tokenOnly: () => Promise<WriteStep>;
  /** The limits the step counts, to learn which refused (known-refusals.ts). */
  checks: Check[];
  /** Lets the next attempt on this server with one of the same keys go on (known-refusals.ts oneAtATime). */
  release: () => void;
}

export async function guardFinish(
  deps: AppDeps,
  token: PassedToken,
  checks: Check[] = [],
): Promise<WriteStep> {
  const now = deps.now();
  await sweepUsedTokens(deps);
  await sweepHits(deps, now);
  const limits = enforceInWrite(checks, now);
  return {
    // A reused token breaks the table's key: the statement fails (explain below).
    postgres: (db) =>
      db
        .insertInto('used_tokens')
        .columns(['token_hash', 'expires_at'])
        .expression(
          checks.length > 0
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
