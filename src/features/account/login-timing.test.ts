// Sign-in must spend the same argon2id work whether or not the address has an account (product.md 5.3
// says nothing either way; docs/api.md: sign-in never tells which addresses exist). Counting the
// real verifications catches a removed or hollowed-out dummy verification (verifyDummy).
import * as argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...real, verify: vi.fn(real.verify) };
});

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(() => {
  vi.mocked(argon2.verify).mockClear();
});

const login = (email: string, ip: string) =>
  t.call('POST', '/auth/login', { body: { email, password: 'Wrong123' }, ip });

describe('POST /auth/login timing', () => {
  it('runs one argon2id verification for an unknown address, as for a known one', async () => {
    expect((await login('nobody@example.com', '192.0.2.61')).status).toBe(401);
    expect(argon2.verify).toHaveBeenCalledTimes(1);
    const [hash, password] = vi.mocked(argon2.verify).mock.calls[0] ?? [];
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(password).toBe('Wrong123');

    const member = await t.member(undefined, 'Right1234');
    vi.mocked(argon2.verify).mockClear();
    expect((await login(member.email, '192.0.2.62')).status).toBe(401);
    expect(argon2.verify).toHaveBeenCalledTimes(1);
  });
});
