// The access rule of product.md 2.6 in one place: every /account screen needs a signed-in visitor,
// except the few sub-paths below. A new account page is therefore protected unless it is listed.

/** The sub-paths of /account that a signed-out visitor may open (product.md 2.6, exactly these). */
export const PUBLIC_ACCOUNT_PAGES: readonly string[] = [
  'login',
  'register',
  'forgot-password',
  'reset-password',
  'giveaway',
  'winners',
];

/** '/account/login/' -> 'login', '/account' -> '', '/account/a/b' -> 'a/b'; null outside /account. */
export function accountSubPath(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/account') return '';
  return path.startsWith('/account/') ? path.slice('/account/'.length) : null;
}

/** True when a signed-out visitor must be sent to /account/login from this page. */
export function requiresSignIn(pathname: string): boolean {
  const sub = accountSubPath(pathname);
  return sub !== null && !PUBLIC_ACCOUNT_PAGES.includes(sub);
}
