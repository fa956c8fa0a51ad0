import { Hono } from 'hono';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest';
import { createTestApi, type TestApi } from '../../tests/support/test-api.ts';
import { openDatabase } from './db/database.ts';
import { type AppEnv, createDeps } from './deps.ts';
import type { TrustProxy } from './ip.ts';
import { log } from './log.ts';
import { forget, giveBack, hit, hitAll, reached, record } from './rate-limit.ts';
import { clientAddress, clientIp } from './request.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const limit = { limit: 3, windowMs: 60_000 };

describe('rate limits in the database', () => {
  it('counts hits per key within a sliding window', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hit(t.deps, 'k1', limit));
    expect(results).toEqual([true, true, true, false]);
    expect(await hit(t.deps, 'k2', limit)).toBe(true);
    t.advance(60_001);
    expect(await hit(t.deps, 'k1', limit)).toBe(true);
  });

  it('holds across processes: a second connection to the same database sees the same hits', async () => {
    const other = openDatabase(t.config);
    try {
      const otherDeps = createDeps({ config: t.config, db: other.db, dbKind: other.kind, now: t.now });
      expect(await hit(t.deps, 'shared', limit)).toBe(true);
      expect(await hit(otherDeps, 'shared', limit)).toBe(true);
      expect(await hit(t.deps, 'shared', limit)).toBe(true);
      expect(await hit(otherDeps, 'shared', limit)).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('simultaneous requests cannot all slip under the limit', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => hit(t.deps, 'burst', limit)));
    expect(results.filter(Boolean)).toHaveLength(3);
  });
});

describe('several limits at once, and counters', () => {
  it('counts a hit for every key only when all are within their limits', async () => {
    const one = { key: 'all-a', limit: { limit: 2, windowMs: 60_000 } };
    const two = { key: 'all-b', limit: { limit: 5, windowMs: 60_000 } };
    expect(await hitAll(t.deps, [one, two])).toBeUndefined();
    expect(await hitAll(t.deps, [one, two])).toBeUndefined();
    expect(await hitAll(t.deps, [two, one])).toEqual(one);
    // The refused attempt counted nowhere: 'all-b' has room for exactly 3 more.
    for (let i = 0; i < 3; i++) expect(await hit(t.deps, 'all-b', two.limit)).toBe(true);
    expect(await hit(t.deps, 'all-b', two.limit)).toBe(false);
  });

  it('holds a burst of attempts sharing keys in any order: each limit passes exactly its count', async () => {
    const person = { key: 'order-person', limit: { limit: 3, windowMs: 60_000 } };
    const address = { key: 'order-address', limit: { limit: 30, windowMs: 60_000 } };
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) => hitAll(t.deps, n % 2 ? [person, address] : [address, person])),
    );
    expect(results.filter((over) => over === undefined)).toHaveLength(3);
    expect(await reached(t.deps, address.key, { limit: 3, windowMs: 60_000 })).toBe(true);
    expect(await reached(t.deps, address.key, { limit: 4, windowMs: 60_000 })).toBe(false);
  });

  it('gives back exactly the one hit recorded at a time', async () => {
    const check = { key: 'given-back', limit: { limit: 2, windowMs: 60_000 } };
    const at = t.now();
    await Promise.all([hitAll(t.deps, [check], at), hitAll(t.deps, [check], at)]);
    expect(await hitAll(t.deps, [check], at)).toEqual(check);
    await giveBack(t.deps, check.key, at);
    expect(await hitAll(t.deps, [check], at)).toBeUndefined();
    expect(await hitAll(t.deps, [check], at)).toEqual(check);
  });

  it('counts a key named twice in one call twice', async () => {
    const twice = { key: 'twice', limit: { limit: 3, windowMs: 60_000 } };
    expect(await hitAll(t.deps, [twice, twice])).toBeUndefined();
    expect(await reached(t.deps, 'twice', { limit: 2, windowMs: 60_000 })).toBe(true);
    expect(await reached(t.deps, 'twice', { limit: 3, windowMs: 60_000 })).toBe(false);
  });

  it('records without a limit, tells when a count is reached, and forgets a key', async () => {
    const three = { limit: 3, windowMs: 60_000 };
    await record(t.deps, 'fail-a', 'fail-b');
    await record(t.deps, 'fail-a');
    expect(await reached(t.deps, 'fail-a', three)).toBe(false);
    await record(t.deps, 'fail-a');
    expect(await reached(t.deps, 'fail-a', three)).toBe(true);
    expect(await reached(t.deps, 'fail-b', { limit: 1, windowMs: 60_000 })).toBe(true);
    await forget(t.deps, 'fail-a');
    expect(await reached(t.deps, 'fail-a', { limit: 1, windowMs: 60_000 })).toBe(false);
    expect(await reached(t.deps, 'fail-b', { limit: 1, windowMs: 60_000 })).toBe(true);
    t.advance(60_001);
    expect(await reached(t.deps, 'fail-b', { limit: 1, windowMs: 60_000 })).toBe(false);
  });
});

