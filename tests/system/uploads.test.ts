// The application uploads against the BUILT server (docs/threat-model.md, "Uploads"): a multipart body is refused
// on its headers before any of it is read, even one that never ends, and the server goes on
// answering other requests while an upload trickles in.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import { GUARD_HEADERS } from '../../src/lib/form-rules.ts';
import { type BuiltServer, startBuiltServer } from '../support/built-server.mjs';
import { API, formTicket, humanCheckToken, prepareAll } from './helpers.ts';

let server: BuiltServer;
beforeAll(async () => {
  server = await startBuiltServer();
});
afterAll(() => server?.close());

const BOUNDARY = 'xUPLOADx';
const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/**
 * Starts a chunked multipart POST to the fleet form and sends `first`; the rest is sent by the
 * caller through `request` (or never). `answer` is the status and JSON, whenever the server answers.
 */
function openUpload(headers: Record<string, string>, first: string) {
  const url = new URL(`${server.base}${API}/applications/fleet-fueling`);
  const request = http.request(url, {
    method: 'POST',
    headers: {
      'X-API-Key': DEFAULT_API_KEY,
      'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
      'Transfer-Encoding': 'chunked',
      ...headers,
    },
  });
  const answer = new Promise<{ status: number; json: { error?: { code: string } } }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) }));
    });
    request.on('error', reject);
  });
  request.write(first);
  return { request, answer };
}

/** Guard headers for `count` submissions, once the form's dwell has passed. */
async function guards(count: number): Promise<Record<string, string>[]> {
  const prepared = await prepareAll(count, async (n) => ({
    n,
    path: '',
    address: '',
    body: {
      [GUARD_HEADERS.form_ticket]: await formTicket(server.base, 'fleet-fueling'),
      [GUARD_HEADERS.human_check_token]: await humanCheckToken(server.base, 'fleet-fueling'),
    },
  }));
  return prepared.map((submission) => submission.body as Record<string, string>);
}

describe('application uploads on the built server', () => {
  it('refuses a body that never ends, without a ticket, on its headers', async () => {
    const { request, answer } = openUpload({}, field('f0', 'x').repeat(1000));
    const { status, json } = await answer; // the request is still open: the body is never finished
    request.destroy();
    expect(status).toBe(400);
    expect(json.error?.code).toBe('too_fast');
  });

  it('answers other requests while an upload is still coming in; a field flood after the guard stops at its limit', async () => {
    const [guard, second] = await guards(2);
    const opening = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="annual_statement"; filename="a.txt"\r\n\r\n`;
    const { request, answer } = openUpload(
      guard ?? {},
      `${field('contact_email', 'slow@acme.example')}${opening}`,
    );
    // A statement coming in slowly: health is answered between its chunks, the upload still open.
    for (let i = 0; i < 5; i++) {
      const health = await fetch(`${server.base}${API}/health`, {
        headers: { 'X-API-Key': DEFAULT_API_KEY },
      });
      expect(health.status).toBe(200);
      await new Promise<void>((resolve) => request.write('a'.repeat(256 * 1024), () => resolve()));
    }
    request.end(`\r\n--${BOUNDARY}--\r\n`);
    const { status, json } = await answer;
    // Read to the end and checked: the rest of the form is missing.
    expect(status).toBe(400);
    expect(json.error?.code).toBe('invalid_input');
    // With a passed guard, a flood of fields that never ends stops at the field limit, answered.
    const flood = openUpload(second ?? {}, field('f', 'x').repeat(1000));
    flood.request.write(field('f', 'x').repeat(1000));
    const refused = await flood.answer;
    flood.request.destroy();
    expect(refused.status).toBe(413);
    expect(refused.json.error?.code).toBe('too_many_parts');
  });
});
