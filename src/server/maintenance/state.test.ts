// The maintenance switch in the API: 503 JSON for everyone but operators, the health check saying
// so, the one-time operator link (hashed, single use, 15 minutes), and a switch that takes effect
// within a second without a restart.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi } from '../../../tests/support/test-api.ts';
import { sha256 } from '../tokens.ts';
import {
  createOperatorPass,
  forgetMaintenanceState,
  MAINTENANCE_ERROR,
  maintenanceState,
  PASS_LIFETIME_MS,
  readMaintenance,
  STATE_TTL_MS,
  setMaintenance,
} from './state.ts';

let api: Awaited<ReturnType<typeof createTestApi>>;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());
afterEach(async () => {
  await setMaintenance(api.db, false, api.now());
  delete process.env.MAINTENANCE;
});

/** Opens the operator link as a browser would: no API key. */
const openLink = (token: string) =>
  api.app.request(`/api/v1/maintenance/pass?token=${encodeURIComponent(token)}`, {}, {});
const cookieOf = (response: Response) => (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

describe('maintenance switch', () => {
  it('off: the API answers as usual and the health check says so', async () => {
    expect((await api.call('GET', '/store?size=1')).status).toBe(200);
    expect((await api.call('GET', '/health')).json).toMatchObject({ ok: true, maintenance: false });
  });

  it('on: every call answers 503 JSON with Retry-After and no-store; health reports maintenance', async () => {
    await setMaintenance(api.db, true, api.now());
    for (const [method, path] of [
      ['GET', '/store?size=1'],
      ['GET', '/nothing-here'],
      ['POST', '/contact'],
    ] as const) {
      const answer = await api.call(method, path, { body: {} });
      expect(answer.status, `${method} ${path}`).toBe(503);
      expect(answer.json).toEqual({
        error: { code: MAINTENANCE_ERROR.code, description: MAINTENANCE_ERROR.description },
      });
      expect(answer.headers.get('retry-after')).toBe('300');
      expect(answer.headers.get('cache-control')).toBe('private, no-store');
    }
    const health = await api.call('GET', '/health');
    expect(health.status).toBe(200);
    expect(health.json).toMatchObject({ ok: true, maintenance: true });
  });

  it("on: a page's own reads in this process pass, as the page did (an operator's /stores)", async () => {
    await setMaintenance(api.db, true, api.now());
    const request = () =>
      new Request('http://in-process/api/v1/store?size=1', {
        headers: { 'X-API-Key': api.config.publicApiKey },
      });
    expect((await api.app.fetch(request(), {})).status).toBe(503);
    expect((await api.app.fetch(request(), { inProcess: true })).status).toBe(200);
  });

  it('takes effect within a second without a restart (another process writes the switch)', async () => {
    expect((await api.call('GET', '/store?size=1')).status).toBe(200);
    // As the operator command does from its own process: straight into the database.
    await api.db
      .insertInto('site_settings')
      .values({ name: 'maintenance', value: String(api.now()), updated_at: api.now() })
      .execute();
    expect((await api.call('GET', '/store?size=1')).status).toBe(200); // still the read of a moment ago
    api.advance(STATE_TTL_MS);
    // The call past the second starts the new read (and may still get the state of a moment ago).
    await expect.poll(async () => (await api.call('GET', '/store?size=1')).status).toBe(503);
  });

  it('once known, a request never waits for the database: while a read hangs, the last state holds', async () => {
    let answer: (() => Promise<{ value: string } | undefined>) | undefined = async () => undefined;
    let reads = 0;
    const db = {
      selectFrom: () => ({
        select: () => ({
          where: () => ({
            executeTakeFirst: () => {
              reads++;
              return answer ? answer() : new Promise<never>(() => {});
            },
          }),
        }),
      }),
    } as unknown as Parameters<typeof maintenanceState>[0]['db'];
    let now = 0;
    const deps = { db, now: () => now };
    expect(await maintenanceState(deps)).toEqual({ on: false, since: 0 });
    answer = undefined; // the database stops answering
    now += STATE_TTL_MS;
    expect(await maintenanceState(deps)).toEqual({ on: false, since: 0 });
    now += 10 * STATE_TTL_MS;
    expect(await maintenanceState(deps)).toEqual({ on: false, since: 0 });
    expect(reads).toBe(2); // one read under way at a time, never a pile of them
  });

  it('an operator link opens the API for that browser; it works once and is stored hashed', async () => {
    await setMaintenance(api.db, true, api.now());
    const token = await createOperatorPass(api.db, api.now());
    const stored = await api.db.selectFrom('operator_passes').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).toContain(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const opened = await openLink(token);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe('/');
    expect(opened.headers.get('set-cookie')).toMatch(
      /^kf_operator=[^;]+; Path=\/; Max-Age=43200; HttpOnly; SameSite=Lax$/,
    );
    const cookie = cookieOf(opened);
    const seen = await api.call('GET', '/store?size=1', { headers: { Cookie: cookie } });
    expect(seen.status).toBe(200);
    // What an operator sees through maintenance is kept by no cache: a CDN would show it to all.
    expect(seen.headers.get('cache-control')).toBe('private, no-store');
    expect(seen.headers.get('cdn-cache-control')).toBeNull();
    expect(seen.headers.get('cache-tag')).toBeNull();
    expect((await api.call('GET', '/store?size=1')).status).toBe(503);

    const again = await openLink(token);
    expect(again.status).toBe(403);
    expect((await again.json()).error.code).toBe('invalid_operator_pass');
  });

  it('refuses a forged, expired or foreign cookie and an expired or unknown link', async () => {
    await setMaintenance(api.db, true, api.now());
    const cookie = cookieOf(await openLink(await createOperatorPass(api.db, api.now())));
    const [name, value = ''] = cookie.split('=');
    const [since, expires, signature] = value.split('.');
    const forged = `${name}=${since}.${Number(expires) + 1000}.${signature}`;
    expect((await api.call('GET', '/store?size=1', { headers: { Cookie: forged } })).status).toBe(503);

    const late = await createOperatorPass(api.db, api.now());
    api.advance(PASS_LIFETIME_MS + 1);
    expect((await openLink(late)).status).toBe(403);
    expect((await openLink('x'.repeat(43))).status).toBe(403);
    expect((await openLink('')).status).toBe(403);

    // A new maintenance (off, then on again) needs a new link.
    await setMaintenance(api.db, false, api.now());
    api.advance(1);
    await setMaintenance(api.db, true, api.now());
    expect((await api.call('GET', '/store?size=1', { headers: { Cookie: cookie } })).status).toBe(503);

    // And the cookie ends after its 12 hours.
    const fresh = cookieOf(await openLink(await createOperatorPass(api.db, api.now())));
    api.advance(12 * 60 * 60 * 1000);
    forgetMaintenanceState(api.db);
    expect((await api.call('GET', '/store?size=1', { headers: { Cookie: fresh } })).status).toBe(503);
  });

  it('a pass opened while maintenance is off sets no cookie, so it opens no later MAINTENANCE=1', async () => {
    const token = await createOperatorPass(api.db, api.now());
    const opened = await openLink(token);
    expect(opened.status).toBe(403);
    expect((await opened.json()).error.code).toBe('invalid_operator_pass');
    expect(opened.headers.get('set-cookie')).toBeNull();
    // Even a cookie signed for "since 0" would open MAINTENANCE=1: none was given.
    process.env.MAINTENANCE = '1';
    forgetMaintenanceState(api.db);
    const cookie = cookieOf(opened);
    expect((await api.call('GET', '/store?size=1', { headers: { Cookie: cookie } })).status).toBe(503);
  });

  it('a pass counts for the maintenance it was made for only', async () => {
    await setMaintenance(api.db, true, api.now());
    const made = await createOperatorPass(api.db, api.now());
    // Switched off and on again within the pass's 15 minutes: another maintenance.
    api.advance(1000);
    await setMaintenance(api.db, false, api.now());
    expect((await openLink(made)).status).toBe(403);
    api.advance(1000);
    await setMaintenance(api.db, true, api.now());
    const refused = await openLink(made);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('set-cookie')).toBeNull();
    // The link names its maintenance, and the stored hash covers that name: it cannot be edited.
    const [, secret] = made.split('.');
    const { since } = await readMaintenance(api.db);
    expect((await openLink(`${since}.${secret}`)).status).toBe(403);
    // A pass of this maintenance opens it; MAINTENANCE=1 (since 0) takes a pass made for it.
    expect((await openLink(await createOperatorPass(api.db, api.now()))).status).toBe(303);
    await setMaintenance(api.db, false, api.now());
    process.env.MAINTENANCE = '1';
    forgetMaintenanceState(api.db);
    const forEnvironment = await openLink(await createOperatorPass(api.db, api.now()));
    expect(forEnvironment.status).toBe(303);
    const cookie = cookieOf(forEnvironment);
    expect((await api.call('GET', '/store?size=1', { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it('MAINTENANCE=1 holds it on without the setting; off again, the API answers', async () => {
    process.env.MAINTENANCE = '1';
    forgetMaintenanceState(api.db);
    expect(await readMaintenance(api.db)).toMatchObject({ on: true, source: 'environment' });
    expect((await api.call('GET', '/store?size=1')).status).toBe(503);
    delete process.env.MAINTENANCE;
    forgetMaintenanceState(api.db);
    expect((await api.call('GET', '/store?size=1')).status).toBe(200);
  });
});
