// The Netlify deploy (netlify.toml, DEPLOY_TARGET=netlify): runs the build command netlify.toml
// names, once, into its own folder, then checks what Netlify would deploy: the static pages, the
// function (and that it answers, run as Netlify runs it), the redirects and the headers. What only
// a real deploy shows is listed in docs/decisions/0006-netlify-deploy.md.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '../../src/lib/api-key';
import { ASSET_CACHE } from '../../src/lib/cache-policy.mjs';
import { netlifyHeadersFile } from '../../src/lib/security-headers.mjs';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const distDir = join(root, '.builds', 'netlify-test');
const functionDir = join(root, '.netlify', 'v1', 'functions', 'ssr');
const BUILD_TIMEOUT = 600_000; // a busy 2-core machine; the build takes about a minute alone

interface NetlifyToml {
  build: { command: string; publish: string; environment: Record<string, string> };
  redirects: { from: string; to: string; status: number }[];
  headers?: { for: string; values: Record<string, string> }[];
}
// Every third-party piece configured, so the test sees each origin go only where it is used.
const TURNSTILE = 'https://challenges.cloudflare.com';
const MAP_HOSTS = ['https://maps.example.test', 'https://tiles.example.test'];
const VIDEO_HOST = 'https://video.example.test';
const RECRUITING_HOST = 'https://jobs.example.test';
const configured = {
  PUBLIC_TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
  PUBLIC_MAP_STYLE_URL: `${MAP_HOSTS[0]}/style.json`,
  PUBLIC_MAP_HOSTS: MAP_HOSTS[1] as string,
  PUBLIC_VIDEO_EMBED_BASE: `${VIDEO_HOST}/embed/`,
  PUBLIC_RECRUITING_SCRIPT_URL: `${RECRUITING_HOST}/widget.js`,
};
const toml = parse(readFileSync(join(root, 'netlify.toml'), 'utf8')) as unknown as NetlifyToml;
const tmp = mkdtempSync(join(tmpdir(), 'kwikfill-netlify-'));

