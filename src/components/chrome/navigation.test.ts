import { describe, expect, it } from 'vitest';
import { readContent } from '../../../tests/support/content.ts';
import { navigationSchema } from '../../content-schemas.ts';
import { site } from '../../site.config.ts';
import { isCurrent, navigationFrom, routeOf } from './navigation.ts';

const { menus, footerColumns, quickLinks, helpMenu } = navigationFrom(
  readContent('navigation.yaml', navigationSchema),
);

describe('header menus', () => {
  it('has the six menus of the spec in order', () => {
    expect(menus.map((menu) => menu.label)).toEqual([
      'Stores',
      'Cards',
      'Win!',
      'Community',
      'About',
      'Contact',
    ]);
  });

  it('links the brand history page from the site config', () => {
    const about = menus.find((menu) => menu.id === 'about');
    expect(about?.links).toContainEqual({ label: `History of ${site.name}`, href: site.routes.history });
  });

  it('replaces {payPortal} and {slug} in the footer and the top bar', () => {
    const portal = { label: site.payPortalName, href: site.routes.payPortal };
    expect(footerColumns.find((column) => column.title === 'Account')?.links).toContainEqual(portal);
    expect(quickLinks[0]).toEqual(portal);
  });

  it('has unique ids', () => {
    expect(new Set(menus.map((menu) => menu.id)).size).toBe(menus.length);
  });
});

describe('current page', () => {
  it('ignores trailing slashes and the /page prefix', () => {
    expect(routeOf('/news/')).toBe('/news');
    expect(routeOf('/page/news')).toBe('/news');
    expect(routeOf('/')).toBe('/');
    expect(isCurrent('/help/faq', '/help/faq/')).toBe(true);
  });

  it('treats index.html as the page itself', () => {
    expect(isCurrent('/help/faq', '/help/faq/index.html')).toBe(true);
    expect(isCurrent('/help', '/help/')).toBe(true);
  });

  it('does not match parents or neighbours', () => {
    expect(isCurrent('/help', '/help/faq')).toBe(false);
    expect(isCurrent('/win', '/winners')).toBe(false);
  });
});

describe('one list for every place', () => {
  it('lists Contact Us, FAQs and Forms in the help side menu and the Contact menu alike', () => {
    expect(helpMenu.map((item) => item.label)).toEqual(['Contact Us', 'FAQs', 'Forms']);
    expect(menus.find((menu) => menu.id === 'contact')?.links).toEqual(helpMenu);
  });

  it('gives a page the same address wherever it is linked', () => {
    const all = [
      ...menus.flatMap((menu) => menu.links),
      ...footerColumns.flatMap((c) => c.links),
      ...quickLinks,
    ];
    const hrefs = new Map<string, string>();
    for (const { label, href } of all) {
      if (label === 'Stores') continue; // the top bar's short label for Find a Store
      expect(hrefs.get(label) ?? href, label).toBe(href);
      hrefs.set(label, href);
    }
  });

  it('shows Sign In and Register only to visitors who are signed out', () => {
    const account = footerColumns.find((column) => column.title === 'Account');
    expect(account?.links.filter((link) => link.when === 'if-signed-out').map((link) => link.label)).toEqual([
      'Sign In',
      'Register',
    ]);
    expect(quickLinks.filter((link) => link.when === 'if-signed-out').map((link) => link.label)).toEqual([
      'Register',
      'Sign In',
    ]);
  });
});
