import { describe, expect, it } from 'vitest';
import { site } from '../../site.config';
import { isCurrent, menus, routeOf } from './menus';

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

  it('does not match parents or neighbours', () => {
    expect(isCurrent('/help', '/help/faq')).toBe(false);
    expect(isCurrent('/win', '/winners')).toBe(false);
  });
});
