// The Netlify deploy (netlify.toml, DEPLOY_TARGET=netlify): the build netlify.toml names, made once
// for this file and tests/unit/netlify-runtime.test.ts (tests/support/netlify-build.ts: reused while
// its inputs are unchanged), checked as Netlify would deploy it: the static pages, the function (and
// that it answers, run as Netlify runs it), the redirects and the headers. What only a real deploy
// shows is listed in docs/decisions/0006-netlify-deploy.md.
// The function and the scheduled function run on a throwaway PostgreSQL (tests/support/with-postgres.sh)
// with the sample data, called as Netlify calls them: a Request and a context with the deploy
// context and waitUntil (tests/unit/netlify-runtime.test.ts serves the same build in Netlify's own
// runtime, `netlify serve --offline`, edge function included).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../src/features/account/account.sample.ts';
import { flatContact } from '../../src/features/contact/contact.sample.ts';
import { entryValues } from '../../src/features/giveaway/giveaway.sample.ts';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import { ASSET_CACHE } from '../../src/lib/cache-policy.ts';
import { MIN_DWELL_MS } from '../../src/lib/form-rules.ts';
import { netlifyHeadersFile } from '../../src/lib/security-headers.ts';
import { SQLITE_ON_NETLIFY } from '../../src/server/netlify-refusals.ts';
import { NETLIFY_TEST_HOSTS, netlifyBuild, netlifyOutput } from '../support/netlify-build.ts';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const { dist: distDir, functionDir, scheduledFunction } = netlifyOutput;
const configFile = join(netlifyOutput.frameworks, 'config.json');
const BUILD_TIMEOUT = 600_000; // a busy 2-core machine; the build takes about a minute alone

interface NetlifyToml {
  build: { command: string; publish: string; environment: Record<string, string> };
  redirects: { from: string; to: string; status: number }[];
  headers?: { for: string; values: Record<string, string> }[];
}
const {
  turnstile: TURNSTILE,
  map: MAP_HOSTS,
  video: VIDEO_HOST,
  recruiting: RECRUITING_HOST,
} = NETLIFY_TEST_HOSTS;
const toml = parse(readFileSync(join(root, 'netlify.toml'), 'utf8')) as unknown as NetlifyToml;
const tmp = mkdtempSync(join(tmpdir(), 'kwikfill-netlify-'));

beforeAll(() => netlifyBuild(), BUILD_TIMEOUT);

/**
 * Where the prerendered page at `path` is published: `/` as index.html, `/news` as news.html (served at
 * `/news`, its one address), `/fleet-fueling.html` as itself.
 */
const pageFile = (path: string) =>
  join(distDir, path === '/' ? 'index.html' : path.endsWith('.html') ? path : `${path}.html`);

// The build stays for the next run (.builds/ is outside the type checks); the test's own files go.
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A signing secret of the length the configuration asks for (src/server/config/). */
const APP_SECRET = 'test-secret-of-at-least-32-characters';
/**
 * What the configuration asks of every server (src/server/config/): the secret, and the keys
 * folder inside the test's own folder (not the function's). With DATABASE_URL also APPLICATION_KEYS.
 */
const base = (name: string) => ({ APP_SECRET, KEYS_DIR: join(tmp, `${name}-keys`) });
const APPLICATION_KEYS = `k1:${Buffer.alloc(32, 7).toString('base64')}`;

