import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withIdempotencyKey } from '../../lib/api-client.ts';
import { DEFAULT_API_KEY } from '../../lib/api-key.ts';
import type { KindInfo } from './kind.ts';
import { sendApplication, toForm } from './submit.ts';

const info = { signatures: ['signature'] } as unknown as KindInfo;
const PNG = `data:image/png;base64,${btoa('png-bytes')}`;
const guard = { website: '', form_ticket: 't1', human_check_token: 'h1' };

/** XMLHttpRequest as the upload uses it: the test answers it (or reports progress) by hand. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers = new Headers();
  body: FormData | undefined;
  status = 0;
  responseText = '';
  upload: { onprogress?: (event: { loaded: number; total: number; lengthComputable: boolean }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    [this.method, this.url] = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, json: unknown) {
    [this.status, this.responseText] = [status, JSON.stringify(json)];
    this.onload?.();
  }
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('navigator', { onLine: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('sending an application through the upload with progress', () => {
  it('sends a multipart body (values, groups, the drawn signature as a PNG file, the statement) and the guard as headers', async () => {
    const statement = new File(['pdf'], 'statement.pdf', { type: 'application/pdf' });
    const form = toForm(
      info,
      { name: 'Pat', kinds: ['gas', 'diesel'], signature: PNG, empty: undefined },
      { statement, none: null },
    );
    const progress: number[] = [];
    const sent = withIdempotencyKey('key-1', () =>
      sendApplication('charge-card', form, guard, { onProgress: ({ sent }) => progress.push(sent) }),
    );
    const xhr = FakeXhr.last;
    xhr.upload.onprogress?.({ loaded: 100, total: 300, lengthComputable: true });
    xhr.answer(201, { reference: 'CC-1234-5678' });
    await expect(sent).resolves.toEqual({ reference: 'CC-1234-5678' });
    expect(progress).toEqual([100]);
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/v1/applications/charge-card']);
    expect(xhr.headers.get('x-api-key')).toBe(DEFAULT_API_KEY);
    expect(xhr.headers.get('idempotency-key')).toBe('"key-1"');
    const body = xhr.body as FormData;
    expect(body.get('name')).toBe('Pat');
    expect(body.getAll('kinds')).toEqual(['gas', 'diesel']);
    expect(body.has('empty')).toBe(false);
    expect(body.has('none')).toBe(false);
    const signature = body.get('signature') as File;
    expect([signature.name, signature.type, await signature.text()]).toEqual([
      'signature.png',
      'image/png',
      'png-bytes',
    ]);
    expect((body.get('statement') as File).name).toBe('statement.pdf');
    // The guard's values travel as headers, read before the body; none of them in the body.
    expect([
      xhr.headers.get('x-form-ticket'),
      xhr.headers.get('x-human-check'),
      xhr.headers.get('x-form-website'),
    ]).toEqual(['t1', 'h1', '']);
    expect(['form_ticket', 'human_check_token', 'website'].filter((name) => body.has(name))).toEqual([]);
  });

  it("rejects with the client's ApiError, the server's messages per field included", async () => {
    const sent = sendApplication('fleet-fueling', toForm(info, {}, {}), guard);
    FakeXhr.last.answer(400, {
      error: { code: 'invalid_input', description: 'Please fix the fields.', fields: { name: 'Required' } },
    });
    await expect(sent).rejects.toMatchObject({
      status: 400,
      code: 'invalid_input',
      fields: { name: 'Required' },
    });
  });

  it('can be cancelled, and says at once when the browser is offline', async () => {
    const controller = new AbortController();
    const sent = sendApplication('fleet-fueling', toForm(info, {}, {}), guard, { signal: controller.signal });
    controller.abort();
    await expect(sent).rejects.toMatchObject({ name: 'AbortError' });
    vi.stubGlobal('navigator', { onLine: false });
    await expect(sendApplication('fleet-fueling', toForm(info, {}, {}), guard)).rejects.toMatchObject({
      status: 0,
      code: 'offline',
    });
  });
});
