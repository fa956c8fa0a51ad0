// The site's navigation from one list: every page a menu links to is named once in `pages`, and the
// header's six menus (SPEC 2.4), the footer's columns (SPEC 2.3), the top bar's quick links (SPEC 2.2)
// and the help area's side menu (SPEC 2.7) pick from it, so a page's label or address changes in one
// place. A place may show a shorter label for the same page (the top bar's 'Stores').
import { site } from '../../site.config';

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

const pages = {
  findStore: { label: 'Find a Store', href: '/stores' },
  truckStops: { label: 'Truck Stops', href: '/truck-stops' },
  cafe: { label: 'Bradley Street Cafe', href: '/bradley-street-cafe' },
  offers: { label: 'In-Store Offers', href: '/specials' },
  chargeCard: { label: 'Charge Card', href: '/charge-card' },
  fleetCard: { label: 'Fleet Fueling Card', href: '/fleet-fueling-card' },
  fleetPlus: { label: 'Fleet Fueling Plus', href: '/fleet-fueling-plus' },
  universalFleet: { label: 'United Universal Fleet', href: '/united-universal-fleet' },
  giftCards: { label: 'Gift Cards & Balance', href: '/gift-cards-balance' },
  rewards: { label: 'Rewards', href: '/rewards' },
  giveaway: { label: 'Enter Giveaway', href: '/win' },
  winners: { label: 'Previous Winners', href: '/account/winners' },
  news: { label: 'News', href: '/news' },
  fuelingDiscovery: { label: 'Fueling Discovery', href: '/fueling-discovery' },
  giveThanks: { label: 'Operation Give Thanks', href: '/operation-give-thanks' },
  charities: { label: 'Charities', href: '/charities' },
  drivingAmerica: { label: 'Driving America', href: '/driving-america' },
  history: { label: `History of ${site.name}`, href: site.routes.history },
  parentHistory: {
    label: `History of ${site.parentCompany.name}`,
    href: '/history-of-united-refining-company',
  },
  parentSite: { label: site.parentCompany.name, href: site.parentCompany.url },
  careers: { label: 'Careers', href: '/careers' },
  contact: { label: 'Contact Us', href: '/help' },
  faq: { label: 'FAQs', href: '/help/faq' },
  forms: { label: 'Forms', href: '/help/forms' },
  privacy: { label: 'Privacy Policy', href: '/privacy-policy' },
  terms: { label: 'Terms of Use', href: '/terms-of-use' },
  signIn: { label: 'Sign In', href: '/account/login', when: 'if-signed-out' },
  register: { label: 'Register', href: '/account/register', when: 'if-signed-out' },
  account: { label: 'My Account', href: '/account' },
  payPortal: { label: site.payPortalName, href: site.routes.payPortal },
} satisfies Record<string, MenuLink>;

/** The help area's pages, in order: the Contact menu and the help side menu. */
export const helpMenu: MenuLink[] = [pages.contact, pages.faq, pages.forms];

export const menus: Menu[] = [
  { id: 'stores', label: 'Stores', links: [pages.findStore, pages.truckStops, pages.cafe, pages.offers] },
  {
    id: 'cards',
    label: 'Cards',
    links: [
      pages.chargeCard,
      pages.fleetCard,
      pages.fleetPlus,
      pages.universalFleet,
      pages.giftCards,
      pages.rewards,
    ],
  },
  { id: 'win', label: 'Win!', links: [pages.giveaway, pages.winners] },
  {
    id: 'community',
    label: 'Community',
    links: [pages.news, pages.fuelingDiscovery, pages.giveThanks, pages.charities],
  },
  { id: 'about', label: 'About', links: [pages.drivingAmerica, pages.history, pages.parentHistory] },
  { id: 'contact', label: 'Contact', links: helpMenu },
];

export const footerColumns: FooterColumn[] = [
  { title: 'Company', links: [pages.history, pages.drivingAmerica, pages.careers, pages.parentSite] },
  { title: 'Account', links: [pages.signIn, pages.register, pages.account, pages.payPortal] },
  { title: 'Help', links: [pages.contact, pages.faq, pages.privacy, pages.terms] },
];

/** The top bar's quick links before the signed-in greeting (which TopBanner.astro draws itself). */
export const quickLinks: MenuLink[] = [
  pages.payPortal,
  pages.careers,
  { ...pages.findStore, label: 'Stores' },
  pages.register,
  pages.signIn,
];

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
