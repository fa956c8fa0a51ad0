import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/support/test-api.ts';
import { ApiError, read } from '../lib/api-client.ts';
import { inProcessApi, readOrMissing } from './in-process-client.ts';

let t: TestApi;
let seen: Request[];
/** The test app, answering as answerApi does in the site, and remembering what it was asked. */
const answer = (request: Request) => {
  seen.push(request.clone());
  return t.app.fetch(request, {});
};
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe('the in-process API client of on-demand pages', () => {
  it('calls the app with the configured API key and answers typed JSON', async () => {
    seen = [];
    const health = await read(inProcessApi({ answer, apiKey: t.config.publicApiKey }).health.$get());
    expect(health.ok).toBe(true); // typed: `ok` is the route's own field
    expect(seen[0]?.headers.get('x-api-key')).toBe(t.config.publicApiKey);
    expect(new URL(seen[0]?.url ?? '').pathname).toBe('/api/v1/health');
  });

  it('rejects an error answer with the API client ApiError', async () => {
    seen = [];
    const error = await inProcessApi({ answer, apiKey: t.config.publicApiKey })
      .store[':number'].$get({ param: { number: 'none' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'store_not_found' });
  });

  it('readOrMissing: undefined for a 4xx, the failure itself for a 5xx', async () => {
    seen = [];
    await expect(
      readOrMissing(
        inProcessApi({ answer, apiKey: t.config.publicApiKey }).promotion[':id'].$get({
          param: { id: 'none' },
        }),
      ),
    ).resolves.toBeUndefined();
    const down = vi.fn(async () =>
      Response.json({ error: { code: 'unavailable', description: 'Later.' } }, { status: 503 }),
    );
    await expect(
      readOrMissing(
        inProcessApi({ answer: down, apiKey: t.config.publicApiKey }).promotion[':id'].$get({
          param: { id: 'p' },
        }),
      ),
    ).rejects.toMatchObject({ status: 503, code: 'unavailable' });
  });

  it('raw: the answer as it came, status and headers included', async () => {
    seen = [];
    const response = await inProcessApi({ answer, raw: true, apiKey: t.config.publicApiKey }).store.$get({
      query: { size: '5' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toMatch(/^W\/"/);
  });
});
