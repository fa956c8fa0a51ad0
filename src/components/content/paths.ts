import { getCollection } from 'astro:content';
import { site } from '../../site.config.ts';

/** File names may hold {slug} (e.g. history-of-{slug}.mdx) so the brand slug is set in one place. */
export const pageSlug = (id: string): string => id.replaceAll('{slug}', site.slug);

/** The addresses of one content page: its bare slug and the /page/{slug} alias (product.md 2.1). */
export const pageAddresses = (id: string): string[] => [pageSlug(id), `page/${pageSlug(id)}`];

export async function contentPaths() {
  const entries = await getCollection('pages');
  return entries.flatMap((entry) =>
    pageAddresses(entry.id).map((slug) => ({ params: { slug }, props: { entry } })),
  );
}