beforeAll(async () => {
  await run('sh', ['-c', toml.build.command], {
    cwd: root,
    env: {
      ...process.env,
      ...toml.build.environment,
      ...configured,
      PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH}`,
      DIST_DIR: distDir,
      ASTRO_CACHE_DIR: join(root, '.builds', 'netlify-cache'),
    },
    timeout: BUILD_TIMEOUT,
    maxBuffer: 64 * 1024 * 1024,
  });
}, BUILD_TIMEOUT);

// The function's folder holds a copy of node_modules: it must not outlive the test (type checks).
afterAll(() => {
  for (const dir of [distDir, join(root, '.netlify'), tmp]) rmSync(dir, { recursive: true, force: true });
});

/** A signing secret of the length the configuration asks for (src/server/config.ts). */
const APP_SECRET = 'test-secret-of-at-least-32-characters';

/** Calls the built function as Netlify does (a Request and a context), in a process of its own. */
async function callFunction(env: Record<string, string>, requests: { path: string; headers?: object }[]) {
  const script = `
    const { default: handler } = await import('./ssr.mjs');
    const out = [];
    for (const { path, headers } of ${JSON.stringify(requests)}) {
      const res = await handler(new Request('https://kwikfill.example' + path, { headers }), { ip: '203.0.113.9' });
      out.push({ status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() });
    }
    console.log(JSON.stringify(out));
    process.exit(0);`;
  const { stdout, stderr } = await run(process.execPath, ['--input-type=module', '-e', script], {
    cwd: functionDir,
    env: { PATH: process.env.PATH, HUMAN_CHECK: 'local', ...env },
    timeout: 60_000,
  });
  // The answers are the one line that is a JSON array; the others are the JSON log (src/server/log.ts).
  const answers = stdout.split('\n').find((line) => line.startsWith('['));
  return { answers: JSON.parse(answers ?? '[]'), output: stdout + stderr };
}

describe('netlify.toml', () => {
  it('builds with the Netlify adapter into the published folder', () => {
    expect(toml.build.environment.DEPLOY_TARGET).toBe('netlify');
    expect(toml.build.publish).toBe('dist'); // DIST_DIR's default: the build writes there
    expect(existsSync(join(distDir, 'index.html'))).toBe(true);
    expect(existsSync(join(distDir, 'page', 'rewards', 'index.html'))).toBe(true); // /page/{slug}
    expect(existsSync(join(distDir, 'fleet-fueling.html'))).toBe(true);
  });

  it('redirects /fleet-fueling to the static program page, as the Node server does', () => {
    expect(toml.redirects).toContainEqual(
      expect.objectContaining({ from: '/fleet-fueling', to: '/fleet-fueling.html', status: 302 }),
    );
  });

  it('redirects /contact-us permanently to the contact form, as the Node server does (SPEC 2.8)', () => {
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
    expect(file).toMatch(/^\/account\/\*\n {2}Cache-Control: private, no-store$/m);
    // The adapter writes the hashed assets' rule, the Node server's ASSET_CACHE.
    const config = JSON.parse(readFileSync(join(root, '.netlify', 'v1', 'config.json'), 'utf8'));
    const assets = config.headers.find((rule: { for: string }) => rule.for === '/_astro/*');
    expect(assets.values).toEqual({ 'Cache-Control': ASSET_CACHE });
    expect(file).not.toContain('/_astro/');
  });

  it('allows each third-party origin only on the pages that use it', () => {
    const config = JSON.parse(readFileSync(join(root, '.netlify', 'v1', 'config.json'), 'utf8'));
    const policies = new Map<string, string>(
      config.headers
        .filter((rule: { values: Record<string, string> }) => rule.values['Content-Security-Policy'])
        .map((rule: { for: string; values: Record<string, string> }) => [
          rule.for,
          rule.values['Content-Security-Policy'],
        ]),
    );
    const html = (path: string) =>
      readFileSync(
        [join(distDir, path, 'index.html'), join(distDir, `${path}.html`)].find((file) => existsSync(file)) ??
          join(distDir, path),
        'utf8',
      );
    const allowing = (origin: string) =>
      [...policies]
        .filter(([, policy]) => policy?.includes(origin))
        .map(([path]) => path)
        .sort();
    // The login form shows the human check only when the server asks for it (after failed tries).
    const humanCheckPages = [
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
    const config = JSON.parse(readFileSync(join(root, '.netlify', 'v1', 'config.json'), 'utf8'));
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

  it('answers the API and the on-demand pages from the function', async () => {
    const { answers } = await callFunction({ DATA_DIR: join(tmp, 'data'), APP_SECRET }, [
      { path: '/api/v1/health', headers: { 'X-API-Key': DEFAULT_API_KEY } },
      { path: '/api/v1/health' },
      { path: '/fleet-fueling' },
      { path: '/contact-us' },
      { path: '/account/no-such-screen' },
    ]);
    expect(answers[0]).toMatchObject({
      status: 200,
      body: JSON.stringify({ ok: true, database: 'sqlite', maintenance: false }),
    });
    expect(answers[0].headers['cache-control']).toBe('private, no-store');
    expect(answers[1].status).toBe(401);
    expect(JSON.parse(answers[1].body).error.code).toBeTruthy();
    expect(answers[2]).toMatchObject({ status: 302, headers: { location: '/fleet-fueling.html' } });
    expect(answers[3]).toMatchObject({ status: 301, headers: { location: '/help' } });
    // An unknown account address: the account area's not-found screen (SPEC 2.1).
    expect(answers[4].status).toBe(404);
    expect(answers[4].body).toContain('There is no account page at this address.');
  });

  it("sets the security headers, geolocation and no-store on the function's own answers", async () => {
    const { answers } = await callFunction({ DATA_DIR: join(tmp, 'data'), APP_SECRET }, [
      { path: '/stores' },
      { path: '/specials' },
      { path: '/frame/charge-card' },
      { path: '/api/v1/me', headers: { 'X-API-Key': DEFAULT_API_KEY } },
      { path: '/fleet-fueling' },
    ]);
    const [stores, specials, frame, me, redirect] = answers;
    for (const answer of answers) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000');
    }
    expect(stores.status).toBe(200);
    expect(stores.headers['permissions-policy']).toContain('geolocation=(self)');
    expect(stores.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    for (const host of MAP_HOSTS) expect(stores.headers['content-security-policy']).toContain(host);
    expect(stores.headers['content-security-policy']).not.toContain(TURNSTILE);
    expect(specials.headers['permissions-policy']).toContain('geolocation=()');
    for (const host of [...MAP_HOSTS, TURNSTILE]) {
      expect(specials.headers['content-security-policy']).not.toContain(host);
    }
    expect(frame.headers['cache-control']).toBe('no-store');
    // Shared at Netlify's CDN, tagged for the purge (docs/caching.md).
    expect(stores.headers['netlify-cdn-cache-control']).toMatch(/^public, durable, max-age=60,/);
    expect(stores.headers['netlify-cache-tag']).toBe('stores,prices');
    expect(specials.headers['netlify-cache-tag']).toBe('offers');
    expect(frame.headers['content-security-policy']).toContain(TURNSTILE);
    expect(me).toMatchObject({ status: 401, headers: { 'cache-control': 'private, no-store' } });
    expect(me.headers).not.toHaveProperty('netlify-cdn-cache-control');
    expect(me.headers['permissions-policy']).toContain('geolocation=()');
    expect(me.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(redirect.status).toBe(302);
  });

  it('answers 503 JSON and logs what to set when it has no writable disk and no DATABASE_URL', async () => {
    const file = join(tmp, 'a-file');
    writeFileSync(file, '');
    const { answers, output } = await callFunction({ DATA_DIR: join(file, 'data'), APP_SECRET }, [
      { path: '/api/v1/health', headers: { 'X-API-Key': DEFAULT_API_KEY } },
    ]);
    expect(answers[0].status).toBe(503);
    expect(JSON.parse(answers[0].body).error.code).toBe('unavailable');
    expect(output).toContain('set DATABASE_URL (PostgreSQL), APP_SECRET, APPLICATION_KEYS and SMTP_URL');
  });
});
