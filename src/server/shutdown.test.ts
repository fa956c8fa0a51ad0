// The Node server (src/server/http/server.ts) stops through onShutdown (src/server/lifecycle.ts).
// This runs it in a child process as the server does, with a real HTTP server and a real SQLite
// database: on SIGTERM a request in flight still gets its answer, the database closes (SQLite folds
// its WAL file back into the database and deletes it) and the process exits 0. With a drain
// (DRAIN_SECONDS), requests that arrive after SIGTERM are answered first, each closing its connection.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteFile } from './db/database.ts';

const lifecycle = pathToFileURL(resolve('src/server/lifecycle.ts')).href;
const probes = pathToFileURL(resolve('src/server/probes.ts')).href;
const script = `
import http from 'node:http';
import { closeDatabase, onShutdown, prepareDatabase } from '${lifecycle}';
import { draining } from '${probes}';
await prepareDatabase();
const server = http.createServer((req, res) => {
  const body = draining() ? 'answered while draining' : 'done';
  setTimeout(() => res.end(body), 300);
});
onShutdown(server, closeDatabase);
server.listen(0, '127.0.0.1', () => console.log('port=' + server.address().port));
`;

const dirs: string[] = [];
let child: ChildProcess | undefined;
afterEach(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const getWithHeaders = (port: number) =>
  new Promise<{ body: string; connection?: string }>((done, fail) => {
    request({ port, host: '127.0.0.1', path: '/' }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => done({ body, connection: res.headers.connection }));
    })
      .on('error', fail)
      .end();
  });
const get = async (port: number) => (await getWithHeaders(port)).body;

/** Starts the script in a child process; answers its port, its exit and what it printed. */
async function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kwikfill-shutdown-'));
  dirs.push(dataDir);
  // SQLite even when the suite runs on PostgreSQL: the WAL file is what shows a clean close.
  const all = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', HUMAN_CHECK: 'local', ...env };
  const started = spawn(process.execPath, ['--input-type=module', '-e', script], { env: all, stdio: 'pipe' });
  child = started;
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((done) =>
    started.on('exit', (code, signal) => done([code, signal])),
  );
  let stdout = '';
  let stderr = '';
  started.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const port = await new Promise<number>((done, fail) => {
    started.stdout?.on('data', (chunk) => {
      stdout += chunk;
      const match = /port=(\d+)/.exec(String(chunk));
      if (match) done(Number(match[1]));
    });
    started.on('exit', () => fail(new Error(`the server did not start: ${stderr}`)));
  });
  const printed = (text: string) =>
    new Promise<void>((done) => {
      if (stdout.includes(text)) return done();
      started.stdout?.on('data', () => {
        if (stdout.includes(text)) done();
      });
    });
  return { child: started, dataDir, port, exited, printed, stderr: () => stderr };
}

describe('onShutdown', () => {
  it('on SIGTERM finishes the request in flight, closes the database and exits 0', async () => {
    const server = await start({ DRAIN_SECONDS: '0' });
    const wal = `${sqliteFile(server.dataDir)}-wal`;
    expect(existsSync(wal)).toBe(true);

    const answer = get(server.port);
    await new Promise((done) => setTimeout(done, 100)); // the request is being handled
    server.child.kill('SIGTERM');
    expect(await answer).toBe('done');
    expect(await server.exited).toEqual([0, null]);
    expect(existsSync(wal)).toBe(false);
    expect(existsSync(sqliteFile(server.dataDir))).toBe(true);
    expect(server.stderr()).toBe('');
  });

  it('on SIGTERM drains: answers new requests (closing their connections) for DRAIN_SECONDS, then exits 0', async () => {
    const server = await start({ DRAIN_SECONDS: '2', LOG_LEVEL: 'info' });
    server.child.kill('SIGTERM');
    await server.printed('SIGTERM: draining');
    const answer = await getWithHeaders(server.port); // a new connection, after the signal
    expect(answer).toEqual({ body: 'answered while draining', connection: 'close' });
    expect(server.child.exitCode).toBe(null); // still draining
    expect(await server.exited).toEqual([0, null]);
    expect(existsSync(`${sqliteFile(server.dataDir)}-wal`)).toBe(false);
    expect(server.stderr()).toBe('');
  });

  it('a second signal during the drain stops at once', async () => {
    const server = await start({ DRAIN_SECONDS: '600', LOG_LEVEL: 'info' });
    server.child.kill('SIGTERM');
    await server.printed('SIGTERM: draining');
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual([0, null]);
  });
});
