// The Node server (src/server/http/server.ts) stops through onShutdown (src/server/lifecycle.ts).
// This runs it in a child process as the server does, with a real HTTP server and a real SQLite
// database: on SIGTERM a request in flight still gets its answer, the database closes (SQLite folds
// its WAL file back into the database and deletes it) and the process exits 0.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { sqliteFile } from './db/database';

const lifecycle = pathToFileURL(resolve('src/server/lifecycle.ts')).href;
const script = `
import http from 'node:http';
import { closeDatabase, onShutdown, prepareDatabase } from '${lifecycle}';
await prepareDatabase();
const server = http.createServer((req, res) => setTimeout(() => res.end('done'), 300));
onShutdown(server, closeDatabase);
server.listen(0, '127.0.0.1', () => console.log('port=' + server.address().port));
`;

const dirs: string[] = [];
let child: ChildProcess | undefined;
afterEach(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const get = (port: number) =>
  new Promise<string>((done, fail) => {
    request({ port, host: '127.0.0.1', path: '/' }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => done(body));
    })
      .on('error', fail)
      .end();
  });

describe('onShutdown', () => {
  it('on SIGTERM finishes the request in flight, closes the database and exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kwikfill-shutdown-'));
    dirs.push(dataDir);
    // SQLite even when the suite runs on PostgreSQL: the WAL file is what shows a clean close.
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', HUMAN_CHECK: 'local' };
    child = spawn(process.execPath, ['--input-type=module', '-e', script], { env, stdio: 'pipe' });
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((done) =>
      child?.on('exit', (code, signal) => done([code, signal])),
    );
    let stderr = '';
    child.stderr?.on('data', (chunk) => {
      stderr += chunk;
    });
    const port = await new Promise<number>((done, fail) => {
      child?.stdout?.on('data', (chunk) => {
        const match = /port=(\d+)/.exec(String(chunk));
        if (match) done(Number(match[1]));
      });
      child?.on('exit', () => fail(new Error(`the server did not start: ${stderr}`)));
    });
    const wal = `${sqliteFile(dataDir)}-wal`;
    expect(existsSync(wal)).toBe(true);

    const answer = get(port);
    await new Promise((done) => setTimeout(done, 100)); // the request is being handled
    child.kill('SIGTERM');
    expect(await answer).toBe('done');
    expect(await exited).toEqual([0, null]);
    expect(existsSync(wal)).toBe(false);
    expect(existsSync(sqliteFile(dataDir))).toBe(true);
    expect(stderr).toBe('');
  });
});