describe('the counts table', () => {
  const rows = (key: string) =>
    t.db.selectFrom('rate_limit_counts').select(['at', 'hits']).where('key', '=', key).execute();

  it('keeps one row per key and millisecond, with the number of hits', async () => {
    await record(t.deps, 'burst-row', 'burst-row');
    await record(t.deps, 'burst-row');
    t.advance(1);
    await record(t.deps, 'burst-row');
    expect((await rows('burst-row')).map((row) => Number(row.hits))).toEqual([3, 1]);
  });

  it('clears hits older than a day (src/server/sweep-schedule.ts says how often)', async () => {
    await record(t.deps, 'old-hit');
    t.advance(24 * 3_600_000 + 1);
    await record(t.deps, 'fresh-hit');
    expect(await rows('old-hit')).toEqual([]);
    expect(await rows('fresh-hit')).toHaveLength(1);
  });
});

describe('client address', () => {
  const RUN_TIME_WARNINGS = Symbol.for('kwikfill.run-time-warnings');
  let warn: MockInstance<(...args: unknown[]) => void>;
  beforeEach(() => {
    (globalThis as Record<symbol, Set<string> | undefined>)[RUN_TIME_WARNINGS]?.clear();
    warn = vi.spyOn(log, 'warn').mockImplementation(() => {}) as typeof warn;
  });
  afterEach(() => warn.mockRestore());

  /** Asks a tiny app for clientIp (and clientAddress) as the API sees them. */
  async function seen(
    settings: { trustProxy: TrustProxy; clientIpHeader?: string },
    peer: string | undefined,
    headers: Record<string, string> = {},
  ) {
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set('deps', { ...t.deps, config: { ...t.config, ...settings } });
        await next();
      })
      .get('/', (c) => c.json({ ip: clientIp(c) ?? null, address: clientAddress(c) ?? null }));
    const answer = await app.request('/', { headers }, { clientAddress: peer });
    return (await answer.json()) as { ip: string | null; address: string | null };
  }
  async function addressOf(
    trustProxy: TrustProxy | true,
    clientAddress: string | undefined,
    forwarded?: string,
  ) {
    const headers: Record<string, string> = forwarded ? { 'X-Forwarded-For': forwarded } : {};
    return (await seen({ trustProxy: trustProxy === true ? 1 : trustProxy }, clientAddress, headers)).ip;
  }

  it('comes from the socket; X-Forwarded-For is ignored unless TRUST_PROXY is set, with one warning', async () => {
    expect(await addressOf(false, '192.0.2.50')).toBe('192.0.2.50');
    expect(warn).not.toHaveBeenCalled();
    expect(await addressOf(false, '192.0.2.50', '10.0.0.1')).toBe('192.0.2.50');
    expect(await addressOf(false, '192.0.2.50', '10.0.0.2')).toBe('192.0.2.50');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toMatch(/^Requests carry X-Forwarded-For but TRUST_PROXY is off/);
  });

  it('behind a trusted proxy, is the last X-Forwarded-For entry', async () => {
    expect(await addressOf(true, '10.0.0.1', '1.1.1.1, 198.51.100.9')).toBe('198.51.100.9');
    expect(await addressOf(true, '10.0.0.1', ' , ')).toBe('10.0.0.1');
    expect(await addressOf(true, '10.0.0.1')).toBe('10.0.0.1');
    expect(warn).not.toHaveBeenCalled();
  });

  it('is found through hops, trusted ranges or a CDN header (a table of setups)', async () => {
    const xff = (value: string) => ({ 'X-Forwarded-For': value });
    // [setting, socket address, headers, the client address]
    const table: [
      { trustProxy: TrustProxy; clientIpHeader?: string },
      string,
      Record<string, string>,
      string,
    ][] = [
      // One server, nobody in front: the socket, whatever the headers say.
      [{ trustProxy: false }, '198.51.100.9', xff('1.1.1.1'), '198.51.100.9'],
      // nginx in front (one hop): the entry nginx added, the one just left of it spoofed.
      [{ trustProxy: 1 }, '127.0.0.1', xff('6.6.6.6, 198.51.100.9'), '198.51.100.9'],
      // CDN, then a load balancer (two hops): the entry the CDN added.
      [{ trustProxy: 2 }, '10.0.0.2', xff('6.6.6.6, 198.51.100.9, 203.0.113.50'), '198.51.100.9'],
      [{ trustProxy: 2 }, '10.0.0.2', xff('198.51.100.9, 203.0.113.50'), '198.51.100.9'],
      // Trusted ranges: the right-most address outside them, whatever the count of proxies.
      [
        { trustProxy: ['10.0.0.0/8', '203.0.113.0/24'] },
        '10.0.0.2',
        xff('6.6.6.6, 198.51.100.9, 203.0.113.50'),
        '198.51.100.9',
      ],
      [{ trustProxy: ['10.0.0.0/8'] }, '10.0.0.2', xff('6.6.6.6, 198.51.100.9, 10.1.2.3'), '198.51.100.9'],
      [{ trustProxy: ['10.0.0.0/8'] }, '10.0.0.2', {}, '10.0.0.2'],
      // A peer outside the ranges sent it straight: its own X-Forwarded-For is not believed.
      [{ trustProxy: ['10.0.0.0/8'] }, '198.51.100.77', xff('6.6.6.6'), '198.51.100.77'],
      [{ trustProxy: ['fd00::/8'] }, 'fd00::1', xff('2001:db8::7'), '2001:db8::7'],
      // A CDN's own header (Cloudflare, Netlify), when configured; without it, the usual rules.
      [
        { trustProxy: 1, clientIpHeader: 'cf-connecting-ip' },
        '10.0.0.2',
        { 'CF-Connecting-IP': '198.51.100.9', ...xff('6.6.6.6, 203.0.113.50') },
        '198.51.100.9',
      ],
      [
        { trustProxy: false, clientIpHeader: 'x-nf-client-connection-ip' },
        '10.0.0.2',
        { 'x-nf-client-connection-ip': '2001:db8::7' },
        '2001:db8::7',
      ],
      [
        { trustProxy: false, clientIpHeader: 'cf-connecting-ip' },
        '10.0.0.2',
        { 'CF-Connecting-IP': 'not an address' },
        '10.0.0.2',
      ],
      [
        { trustProxy: 1, clientIpHeader: 'cf-connecting-ip' },
        '10.0.0.2',
        xff('203.0.113.50'),
        '203.0.113.50',
      ],
    ];
    for (const [settings, peer, headers, expected] of table) {
      expect((await seen(settings, peer, headers)).address, JSON.stringify([settings, peer, headers])).toBe(
        expected,
      );
    }
  });

  it('counts an IPv6 client per /64 (an IPv4-mapped one as IPv4), while the address itself stays whole', async () => {
    const one = await seen({ trustProxy: false }, '2001:db8:1:2:aaaa::1');
    const other = await seen({ trustProxy: false }, '2001:db8:1:2:bbbb:cccc:dddd:eeee');
    expect(one).toEqual({ ip: '2001:db8:1:2::/64', address: '2001:db8:1:2:aaaa::1' });
    expect(other.ip).toBe(one.ip);
    expect((await seen({ trustProxy: false }, '2001:db8:1:3::1')).ip).toBe('2001:db8:1:3::/64');
    expect((await seen({ trustProxy: false }, '::ffff:192.0.2.1')).ip).toBe('192.0.2.1');
    expect((await seen({ trustProxy: false }, '192.0.2.1')).ip).toBe('192.0.2.1');
  });

  it('two IPv6 addresses of one /64 share the per-address ceiling of a public form', async () => {
    const api = await createTestApi({ localHumanCheck: true });
    try {
      // A fresh ticket (a new browser) each time: only the address ceiling is in play.
      const send = async (ip: string) =>
        api.call('POST', '/contact', { ip, body: { form_ticket: await api.ticket('contact') } });
      for (let i = 0; i < 30; i++) await send(i % 2 ? '2001:db8:5:6::1' : '2001:db8:5:6:ffff::2');
      expect((await send('2001:db8:5:6:1234::9')).status).toBe(429);
      expect((await send('2001:db8:5:7::1')).status).not.toBe(429);
    } finally {
      await api.close();
    }
  });

  it('is unknown (undefined, never a shared bucket) without a socket address, with one warning', async () => {
    expect(await addressOf(false, undefined)).toBeNull();
    expect(await addressOf(false, '')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[1]).toMatch(/without a client address: the per-address limits are skipped/);
  });
});
