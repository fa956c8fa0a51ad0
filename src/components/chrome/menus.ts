// The six header menus of SPEC 2.4, in one place so that the header (desktop dropdowns and the
// phone accordion) and its tests read the same data.
import { site } from '../../site.config';

export interface MenuLink {
  label: string;
  href: string;
}
export interface Menu {
  /** Stable id for aria-controls. */
  id: string;
  label: string;
  links: MenuLink[];
}

export const menus: Menu[] = [
  {
    id: 'stores',
    label: 'Stores',
    links: [
      { label: 'Find a Store', href: '/stores' },
      { label: 'Truck Stops', href: '/truck-stops' },
      { label: 'Bradley Street Cafe', href: '/bradley-street-cafe' },
      { label: 'In-Store Offers', href: '/specials' },
    ],
  },
  {
    id: 'cards',
    label: 'Cards',
    links: [
      { label: 'Charge Card', href: '/charge-card' },
      { label: 'Fleet Fueling Card', href: '/fleet-fueling-card' },
      { label: 'Fleet Fueling Plus', href: '/fleet-fueling-plus' },
      { label: 'United Universal Fleet', href: '/united-universal-fleet' },
      { label: 'Gift Cards & Balance', href: '/gift-cards-balance' },
      { label: 'Rewards', href: '/rewards' },
    ],
  },
  {
    id: 'win',
    label: 'Win!',
    links: [
      { label: 'Enter Giveaway', href: '/win' },
      { label: 'Previous Winners', href: '/account/winners' },
    ],
  },
  {
    id: 'community',
    label: 'Community',
    links: [
      { label: 'News', href: '/news' },
      { label: 'Fueling Discovery', href: '/fueling-discovery' },
      { label: 'Operation Give Thanks', href: '/operation-give-thanks' },
      { label: 'Charities', href: '/charities' },
    ],
  },
  {
    id: 'about',
    label: 'About',
    links: [
      { label: 'Driving America', href: '/driving-america' },
      { label: `History of ${site.name}`, href: site.routes.history },
      { label: `History of ${site.parentCompany.name}`, href: '/history-of-united-refining-company' },
    ],
  },
  {
    id: 'contact',
    label: 'Contact',
    links: [
      { label: 'Contact Us', href: '/help' },
      { label: 'FAQs', href: '/help/faq' },
      { label: 'Forms', href: '/help/forms' },
    ],
  },
];

/** The route a path shows: content pages answer at /page/{slug} too, and trailing slashes vary. */
export const routeOf = (pathname: string): string =>
  pathname.replace(/^\/page(?=\/)/, '').replace(/\/+$/, '') || '/';

/** True when the link points at the page being shown (for aria-current="page"). */
export const isCurrent = (href: string, pathname: string): boolean => routeOf(href) === routeOf(pathname);
