// The built site as a visitor's browser sees it (dist/client): every internal link and #anchor
// resolves, every image has a text alternative (alt="" only when marked decorative), and every page
// has a title and a description of a sensible length. `npm run check:content` runs it after a build.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { type HTMLElement, parse } from 'node-html-parser';

export const TITLE_LENGTH = { min: 10, max: 70 };
export const DESCRIPTION_LENGTH = { min: 50, max: 160 };

/**
 * Routes answered on request, so not files of the build: links to them are checked against these
 * patterns (their #anchors are not checked). Keep in step with the `prerender = false` pages.
 */
export const ON_DEMAND_ROUTES: readonly RegExp[] = [
  /^\/api\/v1(\/|$)/,
  /^\/stores$/,
  /^\/stores\/\d+$/,
  /^\/sitemap-stores\.xml$/,
  /^\/specials$/,
  /^\/giveaway\/rules(\/\d+)?$/,
  /^\/frame\/(charge-card|fleet-fueling)$/,
  /^\/fleet-fueling\.html$/,
];

export interface Finding {
  /** The page's path, e.g. /rewards. */
  page: string;
  problem: string;
}

/** One built page: its path and its parsed document. */
interface Page {
  path: string;
  root: HTMLElement;
}

const htmlFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html'))
    .map((file) => join(dir, file))
    .filter((file) => statSync(file).isFile());

/** /rewards/index.html is /rewards; /404.html is /404. */
export const pagePath = (clientDir: string, file: string): string => {
  const path = `/${relative(clientDir, file).split(sep).join('/')}`;
  return (
    (path.endsWith('/index.html') ? path.slice(0, -'/index.html'.length) : path.replace(/\.html$/, '')) || '/'
  );
};

/** The file a same-origin path is served from, or undefined when the build has none. */
function builtFile(clientDir: string, path: string): string | undefined {
  const clean = decodeURIComponent(path).replace(/\/+$/, '');
  for (const candidate of [
    join(clientDir, clean),
    join(clientDir, clean, 'index.html'),
    join(clientDir, `${clean}.html`),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

const ids = (root: HTMLElement): Set<string> =>
  new Set(
    root
      .querySelectorAll('[id], a[name]')
      .map((element) => element.getAttribute('id') ?? element.getAttribute('name') ?? ''),
  );

/** An empty alt is right only for an image marked decorative (hidden from assistive technology). */
const markedDecorative = (image: HTMLElement): boolean => {
  for (let element: HTMLElement | null = image; element; element = element.parentNode) {
    if (element.getAttribute?.('aria-hidden') === 'true') return true;
  }
  return ['presentation', 'none'].includes(image.getAttribute('role') ?? '');
};

function checkPage(
  page: Page,
  clientDir: string,
  pageIds: (path: string) => Set<string> | undefined,
): string[] {
  const problems: string[] = [];
  const title = page.root.querySelector('title')?.text.trim() ?? '';
  if (!title) problems.push('no <title>');
  else if (title.length < TITLE_LENGTH.min || title.length > TITLE_LENGTH.max)
    problems.push(
      `title "${title}" has ${title.length} characters (${TITLE_LENGTH.min} to ${TITLE_LENGTH.max})`,
    );
  const description =
    page.root.querySelector('meta[name="description"]')?.getAttribute('content')?.trim() ?? '';
  if (!description) problems.push('no meta description');
  else if (description.length < DESCRIPTION_LENGTH.min || description.length > DESCRIPTION_LENGTH.max)
    problems.push(
      `description has ${description.length} characters (${DESCRIPTION_LENGTH.min} to ${DESCRIPTION_LENGTH.max}): "${description}"`,
    );

  for (const image of page.root.querySelectorAll('img')) {
    const alt = image.getAttribute('alt');
    const src = image.getAttribute('src') ?? '?';
    if (alt === undefined) problems.push(`image ${src} has no alt attribute`);
    else if (alt.trim() === '' && !markedDecorative(image))
      problems.push(`image ${src} has alt="" but is not marked decorative (aria-hidden="true")`);
  }

  const base = new URL(page.path, 'http://site.invalid');
  const references = [
    ...page.root.querySelectorAll('a[href], area[href]').map((element) => element.getAttribute('href') ?? ''),
    ...page.root
      .querySelectorAll('img[src], script[src], source[src], iframe[src]')
      .map((e) => e.getAttribute('src') ?? ''),
    ...page.root.querySelectorAll('link[href]').map((element) => element.getAttribute('href') ?? ''),
  ];
  for (const reference of new Set(references)) {
    if (!reference || /^(mailto|tel|sms|data|blob|javascript):/i.test(reference)) continue;
    const url = new URL(reference, base);
    if (url.origin !== base.origin) continue;
    const path = url.pathname;
    const onDemand = ON_DEMAND_ROUTES.some((route) => route.test(path.replace(/\/+$/, '') || '/'));
    if (!onDemand && !builtFile(clientDir, path)) {
      problems.push(`link to ${reference}: no such page or file`);
      continue;
    }
    const fragment = decodeURIComponent(url.hash.slice(1));
    if (!fragment || onDemand) continue;
    const targetIds = pageIds(path);
    if (targetIds && !targetIds.has(fragment))
      problems.push(`link to ${reference}: no element with id "${fragment}"`);
  }
  return problems;
}

/** Every finding over the built pages under clientDir (dist/client). */
export function crawlSite(clientDir: string): Finding[] {
  const pages = new Map<string, Page>();
  for (const file of htmlFiles(clientDir)) {
    pages.set(file, { path: pagePath(clientDir, file), root: parse(readFileSync(file, 'utf8')) });
  }
  const idCache = new Map<string, Set<string>>();
  const pageIds = (path: string): Set<string> | undefined => {
    const file = builtFile(clientDir, path);
    if (!file?.endsWith('.html')) return undefined;
    let found = idCache.get(file);
    if (!found) {
      const root = pages.get(file)?.root ?? parse(readFileSync(file, 'utf8'));
      found = ids(root);
      idCache.set(file, found);
    }
    return found;
  };
  return [...pages.values()]
    .sort((a, b) => a.path.localeCompare(b.path))
    .flatMap((page) => checkPage(page, clientDir, pageIds).map((problem) => ({ page: page.path, problem })));
}
