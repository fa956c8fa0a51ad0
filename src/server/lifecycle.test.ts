// scripts/seed.mjs and scripts/serve.mjs load src/server/lifecycle.ts with Node itself (type
// stripping, no bundler): this runs the real script, so an import Node cannot resolve fails here.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from './db/seeds/accounts';
import { createTestApi, type TestApi } from './testing';

const run = promisify(execFile);
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

async function seed() {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: t.config.dataDir,
    DATABASE_URL: t.config.databaseUrl ?? '',
  };
  return run(process.execPath, ['scripts/seed.mjs'], { env, cwd: process.cwd() });
}

describe('npm run seed', () => {
  it('adds the demo member, who can sign in, and adds nothing twice', async () => {
    const { stdout, stderr } = await seed();
    expect(stdout).toContain('sample data seeded (accounts, stores)');
    expect(stderr).toBe('');
    await seed();
    const users = await t.db.selectFrom('users').select(['email', 'first_name']).execute();
    expect(users).toEqual([{ email: DEMO_ACCOUNT.email, first_name: DEMO_ACCOUNT.first_name }]);
    const login = await t.call('POST', '/auth/login', {
      body: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });
    expect(login.status).toBe(200);
  });
});
