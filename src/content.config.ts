// Content that editors change under content/, by hand or in the editing UI (/keystatic in `npm run
// dev`: keystatic.config.tsx). The schemas, with each field documented, live in src/content-schemas.ts;
// a build fails with a clear message when an entry breaks one (and `npm run check:content` names its line).
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import {
  bannerSchema,
  departmentSchema,
  faqSectionSchema,
  formSchema,
  listIn,
  navigationSchema,
  pageSchema,
  singleEntry,
  videoSchema,
} from './content-schemas.ts';

const pages = defineCollection({
  // One MDX file per content page; the file name is the slug ({slug} in a name is the brand slug).
  // The id is the bare file name: the default id would slugify `history-of-{slug}` to `history-of-slug`.
  loader: glob({
    pattern: '*.mdx',
    base: './content/pages',
    generateId: ({ entry }) => entry.replace(/\.mdx$/, ''),
  }),
  schema: pageSchema,
});

const faq = defineCollection({
  loader: file('content/faq.yaml', { parser: listIn('sections') }),
  schema: faqSectionSchema,
});

const forms = defineCollection({
  loader: file('content/forms.yaml', { parser: listIn('forms') }),
  schema: formSchema,
});

const departments = defineCollection({
  loader: file('content/departments.yaml', { parser: listIn('departments') }),
  schema: departmentSchema,
});

// One entry each, with the id `site`.
const navigation = defineCollection({
  loader: file('content/navigation.yaml', { parser: singleEntry }),
  schema: navigationSchema,
});
const banner = defineCollection({
  loader: file('content/banner.yaml', { parser: singleEntry }),
  schema: bannerSchema,
});
// content/videos.yaml: the home page's video tabs (product.md 2.5). The <Video> component of the content
// pages takes the same fields (src/components/content/video.ts).
const videos = defineCollection({
  loader: file('content/videos.yaml', { parser: listIn('videos') }),
  schema: videoSchema,
});

export const collections = { pages, faq, forms, departments, navigation, banner, videos };
