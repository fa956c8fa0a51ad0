import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeStorage } from '../../../tests/support/fake-browser.ts';
import { forgetLinkToken, forgetResetToken, readLinkToken, readResetToken } from './reset-token.ts';

let replaceState: ReturnType<typeof vi.fn>;
const visit = (href: string) => vi.stubGlobal('location', { href });

describe('reset token from the mailed link', () => {
  beforeEach(() => {
    replaceState = vi.fn();
    vi.stubGlobal('history', { state: null, replaceState });
    vi.stubGlobal('sessionStorage', new FakeStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the token and takes it out of the address bar', () => {
    visit('https://x.test/account/reset-password?reset_token=abc123&x=1#top');
    expect(readResetToken()).toBe('abc123');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/account/reset-password?x=1#top');
  });

  it('still has the token after a reload, until it is used', () => {
    visit('https://x.test/account/reset-password?reset_token=abc123');
    readResetToken();
    visit('https://x.test/account/reset-password');
    expect(readResetToken()).toBe('abc123');
    forgetResetToken();
    expect(readResetToken()).toBeNull();
    expect(replaceState).toHaveBeenCalledTimes(1);
  });

  it("reads the confirmation link's token the same way, apart from a reset token", () => {
    visit('https://x.test/account/login?confirm_token=c0nf1rm');
    expect(readLinkToken('confirm_token')).toBe('c0nf1rm');
    expect(replaceState).toHaveBeenCalledWith(null, '', '/account/login');
    expect(readResetToken()).toBeNull();
    visit('https://x.test/account/login');
    expect(readLinkToken('confirm_token')).toBe('c0nf1rm');
    forgetLinkToken('confirm_token');
    expect(readLinkToken('confirm_token')).toBeNull();
  });
});
