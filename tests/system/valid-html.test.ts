// Valid HTML: the Nu HTML Checker (vnu-jar from npm, on Java: tests/support/ensure-java.sh, run by
// `npm run test:system`) finds no error in any page of the BUILT site (every dist/client/**/*.html)
// nor in the on-demand pages a visitor reaches most (a store page, the locator, the offers), fetched
// from the built server. A layout's script emitted after its parent layout closed (a <script> after
// </html>) was one such error on the account, help and store pages.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir } from '../../src/server/http/dist-dir.ts';
import { type BuiltServer, startBuiltServer } from '../support/built-server.mjs';

const vnu = join(
  dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')),
  'build/dist/vnu.jar',
);
const ON_DEMAND = ['/stores/1', '/stores', '/specials'];

let server: BuiltServer;
const folder = mkdtempSync(join(tmpdir(), 'kwikfill-vnu-'));
beforeAll(async () => {
  server = await startBuiltServer({ seed: true });
});
afterAll(() => {
  server?.close();
  rmSync(folder, { recursive: true, force: true });
});

interface Message {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
}

describe('the Nu HTML Checker', () => {
  it('finds no error in any built page nor in the on-demand pages', async () => {
    const client = distDir('client');
    const built = readdirSync(client, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
      .map((entry) => join(entry.parentPath, entry.name));
    expect(built.length).toBeGreaterThan(40);
    const fetched: string[] = [];
    for (const path of ON_DEMAND) {
      const answer = await fetch(`${server.base}${path}`);
      expect(answer.status, path).toBe(200);
      const file = join(folder, `${path.replaceAll('/', '_')}.html`);
      writeFileSync(file, await answer.text());
      fetched.push(file);
    }
    const run = spawnSync('java', ['-jar', vnu, '--errors-only', '--format', 'json', ...built, ...fetched], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.error).toBeUndefined();
    const { messages } = JSON.parse(run.stderr || '{"messages":[]}') as { messages: Message[] };
    const errors = messages
      .filter((message) => message.type === 'error' || message.type === 'non-document-error')
      .map(
        (message) => `${message.url.replace(`file:${client}`, '/')}:${message.lastLine}: ${message.message}`,
      );
    expect(errors).toEqual([]);
    expect(run.status).toBe(0);
  });
});
