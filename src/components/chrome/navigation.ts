// The site's navigation, as editors set it in content/navigation.yaml (or /keystatic): the header's
// six menus (product.md 2.4), the footer's columns (product.md 2.3) and the top bar's quick links (product.md 2.2); the
// `contact` menu is also the help area's side menu (product.md 2.7). The content collection `navigation`
// reads the file (load-navigation.ts); this module turns it into what the chrome draws.
import type { z } from 'astro/zod';
import type { navigationSchema } from '../../content-schemas.ts';
import { contentText } from '../content/content-text.ts';

export interface MenuLink {
  label: string;
  href: string;
  /** Shown only signed out or signed in (the pre-paint classes on <html>). */
  when?: 'if-signed-out' | 'if-signed-in';
}
export interface Menu {
  /** Stable id for aria-controls. */
  id: string;
  label: string;
  links: MenuLink[];
}
export interface FooterColumn {
  title: string;
  links: MenuLink[];
}
export interface Navigation {
  menus: Menu[];
  footerColumns: FooterColumn[];
  quickLinks: MenuLink[];
  /** The help area's pages, in order: the Contact menu's links. */
  helpMenu: MenuLink[];
}

const link = ({ label, href, when }: MenuLink): MenuLink => ({
  label: contentText(label),
  href: contentText(href),
  ...(when ? { when } : {}),
});

export function navigationFrom(data: z.infer<typeof navigationSchema>): Navigation {
  const menus = data.menus.map((menu) => ({
    ...menu,
    label: contentText(menu.label),
    links: menu.links.map(link),
  }));
  return {
    menus,
    footerColumns: data.footer.map((column) => ({
      title: contentText(column.title),
      links: column.links.map(link),
    })),
    quickLinks: data.quickLinks.map(link),
    helpMenu: menus.find((menu) => menu.id === 'contact')?.links ?? [],
  };
}

/**
 * The route a path shows: content pages answer at /page/{slug} too, and a trailing slash or
 * index.html names the same page.
 */
export const routeOf = (pathname: string): string =>
  pathname
    .replace(/^\/page(?=\/)/, '')
    .replace(/\/index\.html$/, '')
    .replace(/\/+$/, '') || '/';

/** True when the link points at the page being shown (for aria-current="page"). */
export const isCurrent = (href: string, pathname: string): boolean => routeOf(href) === routeOf(pathname);
