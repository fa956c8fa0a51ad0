// The help area's side menu (SPEC 2.7), in order.
export const helpMenu = [
  { href: '/help', label: 'Contact Us' },
  { href: '/help/faq', label: 'FAQs' },
  { href: '/help/forms', label: 'Forms' },
] as const;

/** True when `path` is the menu item's page (a trailing slash or index.html is the same page). */
export const isCurrent = (href: string, path: string): boolean =>
  path.replace(/(\/index\.html|\/)$/, '') === href;
