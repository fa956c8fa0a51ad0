// Content that editors change by committing files under content/. Each collection documents its
// fields here; a build fails with a clear message when an entry breaks its schema.
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { z } from 'astro/zod';

const pages = defineCollection({
  // One MDX file per content page; the file name is the slug ({slug} in a name is the brand slug).
  loader: glob({ pattern: '*.mdx', base: './content/pages' }),
  schema: z.object({
    /** Page heading and <title>. {brand} is replaced by the brand name. */
    title: z.string(),
    /** Meta description for search results and link previews. */
    description: z.string(),
    /** Small label above the heading, e.g. the menu the page belongs to. */
    section: z.string().optional(),
    /** Fade the header toward green on scroll (SPEC 2.4). */
    headerFade: z.boolean().default(false),
  }),
});

export const collections = { pages };
