// Point of docs/api.md: a reset request does the same work whether or not the address has an
// account. Counted, not timed: the same SQL statements (the mail's job is stored by an INSERT ...
// SELECT that finds the account or nothing), the same token made and hashed, the same kick of the
// queue's worker; only an existing account gets a job, and so a mail after the answer.
import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import type { AppDeps } from '../../server/deps.ts';
import * as tokens from '../../server/tokens.ts';
import { requestReset } from './reset.server.ts';

vi.mock('../../server/tokens', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../server/tokens')>();
  return { ...real, randomToken: vi.fn(real.randomToken), sha256: vi.fn(real.sha256) };
});

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

interface Work {
  statements: string[];
  parameterCounts: number[];
  tokensMade: number;
  hashes: number;
  jobs: string[];
}

/** Runs requestReset and records every statement it sends and every piece of work it starts. */
async function workOf(email: string, random: number): Promise<Work> {
  const work: Work = { statements: [], parameterCounts: [], tokensMade: 0, hashes: 0, jobs: [] };
  const executor = t.deps.db.getExecutor();
  const recorder: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      const compiled = executor.compileQuery(node, queryId);
      work.statements.push(compiled.sql);
      work.parameterCounts.push(compiled.parameters.length);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const deps: AppDeps = {
    ...t.deps,
    db: t.deps.db.withPlugin(recorder),
    jobs: {
      ...t.deps.jobs,
      kick: () => {
        work.jobs.push('kick');
        t.deps.jobs.kick();
      },
    },
  };
  vi.mocked(tokens.randomToken).mockClear();
  vi.mocked(tokens.sha256).mockClear();
  const spin = vi.spyOn(Math, 'random').mockReturnValue(random);
  try {
    await requestReset(deps, email);
  } finally {
    spin.mockRestore();
  }
  work.tokensMade = vi.mocked(tokens.randomToken).mock.calls.length;
  work.hashes = vi.mocked(tokens.sha256).mock.calls.length;
  return work;
}

describe('password reset request work', () => {
  it('is the same for an existing and an unknown address; only the mail after the answer differs', async () => {
    const member = await t.member('has-account@example.com');
    for (const random of [0.5, 0.001]) {
      const before = (await t.outbox()).length;
      const known = await workOf(member.email, random);
      const unknown = await workOf('no-account@example.com', random);
      expect(unknown).toEqual(known);
      expect(known.tokensMade).toBe(1);
      expect(known.hashes).toBeGreaterThanOrEqual(1);
      expect(known.jobs).toEqual(['kick']);
      expect(known.statements.some((statement) => /^insert into "jobs"/i.test(statement))).toBe(true);
      expect(known.statements.some((statement) => /^insert into "password_resets"/i.test(statement))).toBe(
        true,
      );
      const mail = (await t.outbox()).slice(before);
      expect(mail.map((m) => m.to)).toEqual(['has-account@example.com']);
    }
    const links = await t.db.selectFrom('password_resets').select('user_id').execute();
    expect(links).toEqual([{ user_id: member.id }, { user_id: member.id }]);
  });
});
