// Starts the BUILT site (dist/http/serve.mjs, from src/server/http/) as a child process on a spare loopback port,
// the way production runs it: for the benchmarks (bench/) and the system tests (tests/system/),
// which need a real process to load, kill and restart. One way to do it, so every caller gets the
// same readiness check, output capture and clean-up. `npm run build` must have run first.
import { execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { distDir } from '../../src/server/http/dist-dir.ts';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../src/server/http/node-flags.ts';

/** A free TCP port on loopback. */
export const sparePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/**
 * @typedef {object} BuiltServer
 * @property {string} base  http://127.0.0.1:<port>
 * @property {string} dataDir  the data folder (SQLite file, keys) the server uses
 * @property {Record<string, string>} env  the environment it was started with
 * @property {import('node:child_process').ChildProcess} child
 * @property {() => string} output  everything it printed so far (stdout and stderr)
 * @property {() => number} rssMb  its resident memory now (VmRSS), in MB
 * @property {Promise<number | null>} exited  resolves the exit code when the process ends by itself
 *   (null when killed by a signal), e.g. a start that fails
 * @property {(signal?: NodeJS.Signals) => Promise<number | null>} stop  signal it (SIGTERM by default)
 *   and wait for the exit; resolves the exit code (null when killed by the signal)
 * @property {() => Promise<BuiltServer>} restart  start again on the same data folder and port
 * @property {() => Promise<void>} close  stop it and delete a data folder it created
 */

/**
 * Starts the built server.
 * @param {object} [options]
 * @param {Record<string, string | undefined>} [options.env]  added to the environment; DATABASE_URL is
 *   removed (SQLite in a throwaway data folder) unless given here
 * @param {boolean} [options.seed]  load the sample data first (`scripts/seed.ts --if-empty`)
 * @param {string} [options.dataDir]  an existing data folder (default: a new temp folder)
 * @param {number} [options.port]
 * @param {boolean} [options.waitUntilReady]  wait for GET / to answer (default true)
 * @param {boolean} [options.ownsDataDir]  delete the data folder on close (default: when it made it)
 * @param {string} [options.logFile]  write the server's output (its JSON log) to this file, as a
 *   log collector would take it, instead of collecting it in this process (the benchmarks)
 * @returns {Promise<BuiltServer>}
 */
/**
 * A signing secret and an application key, as an operator gives them to every server of a set:
 * derived from the database's address, so that a server started again on the same database (a
 * restart, a second server) has the same ones. Test keys only.
 */
const sharedKeys = (databaseUrl) => {
  const derive = (label) => createHash('sha256').update(`${label}|${databaseUrl}`).digest();
  return {
    APP_SECRET: derive('secret').toString('base64url'),
    APPLICATION_KEYS: `shared:${derive('key').toString('base64')}`,
  };
};

export async function startBuiltServer(options = {}) {
  const entry = join(distDir(''), SERVER_ENTRY);
  if (!existsSync(entry)) {
    throw new Error('the site is not built: run `npm run build` first');
  }
  const ownDir = options.ownsDataDir ?? !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'kwikfill-server-'));
  const { DATABASE_URL: _, ...outer } = process.env;
  const port = options.port ?? (await sparePort());
  const env = {
    ...outer,
    DATA_DIR: dataDir,
    KEYS_DIR: join(dataDir, 'keys'),
    PORT: String(port),
    HOST: '127.0.0.1',
    // The demo's settings, as `npm start` gives them: the server entry runs as production.
    HUMAN_CHECK: 'local',
    // The stand-ins allowed in production, and the outbox folder for SMTP on PostgreSQL too.
    ALLOW_STAND_INS: '1',
    GIFT_CARD_PROVIDER: 'local',
    // stop() and close() send SIGTERM: no drain unless a test or benchmark asks for one.
    DRAIN_SECONDS: '0',
    SITE_URL: 'http://localhost:4321',
    // PostgreSQL: a server that may be one of several, so it needs keys given to it (the same on
    // every server), never keys of its own (src/server/config/rules.ts settingProblems).
    ...(options.env?.DATABASE_URL ? sharedKeys(options.env.DATABASE_URL) : {}),
    ...options.env,
  };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  if (options.seed) {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', '--if-empty'], {
      env: { SEED_SAMPLE_DATA: '1', ...env },
      stdio: 'ignore',
    });
  }
  let output = '';
  // A benchmark must not be the log's reader: taking in the log lines of 30,000 requests a second
  // costs the load generator (and so the measured server) more than the server's own work.
  const logFd = options.logFile ? openSync(options.logFile, 'a') : undefined;
  const stdio = logFd === undefined ? 'pipe' : ['ignore', logFd, logFd];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry], { env, stdio });
  if (logFd !== undefined) closeSync(logFd);
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const stop = async (signal = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  const server = {
    base,
    dataDir,
    env,
    child,
    exited,
    output: () => (options.logFile ? readFileSync(options.logFile, 'utf8') : output),
    rssMb: () =>
      Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) / 1024,
    stop,
    restart: async () => {
      await stop();
      return startBuiltServer({ ...options, seed: false, dataDir, port, ownsDataDir: ownDir });
    },
    close: async () => {
      await stop();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  if (options.waitUntilReady === false) return server;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    const up = await fetch(`${base}/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return server;
    if (tries > 300) {
      await server.close();
      throw new Error(`the server did not start within a minute:\n${output}`);
    }
    await sleep(200);
  }
}
