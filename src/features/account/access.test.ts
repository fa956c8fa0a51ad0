import { describe, expect, it } from 'vitest';
import { accountSubPath, PUBLIC_ACCOUNT_PAGES, requiresSignIn } from './access.ts';

describe('account access rule (product.md 2.6)', () => {
  it('lists exactly the public sub-paths of the spec', () => {
    expect([...PUBLIC_ACCOUNT_PAGES].sort()).toEqual(
      ['forgot-password', 'giveaway', 'login', 'register', 'reset-password', 'winners'].sort(),
    );
  });

  it('reads the sub-path with or without a trailing slash', () => {
    expect(accountSubPath('/account')).toBe('');
    expect(accountSubPath('/account/')).toBe('');
    expect(accountSubPath('/account/login/')).toBe('login');
    expect(accountSubPath('/account/giveaway/rules')).toBe('giveaway/rules');
    expect(accountSubPath('/accounting')).toBeNull();
  });

  it('leaves the listed pages open', () => {
    for (const sub of PUBLIC_ACCOUNT_PAGES) {
      expect(requiresSignIn(`/account/${sub}`)).toBe(false);
      expect(requiresSignIn(`/account/${sub}/`)).toBe(false);
    }
  });

  it('protects every other account page, including ones not built yet', () => {
    for (const path of [
      '/account',
      '/account/',
      '/account/vip',
      '/account/entries',
      '/account/confirm-email',
    ]) {
      expect(requiresSignIn(path)).toBe(true);
    }
    expect(requiresSignIn('/account/some-new-page')).toBe(true);
    // Only the exact sub-path counts: a page below a public one is not public by extension.
    expect(requiresSignIn('/account/login/extra')).toBe(true);
    expect(requiresSignIn('/account/login-help')).toBe(true);
  });

  it('does not apply outside /account', () => {
    expect(requiresSignIn('/')).toBe(false);
    expect(requiresSignIn('/accounting')).toBe(false);
  });
});
