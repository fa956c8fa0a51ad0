// The geocoder's ceiling per network address under a burst: questions sent at once from one address
// get no more answers than the ceiling (checked and counted in one step, src/server/rate-limit.ts hit).
// On SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { LIMITS, record } from '../../server/rate-limit.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe('GET /geocode under a burst', () => {
  it('20 questions at once from an address 10 short of its ceiling: 10 answered, 10 OVER_QUERY_LIMIT', async () => {
    const ip = '198.51.100.60';
    const { limit } = LIMITS.geocodePerIp;
    await record(t.deps, ...Array.from({ length: limit - 10 }, () => `geocode-ip:${ip}`));
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.call('GET', '/geocode?address=16365', { ip })),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(10).fill(429)]);
    expect(answers.filter((answer) => answer.json.status === 'OVER_QUERY_LIMIT')).toHaveLength(10);
  });
});
