// The Netlify deploy, built once for both of its tests (tests/unit/netlify-build.test.ts checks the
// output and calls the function; tests/unit/netlify-runtime.test.ts serves it in netlify-cli):
// netlify.toml's build command with its environment, in a copy of the project's files
// (.builds/netlify/site, with its own dist/ and .netlify/v1/, as Netlify's build folder), and
// netlify/functions/scheduled-work.mts bundled as Netlify bundles it (esbuild).
// A build is reused while what it was built from is the same: every file git knows, byte for byte,
// and the settings below. `npm test` builds it once (`npm run build:netlify`); a test file run alone
// builds it when it is missing or out of date, and two files started at once build it once (a lock).
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { parse } from 'smol-toml';
import { copyFiles, projectFiles } from './editing-copy.mjs';

const root = resolve(import.meta.dirname, '../..');
const home = join(root, '.builds', 'netlify');
const site = join(home, 'site');
const stamp = join(home, 'inputs.sha256');
const lock = join(root, '.builds', 'netlify.lock');
const BUILD_TIMEOUT = 600_000; // a busy 2-core machine; the build takes about a minute alone

/** Where the build is: the site's folder, the published folder, the function and the scheduled one. */
export const netlifyOutput = {
  site,
  dist: join(site, 'dist'),
  frameworks: join(site, '.netlify', 'v1'),
  functionDir: join(site, '.netlify', 'v1', 'functions', 'ssr'),
  scheduledFunction: join(home, 'scheduled-work.mjs'),
};

/** Every third-party piece configured, so the build test sees each origin go only where it is used. */
export const NETLIFY_TEST_HOSTS = {
  turnstile: 'https://challenges.cloudflare.com',
  map: ['https://maps.example.test', 'https://tiles.example.test'],
  video: 'https://video.example.test',
  recruiting: 'https://jobs.example.test',
};
const configured = {
  PUBLIC_TURNSTILE_SITE_KEY: '1x00000000000000000000AA',
  PUBLIC_MAP_STYLE_URL: `${NETLIFY_TEST_HOSTS.map[0]}/style.json`,
  PUBLIC_MAP_HOSTS: NETLIFY_TEST_HOSTS.map[1] as string,
  PUBLIC_VIDEO_EMBED_BASE: `${NETLIFY_TEST_HOSTS.video}/embed/`,
  PUBLIC_RECRUITING_SCRIPT_URL: `${NETLIFY_TEST_HOSTS.recruiting}/widget.js`,
};

interface NetlifyToml {
  build: { command: string; environment: Record<string, string> };
}

/**
 * The build's environment: the shell's, without a test runner's marks (vitest's NODE_ENV=test would
 * change what Vite builds), plus netlify.toml's and the configured pieces.
 */
function buildEnv(toml: NetlifyToml): NodeJS.ProcessEnv {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')),
  );
  return {
    ...env,
    ...toml.build.environment,
    ...configured,
    PATH: `${join(root, 'node_modules', '.bin')}:${process.env.PATH}`,
    DIST_DIR: 'dist', // netlify.toml's publish folder, whatever the shell says
    ASTRO_CACHE_DIR: join(root, '.builds', 'netlify-cache'),
  };
}

/** What the build is made from: the files git knows and the settings a build reads (PUBLIC_*, SITE_URL...). */
function inputs(files: string[], env: NodeJS.ProcessEnv): string {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(root, file)))
      .update('\0');
  const settings = Object.entries(env)
    .filter(([name]) => /^(PUBLIC_|SITE_URL$|DEPLOY_|KEYSTATIC_|RECRUITING_)/.test(name))
    .sort();
  return hash.update(JSON.stringify(settings)).update(process.version).digest('hex');
}

const readIfThere = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};
const built = (wanted: string) => readIfThere(stamp) === wanted;

/** One builder at a time across processes: a folder made atomically, holding its maker's pid. */
async function locked<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(join(root, '.builds'), { recursive: true });
  const deadline = Date.now() + BUILD_TIMEOUT;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) throw new Error(`${lock} held for too long`);
      // A lock whose maker has died is taken over (no pid yet: just made, or just given back).
      const pid = Number(readIfThere(join(lock, 'pid')) || 0);
      if (pid && !alive(pid)) rmSync(lock, { recursive: true, force: true });
      await new Promise((done) => setTimeout(done, 1000));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Builds the Netlify deploy unless the one in .builds/netlify was built from the same inputs. */
export async function netlifyBuild(): Promise<typeof netlifyOutput> {
  const toml = parse(readFileSync(join(root, 'netlify.toml'), 'utf8')) as unknown as NetlifyToml;
  const env = buildEnv(toml);
  const files = projectFiles();
  const wanted = inputs(files, env);
  if (built(wanted)) return netlifyOutput;
  await locked(async () => {
    if (built(wanted)) return; // built meanwhile by the other file
    rmSync(home, { recursive: true, force: true });
    copyFiles(site, files);
    await promisify(execFile)('sh', ['-c', toml.build.command], {
      cwd: site,
      env,
      timeout: BUILD_TIMEOUT,
      maxBuffer: 64 * 1024 * 1024,
    });
    await build({
      entryPoints: [join(site, 'netlify', 'functions', 'scheduled-work.mts')],
      outfile: netlifyOutput.scheduledFunction,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      packages: 'external',
      logLevel: 'error',
    });
    writeFileSync(stamp, wanted); // last: a build cut short is never taken for a finished one
  });
  return netlifyOutput;
}

if (import.meta.main) {
  const started = Date.now();
  await netlifyBuild();
  console.log(`Netlify build in ${netlifyOutput.site} (${Math.round((Date.now() - started) / 1000)} s)`);
}
