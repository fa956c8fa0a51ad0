import { mkdtempSync, writeFileSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { streamFile } from './unreadable-files.ts';

describe('streamFile', () => {
  it('sends nothing, and throws nothing, to a visitor who left while the file was being opened', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kwikfill-stream-')), 'big.js');
    writeFileSync(file, 'x'.repeat(100_000));
    const req = new IncomingMessage(new Socket());
    req.method = 'GET';
    const res = new ServerResponse(req);
    res.destroy(); // gone before the file was open (a pipeline would throw on it, outside any handler)
    const writeHead = vi.spyOn(res, 'writeHead');
    const next = vi.fn();
    streamFile(req, res, file, {}, next);
    await wait(200); // the open and stat callbacks; an error thrown there fails the run
    expect(writeHead).not.toHaveBeenCalled();
    expect(next).not.toHaveBeenCalled();
  });
});
