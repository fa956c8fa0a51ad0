// Purge on change (src/server/cdn-purge.ts): a local HTTP server on loopback stands in for
// Netlify's purge API, for a purge webhook and for Varnish's purge by tag (xkey). Each operator command that changes what public
// answers show purges its tags; a failed purge is reported with what to purge by hand, exit code 3,
// and queued: a server's worker tries it again with the queue's growing waits.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_TEST_TIMEOUT_MS, operatorCommandTests } from '../../tests/support/operator-commands.ts';
import type { TestApi } from '../../tests/support/test-api.ts';
import { seedStores } from '../features/locator/locator.seed.ts';
import { PURGE_JOB, purgeTags } from './cdn-purge.ts';
import { parseEnv } from './config/index.ts';
import { FINGERPRINT_REUSE_MS } from './data-fingerprint.ts';
import { runDueJobs } from './jobs/worker.ts';

interface Received {
  path: string;
  authorization?: string;
  body?: unknown;
  /** Only for Varnish's PURGE (no body): its tags. */
  xkey?: string;
}
let received: Received[] = [];
/** What happened, in order: the commands' waits for the servers and the purges received (below). */
let events: string[] = [];
let answerStatus = 200;
let server: Server;
let base: string;
let t: TestApi;
let dir: string;

const { adminWith: admin, adminProcess } = operatorCommandTests(async (api) => {
  t = api;
  await seedStores({ db: t.db, now: t.now() });
});
beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const xkey = req.headers['xkey-purge'];
      events.push('purge received');
      received.push({
        path: req.url ?? '',
        authorization: req.headers.authorization,
        ...(req.method === 'PURGE' ? { xkey: String(xkey) } : { body: JSON.parse(text) }),
      });
      res.writeHead(answerStatus).end();
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'kf-purge-'));
});
afterAll(async () => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  received = [];
  answerStatus = 200;
});

const netlify = () => ({
  NETLIFY_PURGE_TOKEN: 'purge-token',
  NETLIFY_SITE_ID: 'site-1',
  NETLIFY_API_URL: base,
});
const webhook = () => ({ PURGE_WEBHOOK_URL: `${base}/hook` });

describe('purgeTags', () => {
  it("calls Netlify's purge API by cache tag, with the token and the site", async () => {
    expect(await purgeTags(['stores', 'prices'], netlify())).toEqual({ status: 'purged', via: 'netlify' });
    expect(received).toEqual([
      {
        path: '/api/v1/purge',
        authorization: 'Bearer purge-token',
        body: { site_id: 'site-1', cache_tags: ['stores', 'prices'] },
      },
    ]);
  });

  it('calls the webhook with the tags when Netlify is not configured', async () => {
    expect(await purgeTags(['offers'], webhook())).toEqual({ status: 'purged', via: 'webhook' });
    expect(received).toEqual([{ path: '/hook', body: { tags: ['offers'] } }]);
  });

  it('does nothing without either, and reports a refusal or an unreachable hook as a failure', async () => {
    expect(await purgeTags(['offers'], {})).toEqual({ status: 'not-configured' });
    answerStatus = 500;
    expect(await purgeTags(['offers'], webhook())).toMatchObject({ status: 'failed', reason: /500/ });
    const gone = createServer();
    await new Promise<void>((done) => gone.listen(0, '127.0.0.1', done));
    const port = (gone.address() as AddressInfo).port;
    await new Promise((done) => gone.close(done));
    const closed = await purgeTags(['offers'], { PURGE_WEBHOOK_URL: `http://127.0.0.1:${port}/hook` });
    expect(closed).toMatchObject({ status: 'failed', reason: 'ECONNREFUSED' });
  });
});

/** An address nothing listens on. */
async function closedAddress(): Promise<string> {
  const gone = createServer();
  await new Promise<void>((done) => gone.listen(0, '127.0.0.1', done));
  const port = (gone.address() as AddressInfo).port;
  await new Promise((done) => gone.close(done));
  return `http://127.0.0.1:${port}`;
}

