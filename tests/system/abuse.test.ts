// Abuse against the BUILT server as a real process (docs/decisions/0008, first parts), on SQLite and
// on PostgreSQL (under tests/support/with-postgres.sh): password guessing is throttled without locking
// the owner out; 200 simultaneous entries of one person on one day store exactly one; 1,000
// simultaneous entries of different people store all. Visitors arrive as a crowd behind a proxy
// (TRUST_PROXY=1, an X-Forwarded-For address each) and go through the real public-form guard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, uniqueEmail } from '../../src/features/account/account.sample.ts';
import { entryValues } from '../../src/features/giveaway/giveaway.sample.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { type BuiltServer, startBuiltServer } from '../support/built-server.mjs';
import { skipWithoutPostgres } from '../support/requirements.ts';
import {
  API,
  apiHeaders,
  formTicket,
  freshPostgresDatabase,
  humanCheckToken,
  prepareAll,
  prepareEntry,
  SAMPLE_PROMOTION,
  type Submission,
  submit,
  visitorAddress,
} from './helpers.ts';

type Result = Awaited<ReturnType<typeof submit>>;

const login = (server: BuiltServer, address: string, body: Record<string, unknown>) =>
  fetch(`${server.base}${API}/auth/login`, {
    method: 'POST',
    headers: apiHeaders(address),
    body: JSON.stringify(body),
  }).then(async (answer) => ({
    status: answer.status,
    body: (await answer.json()) as { error?: { code: string } },
  }));

const statusCounts = (results: Result[]) => {
  const counts: Record<string, number> = {};
  for (const result of results) {
    const key = 'status' in result ? String(result.status) : `error ${result.error.message}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

/** The sample promotion's stored entries, read from the server's database. */
async function storedEntries(server: BuiltServer, emails?: string[]): Promise<number> {
  const handle = openDatabase({ databaseUrl: server.env.DATABASE_URL, dataDir: server.dataDir });
  try {
    let query = handle.db
      .selectFrom('giveaway_entries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('promotion_id', '=', SAMPLE_PROMOTION);
    if (emails) query = query.where('email', 'in', emails);
    return Number((await query.executeTakeFirstOrThrow()).count);
  } finally {
    await handle.close();
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.each([
  ['SQLite', false],
  ['PostgreSQL', true],
])('abuse of the built server on %s', (_name, postgres) => {
  let server: BuiltServer;
  const skip = postgres && skipWithoutPostgres();

  // Behind a proxy, with the sample data.
  beforeAll(async () => {
    if (skip) return;
    const database = postgres ? await freshPostgresDatabase() : undefined;
    if (database) cleanups.push(database.drop);
    server = await startBuiltServer({
      seed: true,
      env: { TRUST_PROXY: '1', ...(database ? { DATABASE_URL: database.url } : {}) },
    });
    cleanups.push(() => server.close());
  });

  it.skipIf(skip)(
    'throttles password guessing, and the owner still signs in with the human check',
    async () => {
      const guesser = visitorAddress(1);
      const wrong = { email: DEMO_ACCOUNT.email, password: 'Guess1234' };
      // Five wrong passwords for the address, then the human check is asked for before any password.
      for (let i = 0; i < 5; i++) expect((await login(server, guesser, wrong)).status).toBe(401);
      const asked = await login(server, guesser, wrong);
      expect(asked).toMatchObject({ status: 403, body: { error: { code: 'human_check_required' } } });
      // The same from anywhere else: it is the address under attack that is protected.
      const owner = visitorAddress(2);
      expect((await login(server, owner, { ...wrong, password: DEMO_ACCOUNT.password })).status).toBe(403);
      // A forged check fails; a passed check with a wrong password is still refused.
      const forged = await login(server, guesser, { ...wrong, human_check_token: 'local.login.1.x.y' });
      expect(forged).toMatchObject({ status: 400, body: { error: { code: 'human_check_failed' } } });
      const checked = { ...wrong, human_check_token: await humanCheckToken(server.base, 'login', guesser) };
      expect((await login(server, guesser, checked)).status).toBe(401);
      // The owner: right password and a passed check sign in.
      const token = await humanCheckToken(server.base, 'login', owner);
      const signedIn = await login(server, owner, {
        ...wrong,
        password: DEMO_ACCOUNT.password,
        human_check_token: token,
      });
      expect(signedIn.status).toBe(200);
    },
  );

  it.skipIf(skip)(
    'a flood from one address is cut at 100 attempts in 15 minutes, even all at once',
    async () => {
      const flooder = visitorAddress(3);
      const answers = await Promise.all(
        Array.from({ length: 130 }, (_, i) =>
          login(server, flooder, { email: `guess${i}@example.com`, password: 'Guess1234' }),
        ),
      );
      const counts = statusCounts(answers as Result[]);
      expect(counts['429'], JSON.stringify(counts)).toBe(30);
      // Under the ceiling: refused passwords (401), then, after 20 failures, the check asked for (403).
      expect((counts['401'] ?? 0) + (counts['403'] ?? 0), JSON.stringify(counts)).toBe(100);
      expect(answers.find((answer) => answer.status === 429)?.body.error?.code).toBe('rate_limited');
    },
  );

  it.skipIf(skip)('200 simultaneous entries of one person on one day store exactly one', async () => {
    const email = uniqueEmail('eager');
    // 200 browsers (a ticket and an address each), the same person.
    const prepared = await prepareAll(200, async (n): Promise<Submission> => {
      const address = visitorAddress(10_000 + n);
      const [form_ticket, human_check_token] = await Promise.all([
        formTicket(server.base, 'giveaway', address),
        humanCheckToken(server.base, 'giveaway', address),
      ]);
      const body = { ...entryValues(email), website: '', form_ticket, human_check_token };
      return { n, path: `${API}/promotion/${SAMPLE_PROMOTION}/entry`, address, body };
    });
    const results = await Promise.all(prepared.map((s) => submit(server.base, s)));
    const counts = statusCounts(results);
    expect(counts['201'], JSON.stringify(counts)).toBe(1);
    // The rest: the once-a-day rule (409) or the per-person limit of 3 attempts an hour (429).
    expect((counts['409'] ?? 0) + (counts['429'] ?? 0), JSON.stringify(counts)).toBe(199);
    expect(await storedEntries(server, [email])).toBe(1);
  });

  it.skipIf(skip)('1,000 simultaneous entries of different people store all', async () => {
    const before = await storedEntries(server);
    const prepared = await prepareAll(1000, (n) => prepareEntry(server.base, 20_000 + n));
    const results = await Promise.all(prepared.map((s) => submit(server.base, s)));
    expect(statusCounts(results)).toEqual({ 201: 1000 });
    expect(await storedEntries(server)).toBe(before + 1000);
    expect(
      await storedEntries(
        server,
        prepared.map((s) => String(s.body.email)),
      ),
    ).toBe(1000);
  });
});
