// Draining (docs/decisions/0008): the built server as production runs it: the load balancer's probes answer
// without the API key, never cached and never logged at info level; idle connections are kept
// longer than a balancer's 60 s; and a SIGTERM under steady load loses no request: /readyz turns
// 503 while every other request is still answered through the drain, then the process exits 0.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import { type BuiltServer, startBuiltServer } from '../support/built-server.mjs';

let server: BuiltServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const PATHS = ['/api/v1/store?size=5', '/', '/api/v1/health'];
const headers = { 'x-api-key': DEFAULT_API_KEY };

describe('the probes', () => {
  it('answer without the API key, never cached, keep-alive above 60 s, logged at debug only', async () => {
    const logDir = mkdtempSync(join(tmpdir(), 'kwikfill-probe-log-'));
    dirs.push(logDir);
    const logFile = join(logDir, 'server.log');
    server = await startBuiltServer({ env: { LOG_LEVEL: 'info' }, logFile });
    const ids: string[] = [];
    for (const path of ['/healthz', '/readyz']) {
      const answer = await fetch(server.base + path);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ ok: true });
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('keep-alive')).toBe('timeout=65');
      ids.push(answer.headers.get('x-request-id') as string);
      expect((await fetch(server.base + path, { method: 'HEAD' })).status).toBe(200);
      expect((await fetch(server.base + path, { method: 'POST' })).status).toBe(405);
    }
    // A request after them: once its line is written, theirs would have been too.
    const after = (await fetch(`${server.base}/api/v1/health`, { headers })).headers.get('x-request-id');
    let log = '';
    while (!log.includes(String(after))) {
      log = server.output();
      await new Promise((done) => setTimeout(done, 50));
    }
    for (const id of ids) expect(log).not.toContain(id);
  });
});

describe('SIGTERM under steady load', () => {
  it('turns /readyz to 503, answers every request through the drain, then exits 0', async () => {
    server = await startBuiltServer({ seed: true, env: { DRAIN_SECONDS: '5' } });
    const running = server;
    const failures: string[] = [];
    let answered = 0;
    let phase: 'before' | 'draining' | 'done' = 'before';
    let answeredWhileDraining = 0;
    let closedWhileDraining = 0;
    const worker = async (n: number) => {
      for (let i = n; phase !== 'done'; i++) {
        const path = PATHS[i % PATHS.length] as string;
        const draining = phase === 'draining';
        try {
          const answer = await fetch(running.base + path, { headers });
          await answer.arrayBuffer();
          if (answer.status !== 200) failures.push(`${path}: ${answer.status}`);
          answered++;
          if (draining) {
            answeredWhileDraining++;
            if (answer.headers.get('connection') === 'close') closedWhileDraining++;
          }
        } catch (error) {
          failures.push(`${path}: ${(error as Error & { cause?: { code?: string } }).cause?.code ?? error}`);
        }
      }
    };
    const load = Array.from({ length: 8 }, (_, n) => worker(n));
    while (answered < 200) await new Promise((done) => setTimeout(done, 20));

    running.child.kill('SIGTERM');
    // The first /readyz that is not 200 is a 503, the server still answering everything else.
    let readyz = 200;
    while (readyz === 200) readyz = (await fetch(`${running.base}/readyz`)).status;
    expect(readyz).toBe(503);
    phase = 'draining';
    const target = answeredWhileDraining + 200;
    while (answeredWhileDraining < target && failures.length === 0) {
      await new Promise((done) => setTimeout(done, 20));
    }
    phase = 'done';
    await Promise.all(load);
    expect(running.child.exitCode).toBe(null); // still draining once the load stopped
    expect(failures).toEqual([]);
    expect(closedWhileDraining).toBeGreaterThan(0);
    expect(await running.exited).toBe(0);
  });
});