describe('purgeTags with Varnish (VARNISH_PURGE_URL)', () => {
  it('sends each address a PURGE with the tags in xkey-purge, space- or comma-separated addresses', async () => {
    const env = { VARNISH_PURGE_URL: `${base}/a ${base}/b,${base}/c` };
    expect(await purgeTags(['stores', 'prices'], env)).toEqual({ status: 'purged', via: 'varnish' });
    expect(received.map((r) => [r.path, r.xkey, r.body]).sort()).toEqual([
      ['/a', 'stores prices', undefined],
      ['/b', 'stores prices', undefined],
      ['/c', 'stores prices', undefined],
    ]);
  });

  it('purges beside the webhook', async () => {
    const env = { ...webhook(), VARNISH_PURGE_URL: base };
    expect(await purgeTags(['offers'], env)).toEqual({ status: 'purged', via: 'webhook and varnish' });
    expect(received).toHaveLength(2);
  });

  it('fails when any address fails, naming it', async () => {
    const closed = await closedAddress();
    const result = await purgeTags(['offers'], { VARNISH_PURGE_URL: `${base} ${closed}` });
    expect(result).toEqual({ status: 'failed', via: 'varnish', reason: `${closed}: ECONNREFUSED` });
    answerStatus = 403; // an address outside the VCL's purgers
    expect(await purgeTags(['offers'], { VARNISH_PURGE_URL: base })).toMatchObject({
      status: 'failed',
      reason: /403/,
    });
  });

  it('refuses an address that is not http(s)', () => {
    expect(parseEnv({ VARNISH_PURGE_URL: `${base} varnish:6081` }).issues.map((i) => i.name)).toEqual([
      'VARNISH_PURGE_URL',
    ]);
  });
});

const purged = () => received.map((r) => (r.body as { tags: string[] }).tags);

/**
 * A command purges only after every server has seen its change (the wait of purgeAfterChange, a
 * second and a quarter): that wait, asked of setTimeout, is recorded in `events` and ends at once
 * (every other timer runs as it is); the stand-in CDN records each purge it receives there too, so
 * the order shows.
 */
const CATCH_UP_MS = FINGERPRINT_REUSE_MS + 250;
beforeEach(() => {
  events = [];
  const realSetTimeout = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((
    run: () => void,
    ms?: number,
    ...rest: unknown[]
  ) => {
    if (ms !== CATCH_UP_MS) return realSetTimeout(run, ms, ...rest);
    events.push('waited for the servers');
    return realSetTimeout(run, 0);
  }) as typeof setTimeout);
  return () => vi.restoreAllMocks();
});

