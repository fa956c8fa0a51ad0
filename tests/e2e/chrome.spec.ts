// Site chrome on every page: top banner, header menus and fade, footer, app promo (product.md 1, 2.2-2.4).
import { expect, type Page, test } from '@playwright/test';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import { site } from '../../src/site.config.ts';
import { leftInStorage } from './account-helpers.ts';
import { expectNoAxeViolations } from './axe.ts';

/** Stores a session before the page at `path` loads (and only there, so Sign Out can stick). */
async function signInOn(page: Page, path: string) {
  await page.addInitScript((target) => {
    if (location.pathname.replace(/\/$/, '') !== target) return;
    localStorage.setItem('token', 'test-token');
    localStorage.setItem('user_id', 'u-1');
    localStorage.setItem('first_name', 'Pat');
    sessionStorage.setItem('draft', 'x');
  }, path);
}

const quickLinks = (page: Page) => page.getByRole('navigation', { name: 'Quick links' });
const footer = (page: Page) => page.getByRole('contentinfo');
const fadeOf = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.querySelector('header') as Element, '::before').opacity);

test.describe('top banner and footer', () => {
  test('signed out: Register and Sign In, plus the quick links', async ({ page }) => {
    await page.goto('/news');
    const links = quickLinks(page);
    await expect(links.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/account/register');
    await expect(links.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/account/login');
    await expect(links.getByRole('link', { name: `${site.name.replaceAll(' ', '')} Pay` })).toHaveAttribute(
      'href',
      site.routes.payPortal,
    );
    await expect(links.getByRole('link', { name: 'Careers' })).toHaveAttribute('href', '/careers');
    await expect(links.getByRole('link', { name: 'Stores' })).toHaveAttribute('href', '/stores');
    await expect(links.getByRole('button', { name: 'Sign Out' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('link', { name: `${site.name} home` })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(footer(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(footer(page).getByRole('link', { name: 'Register' })).toBeVisible();
  });

  test('signed in: Welcome, Pat and Sign Out; the footer hides Sign In and Register', async ({ page }) => {
    await signInOn(page, '/news');
    await page.goto('/news');
    const links = quickLinks(page);
    await expect(links.getByRole('link', { name: 'Welcome, Pat' })).toHaveAttribute('href', '/account');
    await expect(links.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(links.getByRole('link', { name: 'Register' })).toBeHidden();
    await expect(footer(page).getByRole('link', { name: 'Sign In' })).toBeHidden();
    await expect(footer(page).getByRole('link', { name: 'Register' })).toBeHidden();
    await expect(footer(page).getByRole('link', { name: 'My Account' })).toBeVisible();
  });

  test('Sign Out clears storage, tells the API and lands on the home page', async ({ page }) => {
    let auth: string | undefined;
    let apiKey: string | undefined;
    await page.route('**/api/v1/auth/logout', async (route) => {
      auth = route.request().headers().authorization;
      apiKey = route.request().headers()['x-api-key'];
      await route.fulfill({ status: 204 });
    });
    await signInOn(page, '/news');
    await page.goto('/news');
    await quickLinks(page).getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(auth).toBe('Bearer test-token');
    expect(apiKey).toBe(DEFAULT_API_KEY);
    expect(await leftInStorage(page)).toEqual([]);
    await expect(quickLinks(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  // How long sign-out waits for the server is a unit test's (session.test.ts, no clock here): this
  // only shows that a request left hanging does not keep the visitor on the page.
  test('Sign Out does not wait for an API that does not answer', async ({ page }) => {
    let asked = false;
    await page.route('**/api/v1/auth/logout', () => {
      asked = true; // and never answers
    });
    await signInOn(page, '/news');
    await page.goto('/news');
    await quickLinks(page).getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(asked).toBe(true);
    await expect(quickLinks(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('the footer links the site, the social networks and the parent company', async ({ page }) => {
    await page.goto('/news');
    const foot = footer(page);
    for (const [name, href] of [
      [`History of ${site.name}`, site.routes.history],
      ['Driving America', '/driving-america'],
      ['Careers', '/careers'],
      ['My Account', '/account'],
      ['Contact Us', '/help'],
      ['FAQs', '/help/faq'],
      ['Privacy Policy', '/privacy-policy'],
      ['Terms of Use', '/terms-of-use'],
      [site.parentCompany.name, site.parentCompany.url],
    ]) {
      await expect(foot.getByRole('link', { name, exact: true })).toHaveAttribute('href', href as string);
    }
    for (const network of site.social) {
      await expect(foot.getByRole('link', { name: `${site.name} on ${network.name}` })).toHaveAttribute(
        'href',
        network.url,
      );
    }
    await expect(foot).toContainText(`© ${new Date().getFullYear()} ${site.parentCompany.name}`);
  });
});

test.describe('rotating messages', () => {
  test('rotate every 5 seconds until paused', async ({ page }) => {
    await page.clock.install();
    await page.goto('/news');
    const list = page.getByRole('list', { name: 'Announcements' });
    await expect(list.getByRole('link', { name: /daily giveaway/ })).toBeVisible();
    await page.clock.runFor(5000);
    await expect(list.getByRole('link', { name: /5¢ per gallon/ })).toBeVisible();
    await expect(list.getByRole('link', { name: /daily giveaway/ })).toBeHidden();
    await expect(list.getByRole('link', { name: /5¢ per gallon/ })).toHaveAttribute('href', '/news');

    await page.getByRole('button', { name: 'Pause announcements' }).click();
    await page.clock.runFor(20_000);
    await expect(list.getByRole('link', { name: /5¢ per gallon/ })).toBeVisible();
    await page.getByRole('button', { name: 'Play announcements' }).click();
    await page.clock.runFor(5000);
    await expect(list.getByRole('link', { name: /3¢ more per gallon/ })).toBeVisible();
  });

  test('stand still for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/news');
    await page.clock.runFor(15_000);
    await expect(page.getByRole('link', { name: /daily giveaway/ })).toBeVisible();
    await expect(page.getByRole('button', { name: /announcements/ })).toBeHidden();
  });
});

test.describe('header menus', () => {
  test('open by keyboard, list their links, close with Escape back on the button', async ({ page }) => {
    await page.goto('/news');
    const main = page.getByRole('navigation', { name: 'Main' });
    const stores = main.getByRole('button', { name: 'Stores' });
    for (let i = 0; i < 40 && !(await stores.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(stores).toBeFocused();
    await expect(stores).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(stores).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Find a Store', 'Truck Stops', 'Bradley Street Cafe', 'In-Store Offers']) {
      await expect(main.getByRole('link', { name })).toBeVisible();
    }
    await page.keyboard.press('Tab');
    await expect(main.getByRole('link', { name: 'Find a Store' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(stores).toHaveAttribute('aria-expanded', 'false');
    await expect(main.getByRole('link', { name: 'Find a Store' })).toBeHidden();
    await expect(stores).toBeFocused();

    const cards = main.getByRole('button', { name: 'Cards' });
    await cards.focus();
    await page.keyboard.press('Space');
    await expect(cards).toHaveAttribute('aria-expanded', 'true');
    await expect(main.getByRole('link', { name: 'Gift Cards & Balance' })).toHaveAttribute(
      'href',
      '/gift-cards-balance',
    );
    // Tabbing out of the last link closes the dropdown.
    await main.getByRole('link', { name: 'Rewards' }).focus();
    await page.keyboard.press('Tab');
    await expect(main.getByRole('button', { name: 'Win!' })).toBeFocused();
    await expect(cards).toHaveAttribute('aria-expanded', 'false');
  });

  test('one menu at a time; a click outside closes it; the current page is marked', async ({ page }) => {
    await page.goto('/news');
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('button', { name: 'Win!' }).click();
    await expect(main.getByRole('link', { name: 'Enter Giveaway' })).toHaveAttribute('href', '/win');
    await main.getByRole('button', { name: 'About' }).click();
    await expect(main.getByRole('button', { name: 'Win!' })).toHaveAttribute('aria-expanded', 'false');
    await expect(main.getByRole('link', { name: `History of ${site.name}` })).toHaveAttribute(
      'href',
      site.routes.history,
    );
    await expect(main.getByRole('link', { name: 'Enter Giveaway' })).toBeHidden();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(main.getByRole('button', { name: 'About' })).toHaveAttribute('aria-expanded', 'false');

    await main.getByRole('button', { name: 'Community' }).click();
    await expect(main.getByRole('link', { name: 'News' })).toHaveAttribute('aria-current', 'page');
    await expect(main.getByRole('link', { name: 'Charities' })).not.toHaveAttribute('aria-current');
  });

  test('@phone the Menu toggle opens an accordion whose links work', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'phone layout only');
    await page.goto('/');
    const main = page.getByRole('navigation', { name: 'Main' });
    const toggle = main.getByRole('button', { name: 'Menu' });
    await expect(main.getByRole('button', { name: 'Stores' })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await main.getByRole('button', { name: 'Cards' }).click();
    await expect(main.getByRole('link', { name: 'Fleet Fueling Plus' })).toBeVisible();
    await main.getByRole('button', { name: 'Community' }).click();
    await expect(main.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-expanded', 'false');
    await expect(main.getByRole('link', { name: 'Fleet Fueling Plus' })).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(main.getByRole('button', { name: 'Community' })).toHaveAttribute('aria-expanded', 'false');
    await expect(main.getByRole('button', { name: 'Community' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toBeFocused();
    await toggle.click();
    await main.getByRole('button', { name: 'Community' }).click();
    await main.getByRole('link', { name: 'News' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/news'));
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu' }),
    ).toHaveAttribute('aria-expanded', 'false');
  });

  test('@phone axe finds no violations with the menu open', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'phone layout only');
    await page.goto('/news');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Stores' }).click();
    await expectNoAxeViolations(page);
  });
});

test.describe('header fade', () => {
  test('steps toward green and is full at 250 px on a page with fade', async ({ page }) => {
    await page.goto('/');
    // A tall dark hero as the home page has, so that there is room to scroll.
    await page.evaluate(() => {
      const hero = document.createElement('div');
      hero.dataset.hero = '';
      hero.style.height = '3000px';
      hero.style.background = '#003d1f';
      document.querySelector('main')?.prepend(hero);
    });
    const header = page.getByRole('banner');
    await expect.poll(() => fadeOf(page)).toBe('0');
    // Over the hero: the header overlaps it instead of pushing it down.
    const heroTop = await page.evaluate(
      () => document.querySelector('[data-hero]')?.getBoundingClientRect().top,
    );
    const headerBox = await header.boundingBox();
    expect(heroTop).toBeLessThan((headerBox?.y ?? 0) + 1);
    for (const [y, opacity] of [
      [49, '0'],
      [120, '0.4'],
      [249, '0.8'],
      [250, '1'],
      [900, '1'],
      [0, '0'],
    ] as const) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await expect.poll(() => fadeOf(page)).toBe(opacity);
    }
  });

  test('is absent on a page without fade', async ({ page }) => {
    await page.goto('/news');
    await page.evaluate(() => {
      const main = document.querySelector('main') as HTMLElement;
      main.style.minHeight = '3000px';
      window.scrollTo(0, 300);
    });
    const header = page.getByRole('banner');
    await expect(header).not.toHaveAttribute('data-fade');
    await expect(header).toHaveCSS('background-color', 'rgb(0, 98, 47)');
    expect(
      await page.evaluate(() => document.querySelector('header')?.style.getPropertyValue('--fade')),
    ).toBe('');
  });
});

test.describe('app promo', () => {
  test('links both app stores and stays dismissed', async ({ page }) => {
    await page.goto('/news');
    const promo = page.getByRole('complementary', { name: `Get the ${site.name} app` });
    await expect(promo.getByRole('link', { name: /App Store/ })).toHaveAttribute('href', site.app.appStore);
    await expect(promo.getByRole('link', { name: /Google Play/ })).toHaveAttribute(
      'href',
      site.app.googlePlay,
    );
    await promo.getByRole('button', { name: 'Dismiss app promotion' }).click();
    await expect(promo).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('app_promo_dismissed'))).toBeTruthy();
    await page.reload();
    await expect(page.getByRole('complementary', { name: `Get the ${site.name} app` })).toBeHidden();
  });
});

test.describe('accessibility', () => {
  for (const path of ['/', '/news']) {
    for (const signedIn of [false, true]) {
      test(`axe: ${path} ${signedIn ? 'signed in' : 'signed out'}`, async ({ page }) => {
        if (signedIn) await signInOn(page, path === '/' ? '' : path);
        await page.goto(path);
        if (signedIn) await expect(page.getByRole('link', { name: 'Welcome, Pat' })).toBeVisible();
        await expectNoAxeViolations(page);
      });
    }
  }

  test('axe: an open dropdown', async ({ page }) => {
    await page.goto('/news');
    await page.getByRole('button', { name: 'Cards' }).click();
    await expectNoAxeViolations(page);
  });
});
