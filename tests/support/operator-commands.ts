// The setup every file of operator-command tests shares (the commands run for real: tests/support/
// admin.ts): their longer test timeout, one test database for the file, and the commands run on it.
import { afterAll, beforeAll, vi } from 'vitest';
import { ADMIN_TEST_TIMEOUT_MS, runAdmin } from './admin.ts';
import { adminEnv, createTestApi, type TestApi } from './test-api.ts';

/**
 * Call at the top of the file: the database is made before its tests and handed to `ready` (the
 * file keeps it, and may fill it), and closed after them. Answers the runners of `npm run admin`;
 * a non-zero exit comes back in `code`.
 */
export function operatorCommandTests(ready: (api: TestApi) => void | Promise<void>) {
  vi.setConfig({ testTimeout: ADMIN_TEST_TIMEOUT_MS });
  let api: TestApi | undefined;
  beforeAll(async () => {
    api = await createTestApi();
    await ready(api);
  });
  afterAll(() => api?.close());
  const settings = (env: NodeJS.ProcessEnv) => {
    if (!api) throw new Error('operator commands run only inside the tests');
    return { ...adminEnv(api.config), ...env };
  };
  return {
    /** `npm run admin -- ...args` on the file's database. */
    admin: (...args: string[]) => runAdmin(args, settings({})),
    /** The same with more settings (a CDN's, say). */
    adminWith: (env: NodeJS.ProcessEnv, ...args: string[]) => runAdmin(args, settings(env)),
  };
}