describe('operator commands', () => {
  it('purge the tags of what they change: stores, prices, offers, promotions', async () => {
    const stores = join(dir, 'stores.csv');
    writeFileSync(
      stores,
      'store_number,addr1,city,state,zip,lat,lon,gas_price\n1,1 Main St,Warren,PA,16365,41.84,-79.14,3.499\n',
    );
    const prices = join(dir, 'prices.csv');
    writeFileSync(prices, 'store_number,gas_price,diesel_price\n1,3.459,\n');
    const offers = join(dir, 'offers.csv');
    writeFileSync(
      offers,
      'title,description,price,image,category,starts_on,ends_on,display_order\n' +
        "Chicken Box,Eight pieces,$12.99,/media/offers/chicken-box.svg,Charlie Biggs' Chicken,2026-05-01,2026-06-30,1\n",
    );
    const steps: [string[], string[]][] = [
      [
        ['stores', 'import', stores],
        ['stores', 'prices'],
      ],
      [['stores', 'prices', prices], ['prices']],
      [['offers', 'import', offers], ['offers']],
      [
        [
          'promotion',
          'create',
          '--id',
          'cdn',
          '--title',
          'T',
          '--prize',
          'P',
          '--value',
          '5',
          '--starts',
          '2026-03-01',
          '--ends',
          '2026-04-15',
        ],
        ['promotions'],
      ],
      [['promotion', 'edit', 'cdn', '--title', 'U'], ['promotions']],
      [['promotion', 'end', 'cdn'], ['promotions']],
    ];
    for (const [args, tags] of steps) {
      received = [];
      events = [];
      const answer = await admin(webhook(), ...args);
      expect(answer.code, `${args.join(' ')}: ${answer.stderr}`).toBe(0);
      expect(events, args.join(' ')).toEqual(['waited for the servers', 'purge received']);
      expect(purged(), args.join(' ')).toEqual([tags]);
      expect(answer.stdout).toContain(`CDN purged (webhook): ${tags.join(', ')}`);
    }
  });

  it('purge nothing on a dry run', async () => {
    const prices = join(dir, 'dry.csv');
    writeFileSync(prices, 'store_number,gas_price,diesel_price\n1,3.499,\n');
    expect((await admin(webhook(), 'stores', 'prices', prices, '--dry-run')).code).toBe(0);
    expect(received).toEqual([]);
  });

  // As a process of its own (tsx, as `npm run admin` runs it): its exit code is the process's.
  it(
    'report a failed purge: the change is saved, what to purge by hand is said, exit code 3',
    async () => {
      answerStatus = 503;
      const prices = join(dir, 'later.csv');
      writeFileSync(prices, 'store_number,gas_price,diesel_price\n1,3.399,\n');
      const answer = await adminProcess(webhook(), 'stores', 'prices', prices);
      expect(answer.code).toBe(3);
      expect(answer.stdout).toContain('prices updated for 1 stores');
      expect(answer.stderr).toContain('warning: the change is saved, but the CDN purge (webhook) failed');
      expect(answer.stderr).toContain('npm run admin -- cdn purge prices');
      expect(answer.stderr).toContain('It is queued');
      // The queued purge: retried by a server's worker.
      const job = await t.db.selectFrom('jobs').selectAll().where('kind', '=', PURGE_JOB).executeTakeFirst();
      expect(JSON.parse(String(job?.payload))).toEqual({ tags: ['prices'] });
      received = [];
      vi.stubEnv('PURGE_WEBHOOK_URL', `${base}/hook`);
      try {
        await t.db.updateTable('jobs').set({ run_after: 0 }).where('kind', '=', PURGE_JOB).execute();
        expect(await runDueJobs(t.deps, { ids: [String(job?.id)] })).toMatchObject({ retry: 1 });
        answerStatus = 200;
        await t.db.updateTable('jobs').set({ run_after: 0 }).where('kind', '=', PURGE_JOB).execute();
        expect(await runDueJobs(t.deps, { ids: [String(job?.id)] })).toMatchObject({ done: 1 });
      } finally {
        vi.unstubAllEnvs();
      }
      expect(purged()).toEqual([['prices'], ['prices']]);
      const store = await t.db
        .selectFrom('stores')
        .select('gas_price')
        .where('store_number', '=', '1')
        .executeTakeFirst();
      expect(store?.gas_price).toBe('3.399');
    },
    ADMIN_TEST_TIMEOUT_MS,
  );

  it('queue a failed Varnish purge, which a server retries until every Varnish confirms', async () => {
    const closed = await closedAddress();
    const prices = join(dir, 'varnish.csv');
    writeFileSync(prices, 'store_number,gas_price,diesel_price\n1,3.389,\n');
    await t.db.deleteFrom('jobs').where('kind', '=', PURGE_JOB).execute();
    const answer = await admin({ VARNISH_PURGE_URL: `${base},${closed}` }, 'stores', 'prices', prices);
    expect(answer.code).toBe(3);
    expect(answer.stderr).toContain(`the CDN purge (varnish) failed: ${closed}: ECONNREFUSED`);
    expect(received.map((r) => r.xkey)).toEqual(['prices']);
    const job = await t.db.selectFrom('jobs').selectAll().where('kind', '=', PURGE_JOB).executeTakeFirst();
    received = [];
    vi.stubEnv('VARNISH_PURGE_URL', base);
    try {
      await t.db.updateTable('jobs').set({ run_after: 0 }).where('kind', '=', PURGE_JOB).execute();
      expect(await runDueJobs(t.deps, { ids: [String(job?.id)] })).toMatchObject({ done: 1 });
    } finally {
      vi.unstubAllEnvs();
    }
    expect(received.map((r) => r.xkey)).toEqual(['prices']);
  });

  it('purge by hand with cdn purge', async () => {
    const answer = await admin(netlify(), 'cdn', 'purge', 'stores', 'prices');
    expect(answer.code).toBe(0);
    expect(received.map((r) => r.body)).toEqual([{ site_id: 'site-1', cache_tags: ['stores', 'prices'] }]);
    expect((await admin(netlify(), 'cdn', 'purge', 'nonsense')).code).toBe(2);
  });
});