interface Call {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  /** JSON, or '$ticket:<form>' / '$token:<form>' fields filled from earlier answers by the script. */
  body?: Record<string, unknown>;
  /** Wait until the forms' dwell has passed since the first call (a ticket is accepted only then). */
  afterDwell?: boolean;
  /** Call the scheduled function instead of the site's function. */
  scheduled?: boolean;
}
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Calls the built function (and the bundled scheduled function) as Netlify does, in a process of
 * its own: a Request and a context (the client's address, the deploy context, waitUntil). Answers
 * each call's answer, and how many promises waitUntil was handed and whether they all settled.
 */
const SCRIPT = `
  const { default: handler } = await import('./ssr.mjs');
  const { calls, deployContext, scheduled, dwellMs } = JSON.parse(process.env.CALLS);
  const kept = [];
  const context = { ip: '203.0.113.9', deploy: { context: deployContext }, waitUntil: (p) => kept.push(p) };
  let ticketAt;
  const filled = {};
  const out = [];
  for (const call of calls) {
    if (call.afterDwell) await new Promise((r) => setTimeout(r, Math.max(0, ticketAt + dwellMs - Date.now())));
    const body = call.body && JSON.stringify(call.body, (_k, v) => (typeof v === 'string' && v.startsWith('$') ? filled[v] : v));
    const request = new Request('https://kwikfill.example' + call.path, { method: call.method, headers: call.headers, body });
    // The scheduled function runs minutes after the visitors' requests: their work is done by then.
    if (call.scheduled) await Promise.allSettled(kept);
    const run = call.scheduled ? (await import(scheduled)).default : handler;
    const res = await run(request, context);
    const answer = { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
    out.push(answer);
    const form = new URL(request.url).searchParams.get('form');
    if (form) filled['$ticket:' + form] = JSON.parse(answer.body).ticket;
    if (form) ticketAt ??= Date.now();
    if (call.path.endsWith('/human-check/local')) filled['$token:' + call.body.action] = JSON.parse(answer.body).token;
  }
  const settled = await Promise.allSettled(kept);
  // A file, not stdout: a long line on a pipe is cut off by process.exit.
  const { writeFileSync } = await import('node:fs');
  writeFileSync(process.env.RESULT_FILE, JSON.stringify({ answers: out, kept: kept.length, failed: settled.filter((s) => s.status === 'rejected').length }));
  process.exit(0);`;

async function callFunction(
  env: Record<string, string>,
  calls: Call[],
  { deployContext = 'production', before = '' } = {},
) {
  // With DATABASE_URL='postgres': on a throwaway cluster, seeded first (and `before`, an admin command).
  const onPostgres = env.DATABASE_URL === 'postgres';
  const bin = join(root, 'node_modules', '.bin');
  const command = onPostgres
    ? [
        'bash',
        [
          join(root, 'tests/support/with-postgres.sh'),
          'sh',
          '-c',
          `cd "${root}" && tsx scripts/seed.ts >/dev/null && ${before || 'true'} && cd "${functionDir}" && node --input-type=module -e "$SCRIPT"`,
        ],
      ]
    : [process.execPath, ['--input-type=module', '-e', SCRIPT]];
  const { DATABASE_URL: _, ...rest } = env;
  const resultFile = join(tmp, `result-${randomUUID()}.json`);
  const { stdout, stderr } = await run(command[0] as string, command[1] as string[], {
    cwd: functionDir,
    env: {
      PATH: `${bin}:${process.env.PATH}`,
      HUMAN_CHECK: 'local',
      ...(onPostgres ? rest : env),
      SCRIPT,
      RESULT_FILE: resultFile,
      CALLS: JSON.stringify({
        calls,
        deployContext,
        scheduled: scheduledFunction,
        dwellMs: MIN_DWELL_MS + 200,
      }),
    },
    timeout: 120_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  const result = JSON.parse(readFileSync(resultFile, 'utf8')) as {
    answers: Answer[];
    kept: number;
    failed: number;
  };
  return { ...result, output: stdout + stderr };
}

describe('netlify.toml', () => {
  it('builds with the Netlify adapter into the published folder', () => {
    expect(toml.build.environment.DEPLOY_TARGET).toBe('netlify');
    expect(toml.build.publish).toBe('dist'); // DIST_DIR's default: the build writes there
    expect(existsSync(join(distDir, 'index.html'))).toBe(true);
    expect(existsSync(pageFile('/page/rewards'))).toBe(true); // /page/{slug}
    expect(statSync(join(distDir, 'fleet-fueling.html')).isFile()).toBe(true);
  });

  it('redirects /fleet-fueling to the static program page, as the Node server does', () => {
    expect(toml.redirects).toContainEqual(
      expect.objectContaining({ from: '/fleet-fueling', to: '/fleet-fueling.html', status: 302 }),
    );
  });

  it('redirects /contact-us permanently to the contact form, as the Node server does (product.md 2.8)', () => {
    expect(toml.redirects).toContainEqual(
      expect.objectContaining({ from: '/contact-us', to: '/help', status: 301 }),
    );
  });

  it('sets no headers itself: the build writes them, from the rules the Node server uses', () => {
    // A header rule here would override the generated ones for its paths.
    expect(toml.headers ?? []).toEqual([]);
  });
});

describe('the Netlify build output', () => {
  it('writes _headers: security headers everywhere, no-store on personal pages, immutable assets', () => {
    const file = readFileSync(join(distDir, '_headers'), 'utf8');
    expect(file).toBe(netlifyHeadersFile());
    expect(file).toMatch(/^\/\*\n( {2}.+\n)* {2}X-Content-Type-Options: nosniff\n/m);
    expect(file).toContain('  Permissions-Policy: geolocation=(), ');
    expect(file).toContain('  Strict-Transport-Security: max-age=');
    expect(file).toMatch(/^\/account\/entries\n {2}Cache-Control: private, no-store$/m);
    // Shared pages under /account get no personal rule (cache-policy.ts SHARED_ACCOUNT_PAGES).
    expect(file).not.toMatch(/^\/account\/(\*|winners|giveaway)$/m);
    // The adapter writes the hashed assets' rule, the Node server's ASSET_CACHE.
    const config = JSON.parse(readFileSync(configFile, 'utf8'));
    const assets = config.headers.find((rule: { for: string }) => rule.for === '/_astro/*');
    expect(assets.values).toEqual({ 'Cache-Control': ASSET_CACHE });
    expect(file).not.toContain('/_astro/');
  });

  it('publishes each prerendered page once, as a file at its address without a trailing slash', () => {
    // Every prerendered page has its CSP in the adapter's config: the list of them.
    const config = JSON.parse(readFileSync(configFile, 'utf8'));
    const pages: string[] = config.headers
      .map((rule: { for: string }) => rule.for)
      .filter((path: string) => !path.includes('*'));
    expect(pages).toEqual(
      expect.arrayContaining(['/', '/news', '/account', '/account/login', '/page/rewards']),
    );
    for (const path of pages)
      expect(statSync(pageFile(path), { throwIfNoEntry: false })?.isFile(), path).toBe(true);
    // No folder's index.html but the home page's: Netlify serves one at `/news/` and sends `/news` there.
    const indexes = readdirSync(distDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
      /(^|\/)index\.html$/.test(file),
    );
    expect(indexes).toEqual(['index.html']);
    // The page names its one address, and so does the sitemap.
    expect(readFileSync(pageFile('/news'), 'utf8')).toMatch(
      /<link rel="canonical" href="https?:\/\/[^/"]+\/news">/,
    );
    const sitemap = readFileSync(join(distDir, 'sitemap-0.xml'), 'utf8');
    expect(sitemap).toMatch(/\/news<\/loc>/);
    expect(sitemap).not.toMatch(/<loc>https?:\/\/[^/<]+\/[^<]+\/<\/loc>/); // none with a trailing slash
  });

  it('allows each third-party origin only on the pages that use it', () => {
    const config = JSON.parse(readFileSync(configFile, 'utf8'));
    const policies = new Map<string, string>(
      config.headers
        .filter((rule: { values: Record<string, string> }) => rule.values['Content-Security-Policy'])
        .map((rule: { for: string; values: Record<string, string> }) => [
          rule.for,
          rule.values['Content-Security-Policy'],
        ]),
    );
    const html = (path: string) => readFileSync(pageFile(path), 'utf8');
    const allowing = (origin: string) =>
      [...policies]
        .filter(([, policy]) => policy?.includes(origin))
        .map(([path]) => path)
        .sort();
    // The login and forgot-password forms show the human check only when the server asks for it.
    const humanCheckPages = [
      '/account/forgot-password',
      '/account/giveaway',
      '/account/login',
      '/account/register',
      '/fleet-fueling.html',
    ];
    humanCheckPages.push('/gift-cards-balance', '/help', '/page/gift-cards-balance');
    expect(allowing(TURNSTILE)).toEqual(humanCheckPages.sort());
    for (const [path] of policies) {
      if (html(path).includes('class="human-check"')) expect(humanCheckPages, path).toContain(path);
    }
    // Only a page with a YouTube video allows the video host; the editors' videos are now self-hosted
    // clips or posters (content/videos.yaml, content/pages), so none does.
    expect(allowing(VIDEO_HOST)).toEqual([]);
    for (const [path] of policies) {
      expect(html(path).includes(VIDEO_HOST), path).toBe(allowing(VIDEO_HOST).includes(path));
    }
    expect(allowing(RECRUITING_HOST)).toEqual(['/careers', '/page/careers']);
    // The map pages are on-demand: no prerendered page names the map hosts.
    for (const host of MAP_HOSTS) expect(allowing(host)).toEqual([]);
  });

  it('gives each prerendered page its CSP as a header, with frame-ancestors, instead of a <meta>', () => {
    const config = JSON.parse(readFileSync(configFile, 'utf8'));
    const csp = (path: string) =>
      config.headers.find((rule: { for: string }) => rule.for === path)?.values['Content-Security-Policy'];
    for (const path of ['/', '/rewards', '/account/login']) {
      expect(csp(path), path).toMatch(/frame-ancestors 'self'.*script-src 'self'.*'sha256-/);
    }
    expect(readFileSync(join(distDir, 'index.html'), 'utf8')).not.toContain(
      'http-equiv="content-security-policy"',
    );
  });

  it('has one function for the API and on-demand pages, behind the static files', () => {
    const entry = readFileSync(join(functionDir, 'ssr.mjs'), 'utf8');
    expect(entry).toContain("path: '/*'");
    expect(entry).toContain('preferStatic: true');
  });

  it('refuses SQLite: the API answers 503 JSON naming DATABASE_URL, logged once', async () => {
    const health = { path: '/api/v1/health', headers: { 'X-API-Key': DEFAULT_API_KEY } };
    const { answers, output } = await callFunction({ DATA_DIR: join(tmp, 'data'), ...base('sqlite') }, [
      health,
      health,
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(answer.body).error).toMatchObject({
        code: 'unavailable',
        description: SQLITE_ON_NETLIFY,
      });
    }
    const logged = output
      .split('\n')
      .filter((line) => !line.startsWith('{"answers"') && line.includes(SQLITE_ON_NETLIFY));
    expect(logged).toHaveLength(1);
  });
});

describe('the Netlify function on PostgreSQL, with the sample data', () => {
  const key = { 'X-API-Key': DEFAULT_API_KEY };
  const json = { ...key, 'Content-Type': 'application/json' };
  const promotion = 'sample-free-gas-for-a-year';
  const outbox = join(tmp, 'outbox');
  let run: Awaited<ReturnType<typeof callFunction>>;
  let preview: Awaited<ReturnType<typeof callFunction>>;

  beforeAll(async () => {
    const env = {
      DATABASE_URL: 'postgres',
      ...base('pg'),
      APPLICATION_KEYS,
      OUTBOX_DIR: outbox,
      DATA_DIR: join(tmp, 'pg-data'),
    };
    const guard = (form: string) => [
      { path: `/api/v1/form-ticket?form=${form}`, headers: key },
      { path: '/api/v1/human-check/local', method: 'POST', headers: json, body: { action: form } },
    ];
    const contact = flatContact({ email: uniqueEmail('netlify'), subject: 'From the function' });
    run = await callFunction(env, [
      /* 0 */ { path: '/stores' },
      /* 1 */ { path: '/stores/1' },
      /* 2 */ { path: '/api/v1/store?size=2', headers: key },
      /* 3 */ { path: '/api/v1/promotion', headers: key },
      /* 4,5 */ ...guard('giveaway'),
      /* 6,7 */ ...guard('contact'),
      /* 8 */ {
        path: `/api/v1/promotion/${promotion}/entry`,
        method: 'POST',
        headers: json,
        afterDwell: true,
        body: {
          ...entryValues(uniqueEmail('entrant')),
          website: '',
          form_ticket: '$ticket:giveaway',
          human_check_token: '$token:giveaway',
        },
      },
      /* 9 */ {
        path: '/api/v1/contact',
        method: 'POST',
        headers: json,
        body: {
          ...contact,
          website: '',
          form_ticket: '$ticket:contact',
          human_check_token: '$token:contact',
        },
      },
      /* 10 */ {
        path: '/.netlify/functions/scheduled-work',
        method: 'POST',
        body: { next_run: '2026-05-01T14:05:00Z' },
        scheduled: true,
      },
      /* 11 */ { path: '/specials' },
      /* 12 */ { path: '/frame/charge-card' },
      /* 13 */ { path: '/api/v1/me', headers: key },
      /* 14 */ { path: '/fleet-fueling' },
      /* 15 */ { path: '/contact-us' },
      /* 16 */ { path: '/account/no-such-screen' },
    ]);
    // The same database marked as production's; a deploy preview given it refuses.
    preview = await callFunction(env, [{ path: '/api/v1/health', headers: key }], {
      deployContext: 'deploy-preview',
      before: 'tsx scripts/admin.ts db migrate --context production',
    });
  }, 240_000);

  it('renders /stores and a store page from the database, with the security headers', () => {
    const [stores, store] = run.answers;
    expect(stores?.status, run.output).toBe(200);
    expect(stores?.body).toContain('Store #1');
    expect(store?.status).toBe(200);
    for (const answer of [stores, store]) expect(answer?.headers['x-content-type-options']).toBe('nosniff');
    expect(stores?.headers['permissions-policy']).toContain('geolocation=(self)');
    // Their cache headers: whatever the pages set, the function passes on (the policy: docs/decisions/0012).
    for (const answer of [stores, store]) expect(answer?.headers['cache-control']).toBeTruthy();
  });

  it('answers the API reads with their cache headers', () => {
    const [, , list, promotionRead] = run.answers;
    expect(list?.status).toBe(200);
    expect(JSON.parse(list?.body ?? '{}').items).toHaveLength(2);
    expect(promotionRead?.status).toBe(200);
    for (const answer of [list, promotionRead]) expect(answer?.headers['cache-control']).toBeTruthy();
  });

  it('takes a giveaway entry end to end, and keeps the mail of a contact message alive with waitUntil', () => {
    const entry = run.answers[8];
    expect(entry?.status, entry?.body).toBe(201);
    expect(entry?.headers['cache-control']).toBe('private, no-store');
    const contact = run.answers[9];
    expect(contact?.status, contact?.body).toBe(201);
    // The department mail and the acknowledgement, sent after the answer, through waitUntil.
    expect(run.kept).toBeGreaterThan(0);
    expect(run.failed).toBe(0);
    expect(readdirSync(outbox).filter((file) => file.endsWith('.eml'))).toHaveLength(2);
  });

  it('runs the deferred work from the scheduled function', () => {
    const scheduled = run.answers[10];
    expect(scheduled?.status).toBe(200);
    // The queue's counts: the contact mails went through waitUntil already, nothing else was due.
    expect(JSON.parse(scheduled?.body ?? '{}')).toEqual({ done: 0, retry: 0, failed: 0 });
  });

  it("sets the security headers, geolocation and no-store on the function's own answers", () => {
    const [stores] = run.answers;
    const [specials, frame, me, redirect] = run.answers.slice(11);
    for (const answer of [stores, specials, frame, me, redirect]) {
      expect(answer?.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer?.headers['strict-transport-security']).toBe('max-age=31536000');
    }
    expect(stores?.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    for (const host of MAP_HOSTS) expect(stores?.headers['content-security-policy']).toContain(host);
    expect(stores?.headers['content-security-policy']).not.toContain(TURNSTILE);
    expect(specials?.headers['permissions-policy']).toContain('geolocation=()');
    for (const host of [...MAP_HOSTS, TURNSTILE]) {
      expect(specials?.headers['content-security-policy']).not.toContain(host);
    }
    expect(frame?.headers['cache-control']).toBe('no-store');
    // Shared at Netlify's CDN, tagged for the purge (docs/caching.md).
    expect(stores?.headers['netlify-cdn-cache-control']).toMatch(/^public, durable, max-age=86400,/);
    expect(stores?.headers['netlify-cache-tag']).toBe('stores,pages');
    expect(specials?.headers['netlify-cache-tag']).toBe('offers,pages');
    expect(frame?.headers['content-security-policy']).toContain(TURNSTILE);
    expect(me).toMatchObject({ status: 401, headers: { 'cache-control': 'private, no-store' } });
    expect(me?.headers).not.toHaveProperty('netlify-cdn-cache-control');
    expect(me?.headers['permissions-policy']).toContain('geolocation=()');
    expect(me?.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(redirect).toMatchObject({ status: 302, headers: { location: '/fleet-fueling.html' } });
  });

  it('redirects /contact-us permanently, and answers an unknown account address with its 404', () => {
    const [contactUs, account] = run.answers.slice(15);
    expect(contactUs).toMatchObject({ status: 301, headers: { location: '/help' } });
    // An unknown account address: the account area's not-found screen (product.md 2.1).
    expect(account?.status).toBe(404);
    expect(account?.body).toContain('There is no account page at this address.');
  });

  it("refuses production's database in a deploy preview", () => {
    const [health] = preview.answers;
    expect(health?.status, preview.output).toBe(503);
    expect(JSON.parse(health?.body ?? '{}').error.description).toContain(
      'This deploy-preview deploy was given the production database (DATABASE_URL)',
    );
  });

  it("limits each application file to what the platform's request body allows, and says so", () => {
    const client = readdirSync(join(distDir, '_astro')).filter((file) => file.endsWith('.js'));
    const texts = client.map((file) => readFileSync(join(distDir, '_astro', file), 'utf8'));
    expect(texts.some((text) => text.includes(String(2 * 1024 * 1024)))).toBe(true);
  });
});
