// Several servers on one database (docs/architecture.md, "The database"): a form ticket or human-check token one issued is
// accepted by another, and an application one sealed is opened by another (or the operator's
// command). They can, because a server of a set (PostgreSQL) is given the signing secret and the
// application keys, the same on every server, and refuses to start without them (config.ts).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, memoryLog, type TestApi } from '../../tests/support/test-api.ts';
import { SECRETS, sampleChargeCard } from '../features/applications/applications.sample.ts';
import { keyringFor } from '../features/applications/keys.server.ts';
import { openApplication, saveApplication } from '../features/applications/sealed-records.server.ts';
import { DEFAULT_API_KEY } from '../lib/api-key.ts';
import { createApp, registerJobs } from './app.ts';
import { loadConfig, prepareFiles } from './config/index.ts';
import { createDeps } from './deps.ts';
import { checkTicket, issueTicket } from './form-ticket.ts';
import { verifyHumanCheck } from './human-check/verify.ts';

let t: TestApi;
const dirs: string[] = [];
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(async () => {
  await t.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** What the operator gives every server of the set (the database is the test's own, t.db). */
const SET = {
  DATABASE_URL: 'postgres://app@db.internal/kwikfill',
  APP_SECRET: randomBytes(32).toString('base64url'),
  APPLICATION_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  HUMAN_CHECK: 'local',
};

/** One server: its own machine (data and keys folders), the shared database and settings. */
function server(environment: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'kwikfill-server-'));
  dirs.push(dir);
  const config = prepareFiles(
    loadConfig({ ...environment, DATA_DIR: join(dir, 'data'), KEYS_DIR: join(dir, 'keys') }),
  );
  const deps = createDeps({ config, db: t.db, dbKind: t.deps.dbKind, now: t.now, log: memoryLog().log });
  registerJobs(deps.jobs);
  const app = createApp(deps);
  const post = (path: string, body: unknown) =>
    app.request(
      `/api/v1${path}`,
      {
        method: 'POST',
        headers: { 'X-API-Key': DEFAULT_API_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      },
      { clientAddress: '203.0.113.7' },
    );
  const get = (path: string) =>
    app.request(
      `/api/v1${path}`,
      { headers: { 'X-API-Key': DEFAULT_API_KEY } },
      { clientAddress: '203.0.113.7' },
    );
  return { config, deps, get, post };
}

describe('two servers on one database', () => {
  it('accept each other’s form tickets and human-check tokens', async () => {
    const [one, other] = [server(SET), server(SET)];
    const { ticket } = (await (await one.get('/form-ticket?form=contact')).json()) as { ticket: string };
    const { token } = (await (await one.post('/human-check/local', { action: 'contact' })).json()) as {
      token: string;
    };
    t.advance(3000);
    expect(checkTicket(other.deps, 'contact', ticket)).toBeDefined();
    expect(await verifyHumanCheck(other.deps, { token, action: 'contact', ip: '203.0.113.7' })).toBe(true);
  });

  it('open each other’s sealed applications', async () => {
    const [one, other] = [server(SET), server(SET)];
    const saved = await saveApplication(t.db, keyringFor(one.config), {
      kind: 'charge-card',
      data: sampleChargeCard(),
      files: [],
      now: t.now(),
    });
    const opened = await openApplication(t.db, keyringFor(other.config), saved.reference);
    expect(opened?.data.a_ssn).toBe(SECRETS.ssnA);
  });

  it('cannot run on keys of their own: a server of a set without them refuses to start', () => {
    // Each with a secret of its own (a single machine's setting, on two machines), one server's
    // ticket is refused by the next: what the refusal below prevents.
    const { APP_SECRET: _, APPLICATION_KEYS: __, DATABASE_URL: ___, ...single } = SET;
    const [one, other] = [server(single), server(single)];
    const ticket = issueTicket(one.deps, 'contact');
    t.advance(3000);
    expect(checkTicket(one.deps, 'contact', ticket)).toBeDefined();
    expect(checkTicket(other.deps, 'contact', ticket)).toBeUndefined();
    expect(() => server({ ...single, DATABASE_URL: SET.DATABASE_URL })).toThrow(
      /APP_SECRET must be set with DATABASE_URL[\s\S]*APPLICATION_KEYS \(or APPLICATION_KEY_FILE\) must be set/,
    );
  });
});
