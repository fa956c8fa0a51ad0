import { getCollection } from 'astro:content';
import { site } from '../../site.config';

/** File names may hold {slug} (e.g. history-of-{slug}.mdx) so the brand slug is set in one place. */
export const pageSlug = (id: string): string => id.replaceAll('{slug}', site.slug);

export async function contentPaths() {
  const entries = await getCollection('pages');
  return entries.map((entry) => ({ params: { slug: pageSlug(entry.id) }, props: { entry } }));
}
