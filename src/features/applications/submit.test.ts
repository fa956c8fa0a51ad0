import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_API_KEY } from '../../lib/api-key.ts';
import { type FakeBrowser, installFakeBrowser, jsonResponse } from '../session/testing.ts';
import type { KindInfo } from './kind.ts';
import { sendApplication, toForm } from './submit.ts';

const info = { signatures: ['signature'] } as unknown as KindInfo;
const PNG = `data:image/png;base64,${btoa('png-bytes')}`;
const guard = { website: '', form_ticket: 't1', human_check_token: 'h1' };

let browser: FakeBrowser;
beforeEach(() => {
  browser = installFakeBrowser();
});
afterEach(() => vi.unstubAllGlobals());

describe('sending an application through the one API client', () => {
  it('sends a multipart body (values, groups, the drawn signature as a PNG file, the statement) and the guard as headers', async () => {
    browser.fetch.mockResolvedValue(jsonResponse(201, { reference: 'CC-1234-5678' }));
    const statement = new File(['pdf'], 'statement.pdf', { type: 'application/pdf' });
    const form = toForm(
      info,
      { name: 'Pat', kinds: ['gas', 'diesel'], signature: PNG, empty: undefined },
      { statement, none: null },
    );
    await expect(sendApplication('charge-card', form, guard)).resolves.toEqual({ reference: 'CC-1234-5678' });

    const [url, init] = browser.fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/v1/applications/charge-card');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('x-api-key')).toBe(DEFAULT_API_KEY);
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
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
    const headers = new Headers(init.headers);
    expect([
      headers.get('x-form-ticket'),
      headers.get('x-human-check'),
      headers.get('x-form-website'),
    ]).toEqual(['t1', 'h1', '']);
    expect(['form_ticket', 'human_check_token', 'website'].filter((name) => body.has(name))).toEqual([]);
  });

  it("rejects with the client's ApiError, the server's messages per field included", async () => {
    browser.fetch.mockResolvedValue(
      jsonResponse(400, {
        error: { code: 'invalid_input', description: 'Please fix the fields.', fields: { name: 'Required' } },
      }),
    );
    await expect(sendApplication('fleet-fueling', toForm(info, {}, {}), guard)).rejects.toMatchObject({
      status: 400,
      code: 'invalid_input',
      fields: { name: 'Required' },
    });
  });
});
