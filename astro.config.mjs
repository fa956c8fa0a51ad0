// @ts-check
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { satteri } from '@astrojs/markdown-satteri';
import mdx from '@astrojs/mdx';
import netlify from '@astrojs/netlify';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import keystatic from '@keystatic/astro';
import { defineConfig } from 'astro/config';
import { inlineScriptHashes, inlineScripts } from './scripts/inline-scripts.mjs';
import { contentPlaceholders } from './src/components/content/content-placeholders.ts';
import { isPersonal } from './src/lib/cache-policy.ts';
import { FRAME_ANCESTORS, netlifyHeadersFile } from './src/lib/security-headers.ts';

// Tiny classic scripts that must run before first paint (the signed-in class on <html>, the island
// retry) live in src/inline/, readable; the layouts inline them minified (scripts/inline-scripts.mjs).
// Astro's CSP does not hash `is:inline` scripts, so their hashes are computed here from the very text
// the layouts inline.
const inlineHashes = inlineScriptHashes();

const siteUrl = process.env.SITE_URL ?? 'http://localhost:4321';
// DEPLOY_TARGET=netlify (set in netlify.toml) builds static pages plus one function for Netlify;
// otherwise the Node adapter for src/server/http/server.ts. See docs/decisions/0006-netlify-deploy.md.
const onNetlify = process.env.DEPLOY_TARGET === 'netlify';
if (onNetlify) {
  // A Netlify function's request body is capped by the platform (about 6 MB, and less once a binary
  // body is encoded): the applications' files get 2 MB each there (src/features/applications/uploads.ts).
  process.env.PUBLIC_UPLOAD_LIMIT_BYTES ??= String(2 * 1024 * 1024);
  // SQLite cannot run in a function (src/server/netlify-refusals.ts). Netlify may hand the build
  // only the variables scoped to Builds, so this warns; the function refuses at its first request.
  if (!process.env.DATABASE_URL) {
    console.warn(
      '[netlify] DATABASE_URL is not set in the build environment. The function refuses to serve ' +
        "without it (SQLite cannot run on Netlify): set PostgreSQL's pooled connection string in the " +
        "site's environment variables, scoped to Functions (and to Builds, to silence this warning).",
    );
  }
}

// The editing UI (Keystatic, keystatic.config.tsx) at /keystatic: always in `astro dev` (local mode,
// writing this checkout's files); in a build only when every GitHub setting is given (GitHub mode:
// editors who may write to the repository sign in with GitHub and commit on a branch). Otherwise a
// build has no /keystatic at all: the server answers 404. docs/decisions/0013-editing-ui.md.
const EDITING_UI_SETTINGS = [
  'KEYSTATIC_GITHUB_CLIENT_ID',
  'KEYSTATIC_GITHUB_CLIENT_SECRET',
  'KEYSTATIC_SECRET',
  'PUBLIC_KEYSTATIC_GITHUB_REPO',
];
/** @type {import('astro').AstroIntegration} */
const editingUi = {
  name: 'kwikfill:editing-ui',
  hooks: {
    'astro:config:setup': (options) => {
      const configured = EDITING_UI_SETTINGS.every((name) => process.env[name]);
      if (options.command !== 'dev' && !configured) return;
      return keystatic().hooks['astro:config:setup']?.(/** @type {any} */ (options));
    },
  },
};

/** Netlify's `_headers` for the published static files, from the rules the Node server uses too. */
/** @type {import('astro').AstroIntegration} */
const netlifyHeaders = {
  name: 'kwikfill:netlify-headers',
  hooks: {
    'astro:build:done': ({ dir }) => writeFileSync(new URL('_headers', dir), netlifyHeadersFile()),
  },
};

/**
 * Netlify: each prebuilt page as `news.html`, not `news/index.html`, so the CDN serves it at its one
 * address, `/news` (a folder's index it serves at `/news/` and sends `/news` there); the edge function
 * answers `/news/` with a 301 (netlify/edge-functions/maintenance.ts). Moved after the build, not
 * `build.format: 'file'`: that renders every page with `Astro.url` at `/news.html` (the canonical link,
 * the menus). The home page stays `index.html`; a page named with its extension (`fleet-fueling.html`)
 * becomes that file.
 */
