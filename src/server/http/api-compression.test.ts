// The API's compression rule (api-compression.ts) on its own: the binding's test covers it in place.
import type { IncomingMessage } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressApiAnswer } from './api-compression.ts';

const asking = (encoding: string, method = 'GET') =>
  ({ method, headers: { 'accept-encoding': encoding } }) as unknown as IncomingMessage;
const json = (body: string, headers: Record<string, string> = {}) =>
  new Response(body, { headers: { 'Content-Type': 'application/json', ...headers } });
const large = JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ i, name: `store ${i}` })) });

describe('the API compression rule', () => {
  it('compresses a large JSON answer, makes its strong ETag weak, and adds to its Vary', async () => {
    const answer = await compressApiAnswer(
      asking('gzip, br'),
      json(large, { ETag: '"abc"', Vary: 'Origin' }),
    );
    expect(answer.headers.get('content-encoding')).toBe('br');
    expect(answer.headers.get('etag')).toBe('W/"abc"');
    expect(answer.headers.get('vary')).toBe('Origin, Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await answer.arrayBuffer())).toString()).toBe(large);
  });

  it('leaves alone what is not JSON, a HEAD, and a client that takes no encoding', async () => {
    const page = await compressApiAnswer(
      asking('br'),
      new Response(large, { headers: { 'Content-Type': 'text/csv' } }),
    );
    expect(page.headers.get('content-encoding')).toBeNull();
    for (const [req, label] of [
      [asking('identity'), 'identity'],
      [asking('br', 'HEAD'), 'HEAD'],
    ] as const) {
      const answer = await compressApiAnswer(req, json(large, { ETag: '"abc"' }));
      expect(answer.headers.get('content-encoding'), label).toBeNull();
      expect(answer.headers.get('etag'), label).toBe('"abc"');
      expect(answer.headers.get('vary'), label).toBe('Accept-Encoding');
    }
  });
});
