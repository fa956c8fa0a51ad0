// The server's two clocks (timeouts.ts): a 10 MB upload at 256 kbit/s (5.5 minutes) and the largest
// application fit in a request's time, while a client that trickles its headers is cut within the
// headers' time. Shown on a node:http server with the same settings scaled down.
import http from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MAX_APPLICATION_BYTES } from '../../features/applications/uploads.ts';
import {
  applyTimeouts,
  HEADERS_TIMEOUT_MS,
  KEEP_ALIVE_MS,
  LARGEST_BODY_BYTES,
  REQUEST_TIMEOUT_MS,
  SLOWEST_UPLINK_BITS_PER_S,
} from './timeouts.ts';

const uploadMs = (bytes: number) => ((bytes * 8) / SLOWEST_UPLINK_BITS_PER_S) * 1000;

describe('the server timeouts', () => {
  it('let the largest upload finish on a 256 kbit/s uplink, and want headers within about a minute', () => {
    expect(LARGEST_BODY_BYTES).toBe(MAX_APPLICATION_BYTES);
    expect(uploadMs(10 * 1024 * 1024)).toBeGreaterThan(300_000); // Node's default 5 minutes cut it
    expect(REQUEST_TIMEOUT_MS).toBeGreaterThan(uploadMs(MAX_APPLICATION_BYTES));
    expect(HEADERS_TIMEOUT_MS).toBeGreaterThan(KEEP_ALIVE_MS);
    expect(HEADERS_TIMEOUT_MS).toBeLessThan(REQUEST_TIMEOUT_MS / 10);
  });

  it('cut a client sending its headers slowly, while a body sent slowly after quick headers completes', async () => {
    const server = http.createServer({ connectionsCheckingInterval: 50 }, (req, res) => {
      let bytes = 0;
      req.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      req.on('end', () => res.end(String(bytes)));
    });
    applyTimeouts(server, { keepAliveMs: 200, headersMs: 300, requestMs: 60_000 });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as { port: number };
    try {
      // Headers one line at a time, never finished: the server answers 408 and closes.
      const slowHeaders = await new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        let text = '';
        const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 100);
        socket.on('data', (chunk) => {
          text += chunk;
          clearInterval(trickle); // answered: writing on would only meet the closed socket
        });
        // A line sent as the server closed is answered with a reset (a busy machine made this an
        // uncaught error of the run); 'close' follows, with what was read.
        socket.on('error', () => {});
        socket.on('close', () => {
          clearInterval(trickle);
          resolve(text);
        });
        socket.write('POST / HTTP/1.1\r\nHost: x\r\n');
      });
      expect(slowHeaders).toMatch(/^HTTP\/1\.1 408/);
      // Quick headers, then a body in pieces for longer than the headers' time: read to its end.
      const answer = await new Promise<string>((resolve, reject) => {
        const request = http.request({
          port,
          host: '127.0.0.1',
          method: 'POST',
          headers: { 'Content-Length': '10' },
        });
        request.on('response', (response) => {
          let text = '';
          response.on('data', (chunk) => {
            text += chunk;
          });
          response.on('end', () => resolve(text));
        });
        request.on('error', reject);
        let sent = 0;
        const piece = setInterval(() => {
          request.write('x');
          if (++sent === 10) {
            clearInterval(piece);
            request.end();
          }
        }, 80);
      });
      expect(answer).toBe('10');
    } finally {
      server.close();
    }
  });
});
