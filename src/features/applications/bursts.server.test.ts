// The applications' person limit under a burst: one applicant's applications sent at once, each from
// its own browser and address, store no more than the form's limit (the limit is checked and counted
// in one step, src/server/form-guard.ts guardAfterBody). On SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog, submit } from '../../../tests/support/applications.ts';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { LIMITS } from '../../server/rate-limit.ts';
import { sampleChargeCard } from './applications.sample.ts';

let api: TestApi;
const log = captureLog();
beforeAll(async () => {
  api = await createTestApi({ localHumanCheck: true });
});
afterAll(async () => {
  log.restore();
  await api.close();
});

describe('applications under a burst', () => {
  it(`10 applications of one applicant at once: ${LIMITS.formAttempts.limit} are stored, the rest 429`, async () => {
    const values = { ...sampleChargeCard(), a_email: 'burst.applicant@example.com' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => submit(api, 'charge-card', values, {}, `198.51.100.${i + 1}`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    const limit = LIMITS.formAttempts.limit;
    expect(statuses).toEqual([...Array(limit).fill(201), ...Array(10 - limit).fill(429)]);
    const stored = await api.db
      .selectFrom('applications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.count)).toBe(limit);
  });
});
