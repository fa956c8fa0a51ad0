// A build made without the editing UI's GitHub settings has no editing UI: the server answers 404.
import { expect, test } from '@playwright/test';

test('the production server does not serve the editing UI when it is not configured', async ({ request }) => {
  for (const path of ['/keystatic', '/keystatic/collection/pages', '/api/keystatic/tree']) {
    expect((await request.get(path)).status(), path).toBe(404);
  }
});
