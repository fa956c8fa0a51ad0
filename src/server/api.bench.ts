// `npm run bench`: argon2id hashing, and the API's answer time for sign-in and GET /me/profile
// through app.request() on SQLite (no network, no server: the API's own cost). The figures go into
// the bench report (bench/results/).
import { afterAll, beforeAll, test } from 'vitest';
import { writePart } from '../../bench/results.mjs';
import { createTestApi, type TestApi } from '../../tests/support/test-api.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

let t: TestApi;
let member: Awaited<ReturnType<TestApi['member']>>;
let storedHash: string;
beforeAll(async () => {
  t = await createTestApi({ databaseUrl: undefined });
  member = await t.member('bench@example.com', 'Bench1234');
  storedHash = await hashPassword('Bench1234');
});
afterAll(() => t.close());

async function expectStatus(answer: Promise<{ status: number }>, status: number) {
  const { status: got } = await answer;
  if (got !== status) throw new Error(`expected ${status}, got ${got}`);
}

interface Results {
  get(name: string): { throughput: { mean: number }; latency: { p50?: number; p99?: number } } | undefined;
}
const figures: Record<string, { perSecond: number; p50Ms?: number; p99Ms?: number }> = {};
const keep = (results: Results, names: string[]) => {
  for (const name of names) {
    const result = results.get(name);
    if (!result) continue;
    figures[name] = {
      perSecond: Math.round(result.throughput.mean),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
    };
  }
  writePart('api', { database: 'SQLite', inProcess: figures });
};

test('passwords: argon2id (m=19456 KiB, t=2, p=1)', async ({ bench }) => {
  const results = await bench.compare(
    bench('argon2id hash', async () => {
      await hashPassword('Bench1234');
    }),
    bench('argon2id verify', async () => {
      await verifyPassword(storedHash, 'Bench1234');
    }),
    { time: 2000 },
  );
  keep(results as unknown as Results, ['argon2id hash', 'argon2id verify']);
});

test('API on SQLite through app.request()', async ({ bench }) => {
  const results = await bench.compare(
    bench('POST /auth/login', async () => {
      // Move the clock past the 15-minute window so the rate limit never answers instead.
      t.advance(16 * 60 * 1000);
      await expectStatus(
        t.call('POST', '/auth/login', { body: { email: member.email, password: member.password } }),
        200,
      );
    }),
    bench('GET /me/profile', async () => {
      await expectStatus(t.call('GET', '/me/profile', { token: member.token }), 200);
    }),
    bench('GET /health', async () => {
      await expectStatus(t.call('GET', '/health'), 200);
    }),
    { time: 2000 },
  );
  keep(results as unknown as Results, ['POST /auth/login', 'GET /me/profile', 'GET /health']);
});
