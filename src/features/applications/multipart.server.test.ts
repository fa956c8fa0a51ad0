// The application route reads nothing before the guard passed, and then streams the body with
// limits (docs/threat-model.md, "Uploads"): bodies here are streams that count what was pulled from them, so the
// tests see how much the server read, and streams that never end, which must still be answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardHeaders } from '../../../tests/support/applications.ts';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { DEFAULT_API_KEY } from '../../lib/api-key.ts';
import { GUARD_HEADERS } from '../../lib/form-rules.ts';
import { MAX_FIELD_BYTES } from './multipart.server.ts';
import { MAX_APPLICATION_BYTES } from './uploads.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ localHumanCheck: true });
});
afterAll(() => api.close());

const BOUNDARY = 'xBOUNDARYx';
const encoder = new TextEncoder();
const fieldPart = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/**
 * A body that hands out `chunks` one by one as the server pulls them (none ahead: highWaterMark 0),
 * then never ends unless `end` is true; `pulled` says how many the server asked for.
 */
function countedBody(chunks: (() => Uint8Array) | Uint8Array[], end = false) {
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = typeof chunks === 'function' ? chunks() : chunks[state.pulled];
        state.pulled++;
        if (chunk) controller.enqueue(chunk);
        else if (end) controller.close();
        // else: nothing more, ever (a client that keeps the request open)
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

let ipCounter = 0;
async function post(body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  const response = await api.app.request(
    '/api/v1/applications/fleet-fueling',
    {
      method: 'POST',
      headers: {
        'X-API-Key': DEFAULT_API_KEY,
        'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...headers,
      },
      body,
      duplex: 'half',
    } as RequestInit,
    { clientAddress: `192.0.2.${++ipCounter}` },
  );
  return { status: response.status, json: await response.json() };
}

/** 1,000 small fields per chunk, forever. */
const manyFields = () =>
  encoder.encode(Array.from({ length: 1000 }, (_, i) => fieldPart(`f${i}`, 'x')).join(''));

describe('the application body is read only after the guard, and with limits', () => {
  it('refuses a body without a ticket without reading one byte of it, even one that never ends', async () => {
    const body = countedBody(manyFields);
    const answer = await post(body.stream);
    expect(answer.json.error.code).toBe('too_fast');
    expect(body.state.pulled).toBe(0);
  });

  it('refuses a failed human check and a filled trap before reading the body', async () => {
    const forged = countedBody(manyFields);
    const headers = await guardHeaders(api, 'fleet-fueling');
    const answer = await post(forged.stream, { ...headers, [GUARD_HEADERS.human_check_token]: 'bogus' });
    expect(answer.json.error.code).toBe('human_check_failed');
    const trapped = countedBody(manyFields);
    const trap = await post(trapped.stream, {
      ...(await guardHeaders(api, 'fleet-fueling')),
      [GUARD_HEADERS.website]: 'http%3A%2F%2Fspam.example',
    });
    expect(trap.json.error.code).toBe('invalid_submission');
    expect([forged.state.pulled, trapped.state.pulled]).toEqual([0, 0]);
  });

  it('stops reading at the field limit: 100,000 fields are refused with 413 after a few hundred', async () => {
    const body = countedBody(manyFields);
    const answer = await post(body.stream, await guardHeaders(api, 'fleet-fueling'));
    expect(answer.status).toBe(413);
    expect(answer.json.error.code).toBe('too_many_parts');
    expect(body.state.pulled).toBeLessThan(5);
  });

  it('stops reading a body of unknown length once it passes the total limit (413)', async () => {
    const chunk = new Uint8Array(1024 * 1024).fill(0x61);
    const opening = encoder.encode(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="annual_statement"; filename="a.txt"\r\n\r\n`,
    );
    let first = true;
    const body = countedBody(() => {
      if (!first) return chunk;
      first = false;
      return opening;
    });
    const answer = await post(body.stream, await guardHeaders(api, 'fleet-fueling'));
    // Here the statement's own 10 MB limit comes first: its field's message, reading stopped.
    expect(answer.status).toBe(400);
    expect(answer.json.error.fields).toEqual({ annual_statement: expect.stringMatching(/too large/) });
    expect(body.state.pulled).toBeLessThan(13);
    // Many files' worth of bytes in text-less padding parts the form never sends: the total limit.
    const padding = countedBody(() =>
      encoder.encode(`${fieldPart('pad', 'p'.repeat(MAX_FIELD_BYTES - 100))}`.repeat(60)),
    );
    const total = await post(padding.stream, await guardHeaders(api, 'fleet-fueling'));
    expect(total.status).toBe(413);
    expect(total.json.error.code).toMatch(/payload_too_large|too_many_parts/);
    expect(padding.state.pulled * 60 * MAX_FIELD_BYTES).toBeLessThan(MAX_APPLICATION_BYTES * 2);
  });

  it('refuses a field longer than any the form has (400)', async () => {
    // The parser tells a field was cut when the field ends (what is past the limit is not kept).
    const body = countedBody(
      [encoder.encode(fieldPart('contact_email', 'a'.repeat(MAX_FIELD_BYTES + 1))), manyFields()],
      true,
    );
    const answer = await post(body.stream, await guardHeaders(api, 'fleet-fueling'));
    expect(answer.status).toBe(400);
    expect(answer.json.error.description).toBe('A field of the application is longer than the form allows.');
  });

  it('keeps answering other requests while an upload is being received', async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent++ === 0)
          return controller.enqueue(encoder.encode(fieldPart('contact_email', 'slow@acme.example')));
        await released; // the client is slow: the rest comes later
        controller.enqueue(encoder.encode(`--${BOUNDARY}--\r\n`));
        controller.close();
      },
    });
    const upload = post(body, await guardHeaders(api, 'fleet-fueling'));
    const health = await api.call('GET', '/health');
    expect(health.status).toBe(200);
    release();
    expect((await upload).status).toBe(400); // read to the end: the rest of the form is missing
  });
});
