// The schemas of everything editors change under content/: the build's content collections
// (src/content.config.ts) parse the files with them, and the editing UI (keystatic.config.tsx) writes
// files that must pass them (tests/e2e/editing-ui.spec.ts saves a page through it and checks the file;
// scripts/content-checks/content-files.test.ts checks every file here).
// Plain astro/zod, so tests and scripts can import them outside Astro.
import { z } from 'astro/zod';
import { parse } from 'yaml';
import { VIDEO_FILE, YOUTUBE_ID } from './components/content/video.ts';

/** An address inside the site: a path, never another origin. */
const sitePath = z.string().startsWith('/');

/**
 * An optional group of fields. The editing UI leaves out empty text fields, so a group left empty
 * there arrives as `{}` (no `key`): that counts as absent.
 */
const optionalGroup = <S extends z.ZodType>(key: string, schema: S) =>
  z.preprocess(
    (value) => (value && typeof value === 'object' && !(key in value) ? undefined : value),
    schema.optional(),
  );

export const pageSchema = z.object({
  /** Page heading and <title>. {brand} is replaced by the brand name. */
  title: z.string(),
  /** Meta description for search results and link previews. */
  description: z.string(),
  /** Small label above the heading, e.g. the menu the page belongs to. */
  section: z.string().optional(),
  /** Fade the header toward green on scroll (product.md 2.4). */
  headerFade: z.boolean().default(false),
  /**
   * Illustration shown beside the heading: a file under public/ (e.g. /media/cafe.svg) with its
   * text alternative and intrinsic size. Leave it out for a text-only page.
   */
  hero: optionalGroup(
    'src',
    z.object({
      src: sitePath,
      alt: z.string(),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
    }),
  ),
  /**
   * Load the recruiting assistant (site.recruitingScriptUrl) on this page. Only the careers page sets
   * it (product.md 2.1); nothing loads when no script address is configured.
   */
  recruitingAssistant: z.boolean().default(false),
});

/** content/faq.yaml: FAQ sections (product.md 3), shown in `order` on /help/faq. */
export const faqSectionSchema = z.object({
  /** Stable section id, e.g. `general`; also the anchor of the section on the page. */
  id: z.string(),
  /** Position on the page, smallest first. */
  order: z.number().int(),
  /** Section header. {brand} is replaced by the brand name. */
  header: z.string(),
  items: z
    .array(
      z.object({
        /** The question, shown as the accordion's button. {brand} is replaced. */
        question: z.string(),
        /** The answer; each line break starts a paragraph. {brand} is replaced. */
        answer: z.string(),
        /** Optional link shown after the answer, e.g. to a form or a page. */
        link: optionalGroup('href', z.object({ href: sitePath, text: z.string() })),
      }),
    )
    .min(1),
});

/** content/forms.yaml: the downloadable card-service forms listed on /help/forms (product.md 2.7). */
export const formSchema = z.object({
  /** Stable id, e.g. `transaction-dispute`. */
  id: z.string(),
  /** Position in the list, smallest first. */
  order: z.number().int(),
  /** Link text. */
  title: z.string(),
  /** One sentence saying when to use the form. {brand} is replaced. */
  description: z.string(),
  /** The PDF under public/, e.g. /forms/transaction-dispute-form.pdf (its size is read at build). */
  file: z.string().regex(/^\/forms\/[a-z0-9-]+\.pdf$/),
});

/** content/departments.yaml: the subject list of each contact-form department on /help (product.md 9). */
export const departmentSchema = z.object({
  /** Stable id, e.g. `customer-service`. */
  id: z.string(),
  /** The department's number, 1 to 9 (product.md 9); its name is fixed in src/features/contact/departments.ts. */
  department: z.number().int().min(1).max(9),
  /** Subjects in the order shown; 'Other (Enter Below)' is added after them. {brand} is replaced. */
  subjects: z.array(z.string().min(1).max(150)).min(1),
});

/** A link of a menu; {brand} and {slug} are replaced in the label and the address. */
const menuLinkSchema = z.object({
  label: z.string().min(1),
  /** A path inside the site, or a full https address for another site. */
  href: z.string().regex(/^(\/|https:\/\/)/),
  /** Shown only signed out or signed in (the pre-paint classes on <html>); the editing UI's 'Always' is ''. */
  when: z.preprocess(
    (when) => (when === '' ? undefined : when),
    z.enum(['if-signed-out', 'if-signed-in']).optional(),
  ),
});

/** content/navigation.yaml: the header's menus (product.md 2.4), the footer (2.3) and the top bar's links (2.2). */
export const navigationSchema = z.object({
  menus: z
    .array(
      z.object({
        /** Stable id (aria-controls); the `contact` menu is also the help area's side menu (product.md 2.7). */
        id: z.string().regex(/^[a-z0-9-]+$/),
        label: z.string().min(1),
        links: z.array(menuLinkSchema).min(1),
      }),
    )
    .min(1),
  footer: z.array(z.object({ title: z.string().min(1), links: z.array(menuLinkSchema).min(1) })).min(1),
  quickLinks: z.array(menuLinkSchema),
});

/** content/banner.yaml: the top banner's messages after the giveaway's invitation (product.md 2.2). */
export const bannerSchema = z.object({
  /** Each one links to /news. {brand} is replaced. */
  messages: z.array(z.string().min(1).max(120)),
});

/** content/videos.yaml: the home page's video tabs (product.md 2.5), shown in `order`. */
export const videoSchema = z
  .object({
    /** Stable id, e.g. `gift-card`. */
    id: z.string(),
    /** Position of the tab, smallest first. */
    order: z.number().int(),
    /** The tab's label and the video's name. {brand} is replaced. */
    title: z.string().min(1),
    /** One line under the video saying what it is about. {brand} is replaced. */
    summary: z.string().min(1),
    /** Poster image under public/ (16:9), shown before play or instead of a player. */
    poster: sitePath,
    /** A self-hosted MP4 under public/media/. */
    src: z.string().regex(VIDEO_FILE).optional(),
    /** The id of a published YouTube video. */
    youtube: z.string().regex(YOUTUBE_ID).optional(),
  })
  .refine((video) => !(video.src && video.youtube), { message: 'Give either src or youtube, not both.' });

/**
 * A data file's entries for Astro's file() loader. The editing UI stores a file as one object (its
 * fields at the top), so a list lives under a key (`sections:`), and a file that is one whole
 * (the navigation) becomes a single entry with the id `site`.
 */
export const listIn =
  (key: string) =>
  (text: string): Record<string, unknown>[] =>
    (parse(text) as Record<string, Record<string, unknown>[]>)[key] ?? [];
export const singleEntry = (text: string): Record<string, unknown>[] => [
  { id: 'site', ...(parse(text) as Record<string, unknown>) },
];
