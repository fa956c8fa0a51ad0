// Astro's API endpoint is no way in on the Node server (node-server-mark.ts): a request that
// reaches it there is refused, whatever its path.
import type { APIContext } from 'astro';
import { afterEach, expect, it } from 'vitest';
import { ALL } from '../../pages/api/v1/[...path].ts';
import { markNodeServer, underNodeServer } from './node-server-mark.ts';

afterEach(() => markNodeServer(false));

it('answers 400 invalid_path under the Node server, kept by no cache, without asking the API', async () => {
  expect(underNodeServer()).toBe(false);
  markNodeServer();
  expect(underNodeServer()).toBe(true);
  const context = {
    request: new Request('http://localhost/api/v1/me/profile', { headers: { Authorization: 'Bearer x' } }),
  } as unknown as APIContext;
  const answer = await ALL(context);
  expect(answer.status).toBe(400);
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(await answer.json()).toMatchObject({ error: { code: 'invalid_path' } });
});