/** @type {import('astro').AstroIntegration} */
const netlifyPageFiles = {
  name: 'kwikfill:netlify-page-files',
  hooks: {
    'astro:build:done': ({ dir, pages }) => {
      const root = fileURLToPath(dir);
      for (const { pathname } of pages) {
        const path = pathname.replace(/^\/+|\/+$/g, '');
        const index = join(root, path, 'index.html');
        if (!path || !existsSync(index)) continue;
        const html = readFileSync(index);
        rmSync(index);
        if (readdirSync(dirname(index)).length === 0) rmdirSync(dirname(index));
        const file = join(root, path.endsWith('.html') ? path : `${path}.html`);
        if (existsSync(file)) throw new Error(`The page /${path} has two files: ${file} and an index.html`);
        writeFileSync(file, html);
      }
    },
  },
};

export default defineConfig({
  site: siteUrl,
  // Parallel builds (several developers or test runs on one machine) each use their own folders.
  outDir: process.env.DIST_DIR ?? './dist',
  cacheDir: process.env.ASTRO_CACHE_DIR ?? './node_modules/.astro',
  output: 'static',
  // staticHeaders: the prerendered pages' CSP goes out as a header (frame-ancestors needs one).
  adapter: onNetlify ? netlify({ staticHeaders: true, imageCDN: false }) : node({ mode: 'middleware' }),
  // {brand} and {slug} in MDX pages become the brand's name and slug at build time.
  integrations: [
    mdx({ processor: satteri({ mdastPlugins: [contentPlaceholders] }) }),
    react(),
    editingUi,
    ...(onNetlify ? [netlifyHeaders, netlifyPageFiles] : []),
    // Prebuilt pages; the store pages come from the database, in their own sitemap (on request).
    // Only canonical pages that answer 200 and may be indexed (tests/system/sitemap.test.ts checks
    // every address): not the /page/{slug} copies (their canonical is the bare slug), a redirect, an
    // error or maintenance screen, a frame, or a personal account screen; /stores is in the stores'.
    sitemap({
      filter: (page) => {
        const path = new URL(page).pathname.replace(/\/+$/, '') || '/';
        if (path.startsWith('/account') && isPersonal(path)) return false;
        return !/^\/(page|frame)\/|^\/(404|500|maintenance|unavailable|stores|giveaway\/confirm|giveaway\/rules)$/.test(
          path,
        );
      },
      customSitemaps: [new URL('/sitemap-stores.xml', siteUrl).href],
    }),
  ],
  vite: {
    plugins: [inlineScripts()],
    // The browser's code: React, React DOM, the scheduler and the island renderer, which every island
    // page loads together, go out as one file (one request, and about 1 KB less once compressed
    // than five: bench/pages.mjs). Content pages load none of it.
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'react',
                    test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react|@nanostores[\\/]react)[\\/]/,
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
  // One address per page, without a trailing slash, as every link and the product's route list write it (the
  // canonical link and the sitemap follow this); the Node server answers `/news/` with a 301 to `/news`
  // (src/server/http/server.ts); on Netlify the edge function does, for every page (netlifyPageFiles above).
  trailingSlash: 'never',
  build: { format: 'directory' },
  server: { port: Number(process.env.PORT ?? 4321), host: process.env.HOST ?? '127.0.0.1' },
  security: {
    // Astro's origin check answers form-encoded POSTs with a plain-text 403 before the API sees
    // them, but every API mistake must be a JSON 4xx. The API refuses non-JSON bodies (415) and
    // requires the X-API-Key header, which a cross-site form cannot send, so CSRF stays covered.
    checkOrigin: false,
    csp: {
      // The base every page gets: no third party. A page adds the origins of the third-party pieces it
      // uses, when they are configured (src/layouts/page-sources.ts, applied by BaseLayout).
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        "connect-src 'self'",
        // The map's worker is served from this origin (src/features/locator/StoreMap.tsx).
        "worker-src 'self'",
        "frame-src 'self'",
        "media-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self' https:",
        // Only a header can carry frame-ancestors (on Node, src/server/http/headers.ts adds it).
        ...(onNetlify ? [FRAME_ANCESTORS] : []),
      ],
      scriptDirective: {
        hashes: inlineHashes,
        resources: ["'self'"],
      },
    },
  },
});
