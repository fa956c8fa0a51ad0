// `npm run seed` runs for real here (tsx, as npm runs it) against a test database: the list of
// seeders in src/features/seeds.ts, the platform's runner, and the `--if-empty` step of `npm start`.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../src/features/account/account.sample.ts';
import { seeders } from '../src/features/seeds.ts';
import { createTestApi, type TestApi } from '../tests/support/test-api.ts';

const run = promisify(execFile);
let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

async function seed(args: string[] = [], env: NodeJS.ProcessEnv = {}) {
  const { SEED_SAMPLE_DATA: _, ...outer } = process.env;
  return run(process.execPath, ['--import', 'tsx', 'scripts/seed.ts', ...args], {
    env: { ...outer, DATA_DIR: t.config.dataDir, DATABASE_URL: t.config.databaseUrl ?? '', ...env },
    cwd: process.cwd(),
  });
}
const emails = async () => (await t.db.selectFrom('users').select('email').execute()).map((u) => u.email);

describe('npm run seed', () => {
  it('--if-empty is skipped with SEED_SAMPLE_DATA=0', async () => {
    const { stdout } = await seed(['--if-empty'], { SEED_SAMPLE_DATA: '0' });
    expect(stdout).toContain('sample data not seeded (SEED_SAMPLE_DATA=0)');
    expect(await emails()).toEqual([]);
  });

  it('--if-empty seeds an empty database with every listed seeder; the demo member signs in', async () => {
    const { stdout, stderr } = await seed(['--if-empty']);
    expect(stdout).toContain(`sample data seeded (${Object.keys(seeders).join(', ')})`);
    expect(stderr).toBe('');
    expect(await emails()).toEqual([DEMO_ACCOUNT.email]);
    const login = await t.call('POST', '/auth/login', {
      body: { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });
    expect(login.status).toBe(200);
    const profile = await t.call('GET', '/me/profile', { token: login.json.token });
    expect(profile.json).toMatchObject({ first_name: DEMO_ACCOUNT.first_name, city: DEMO_ACCOUNT.city });
  });

  it('--if-empty leaves a database with accounts alone; a plain seed adds only what is missing', async () => {
    await t.db.deleteFrom('users').where('email', '=', DEMO_ACCOUNT.email).execute();
    await t.member('someone@example.com');
    expect((await seed(['--if-empty'])).stdout).toContain('already has accounts');
    expect(await emails()).toEqual(['someone@example.com']);
    await seed();
    await seed();
    expect((await emails()).sort()).toEqual([DEMO_ACCOUNT.email, 'someone@example.com']);
  });
});
