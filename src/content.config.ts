// Content that editors change by committing files under content/. Each collection documents its
// fields here; a build fails with a clear message when an entry breaks its schema.
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { VIDEO_FILE, YOUTUBE_ID } from './components/content/video';

const pages = defineCollection({
  // One MDX file per content page; the file name is the slug ({slug} in a name is the brand slug).
  // The id is the bare file name: the default id would slugify `history-of-{slug}` to `history-of-slug`.
  loader: glob({
    pattern: '*.mdx',
    base: './content/pages',
    generateId: ({ entry }) => entry.replace(/\.mdx$/, ''),
  }),
  schema: z.object({
    /** Page heading and <title>. {brand} is replaced by the brand name. */
    title: z.string(),
    /** Meta description for search results and link previews. */
    description: z.string(),
    /** Small label above the heading, e.g. the menu the page belongs to. */
    section: z.string().optional(),
    /** Fade the header toward green on scroll (SPEC 2.4). */
    headerFade: z.boolean().default(false),
    /**
     * Illustration shown beside the heading: a file under public/ (e.g. /media/cafe.svg) with its
     * text alternative and intrinsic size. Leave it out for a text-only page.
     */
    hero: z
      .object({
        src: z.string().startsWith('/'),
        alt: z.string(),
        width: z.number().int().positive(),
        height: z.number().int().positive(),
      })
      .optional(),
    /**
     * Load the recruiting assistant (site.recruitingScriptUrl) on this page. Only the careers page sets
     * it (SPEC 2.1); nothing loads when no script address is configured.
     */
    recruitingAssistant: z.boolean().default(false),
  }),
});

const faq = defineCollection({
  // content/faq.yaml: a list of FAQ sections (SPEC 3), shown in `order` on /help/faq.
  loader: file('content/faq.yaml'),
  schema: z.object({
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
          /** The answer; each line break (a blank line in a folded `>-` block) starts a paragraph. {brand} is replaced. */
          answer: z.string(),
          /** Optional link shown after the answer, e.g. to a form or a page. */
          link: z.object({ href: z.string().startsWith('/'), text: z.string() }).optional(),
        }),
      )
      .min(1),
  }),
});

const forms = defineCollection({
  // content/forms.yaml: the downloadable card-service forms listed on /help/forms (SPEC 2.7).
  loader: file('content/forms.yaml'),
  schema: z.object({
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
  }),
});

const departments = defineCollection({
  // content/departments.yaml: the subject list of each contact-form department on /help (SPEC 9).
  loader: file('content/departments.yaml'),
  schema: z.object({
    /** Stable id, e.g. `customer-service`. */
    id: z.string(),
    /** The department's number, 1 to 9 (SPEC 9); its name is fixed in src/features/contact/departments.ts. */
    department: z.number().int().min(1).max(9),
    /** Subjects in the order shown; 'Other (Enter Below)' is added after them. {brand} is replaced. */
    subjects: z.array(z.string().min(1).max(150)).min(1),
  }),
});

const videos = defineCollection({
  // content/videos.yaml: the home page's video tabs (SPEC 2.5). The <Video> component of the content
  // pages takes the same fields (src/components/content/video.ts).
  loader: file('content/videos.yaml'),
  schema: z
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
      poster: z.string().startsWith('/'),
      /** A self-hosted MP4 under public/media/. */
      src: z.string().regex(VIDEO_FILE).optional(),
      /** The id of a published YouTube video. */
      youtube: z.string().regex(YOUTUBE_ID).optional(),
    })
    .refine((video) => !(video.src && video.youtube), { message: 'Give either src or youtube, not both.' }),
});

export const collections = { pages, faq, forms, departments, videos };
