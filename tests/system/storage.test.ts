// Faults (docs/decisions/0008): a read-only data folder or a full disk (or a database that cannot be reached)
// stops the start with one clear line and exit code 1 (src/server/storage-check.ts), not a crash later; and a disk that fills while the
// server runs costs the visitor a 503 `unavailable` JSON answer, not a crash, until there is room
// again. Real disks: a read-only bind mount and small tmpfs mounts (root only; skipped with the
// reason elsewhere: root ignores file modes, so chmod cannot stand in).
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, type TestContext } from 'vitest';
import { type BuiltServer, sparePort, startBuiltServer } from '../support/built-server.mjs';
import { skipWithout } from '../support/requirements.ts';
import { prepareAll, prepareEntry, submit } from './helpers.ts';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

/** A new empty folder, removed after the test. */
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kwikfill-storage-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const mount = (...args: string[]) => execFileSync('mount', args, { stdio: 'pipe' });
const unmount = (dir: string) => () => execFileSync('umount', ['-l', dir], { stdio: 'pipe' });

/** Why mounts cannot be made here, or undefined when they can. */
const cannotMount = (() => {
  if (process.getuid?.() !== 0) return 'mounting needs root';
  const dir = mkdtempSync(join(tmpdir(), 'kwikfill-mount-probe-'));
  try {
    mount('-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir);
    execFileSync('umount', [dir]);
    return undefined;
  } catch (error) {
    return `mount is not allowed here: ${(error as Error).message.split('\n')[0]}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})();

/** Skips the test, saying why, where mounts cannot be made. */
const needMounts = (ctx: TestContext) => ctx.skip(skipWithout(!cannotMount, cannotMount ?? ''), cannotMount);

function tmpfs(size: string): string {
  const dir = folder();
  mount('-t', 'tmpfs', '-o', `size=${size},mode=700`, 'tmpfs', dir);
  cleanups.push(unmount(dir));
  return dir;
}

function readOnly(dir: string): void {
  mount('--bind', dir, dir);
  cleanups.push(unmount(dir));
  mount('-o', 'remount,ro,bind', dir);
}

/** Starts the server expecting it to refuse: its exit code and what it printed. */
async function failedStart(dataDir: string, env: Record<string, string> = {}) {
  const server = await startBuiltServer({ dataDir, env, waitUntilReady: false });
  cleanups.push(() => server.stop('SIGKILL'));
  const code = await Promise.race([
    server.exited,
    new Promise((r) => setTimeout(() => r('still running'), 60_000)),
  ]);
  return { code, output: server.output() };
}

/** The refusal: exit code 1 and one line saying why, no stack trace. */
function expectRefusal({ code, output }: { code: unknown; output: string }, reason: RegExp) {
  expect(code).toBe(1);
  const lines = output.split('\n').filter((line) => line.startsWith('[server] Cannot start:'));
  expect(lines, output).toHaveLength(1);
  expect(lines[0]).toMatch(reason);
  expect(output).not.toMatch(/^\s+at /m);
}

it('refuses to start, with one line and exit code 1, when PostgreSQL cannot be reached', async () => {
  // Nothing listens there: a database server that is down when the site starts (a process manager
  // starts the site again; a running site rides out the outage, tests/system/postgres-down.test.ts).
  const url = `postgres://kwikfill@127.0.0.1:${await sparePort()}/kwikfill`;
  expectRefusal(
    await failedStart(folder(), { DATABASE_URL: url }),
    /Cannot start: connect ECONNREFUSED 127\.0\.0\.1:\d+$/,
  );
});

it('refuses to start on a read-only data folder, with one line and exit code 1', async (ctx) => {
  needMounts(ctx);
  // A folder the site ran on, then mounted read-only (a full or failing disk often ends so).
  const used = folder();
  const before = await startBuiltServer({ dataDir: used, seed: true });
  expect(await before.stop()).toBe(0);
  readOnly(used);
  expectRefusal(await failedStart(used), /the data folder \(DATA_DIR\) .+ is not writable \(EROFS\)/);

  // A new, empty read-only folder: the keys folder for the generated secret cannot be made either.
  const empty = folder();
  readOnly(empty);
  expectRefusal(
    await failedStart(empty),
    /Cannot create the keys folder \(KEYS_DIR\) .+\. On a read-only file system .*set .*APP_SECRET/,
  );
});

it('refuses to start on a full disk, naming the free space', async (ctx) => {
  needMounts(ctx);
  expectRefusal(
    await failedStart(tmpfs('1m')),
    /only \d+\.\d MB free on the disk of the data folder .+ at least 32\.0 MB/,
  );
});

/** Fills the disk of `dir` to the last byte with a file of its own; answers its removal. */
function fill(dir: string): () => void {
  const file = join(dir, 'filler');
  const fd = openSync(file, 'w');
  for (let chunk = 1024 * 1024; chunk >= 512; ) {
    try {
      writeSync(fd, Buffer.alloc(chunk));
    } catch {
      chunk /= 2;
    }
  }
  closeSync(fd);
  return () => rmSync(file);
}

it('answers 503 unavailable JSON when the disk fills while it runs, and serves again once there is room', async (ctx) => {
  needMounts(ctx);
  const dataDir = tmpfs('48m');
  const server: BuiltServer = await startBuiltServer({ dataDir, seed: true, env: { TRUST_PROXY: '1' } });
  cleanups.push(() => server.close());
  const entries = await prepareAll(400, (n) => prepareEntry(server.base, n));
  const free = fill(dataDir);

  // Entries go on while a write still fits (SQLite reuses its log's space); then every answer is 503.
  const answers: number[] = [];
  let refused: { status: number; body: Record<string, unknown> } | undefined;
  for (const entry of entries.slice(0, 399)) {
    const answer = await submit(server.base, entry);
    if ('error' in answer) throw answer.error;
    answers.push(answer.status);
    if (answer.status !== 201) {
      refused = answer;
      break;
    }
  }
  expect(refused?.status, `answers: ${answers.join(' ')}`).toBe(503);
  expect(refused?.body).toMatchObject({
    error: { code: 'unavailable', description: 'The service is unavailable. Please try again later.' },
  });
  expect((await fetch(`${server.base}/`)).status).toBe(200);
  expect(server.child.exitCode).toBeNull();

  free();
  const again = await submit(server.base, { ...(entries[399] as (typeof entries)[number]) });
  expect('status' in again && again.status, JSON.stringify(again)).toBe(201);
  expect(server.output()).not.toMatch(/internal_error|Unhandled|uncaught/i);
});
