// The editing UI (Keystatic) over the files under content/: at /keystatic in `npm run dev`, where it
// writes the files of this checkout (local mode); on a deployed site only when its GitHub settings are
// given (astro.config.mjs, docs/decisions/0013-editing-ui.md), where it commits on a branch for editors
// who may write to the repository. Every field here writes what the build's schema
// (src/content-schemas.ts) reads: scripts/content-checks/content-files.test.ts and tests/e2e/editing-ui.spec.ts check it.
import { collection, config, fields, singleton } from '@keystatic/core';
import { block, inline, mark, wrapper } from '@keystatic/core/content-components';

const text = (label: string, description?: string) =>
  fields.text({ label, description, validation: { isRequired: true } });
const optionalText = (label: string, description?: string) => fields.text({ label, description });
const count = (label: string, description?: string) =>
  fields.integer({ label, description, validation: { isRequired: true } });
const PLACEHOLDERS = 'Write {brand} for the brand name and {slug} for its short name.';

/** The components a content page may use (src/components/content/mdx.ts; content/README.md). */
const pageComponents = {
  Button: mark({
    label: 'Button',
    icon: <span aria-hidden="true">▭</span>,
    tag: 'a',
    className: 'button',
    schema: {
      href: text('Address', 'A path inside the site, e.g. /stores.'),
      variant: fields.select({
        label: 'Style',
        options: [
          { label: 'Solid green', value: 'primary' },
          { label: 'Green outline', value: 'outline' },
          { label: 'Solid red', value: 'red' },
        ],
        defaultValue: 'primary',
      }),
    },
  }),
  Phone: inline({ label: 'Customer service phone number', schema: {} }),
  Image: block({
    label: 'Image',
    schema: {
      src: text('File', 'A file in public/media/, e.g. /media/cafe.svg.'),
      alt: optionalText('Description', 'What the image shows; leave empty only for pure decoration.'),
      width: count('Width (pixels)'),
      height: count('Height (pixels)'),
      caption: optionalText('Caption'),
      eager: fields.checkbox({ label: 'The first image at the top of the page (loads at once)' }),
    },
  }),
  GiveawayImage: block({ label: 'Giveaway image', schema: { alt: text('Description') } }),
  Video: block({
    label: 'Video',
    schema: {
      title: text('Title', "The video's name, shown under its poster or player."),
      poster: optionalText('Poster', 'A file in public/media/ (16:9); the default poster when empty.'),
      src: optionalText('Video file', 'A self-hosted MP4 in public/media/, e.g. /media/home/hero.mp4.'),
      youtube: optionalText('YouTube id', 'Of a published video: the part after v= in its address.'),
    },
  }),
  GiftCardBalance: block({ label: 'Gift card balance form', schema: {} }),
  SignedIn: wrapper({ label: 'Only for signed-in visitors', schema: {} }),
  SignedOut: wrapper({ label: 'Only for signed-out visitors', schema: {} }),
};

const menuLink = fields.object({
  label: text('Label', `${PLACEHOLDERS} {payPortal} is the payment portal's name.`),
  href: text('Address', 'A path inside the site (/stores) or a full https:// address.'),
  when: fields.select({
    label: 'Shown',
    options: [
      { label: 'Always', value: '' },
      { label: 'Only signed out', value: 'if-signed-out' },
      { label: 'Only signed in', value: 'if-signed-in' },
    ],
    defaultValue: '',
  }),
});
const menuLinks = (label: string) =>
  fields.array(menuLink, { label, itemLabel: (props) => props.fields.label.value || 'New link' });

const dataFile = (path: string) => ({ path, format: { data: 'yaml' as const } });

const githubRepo = import.meta.env.PUBLIC_KEYSTATIC_GITHUB_REPO as `${string}/${string}` | undefined;

export default config({
  // Local mode only in `astro dev`; a build includes the UI only with the GitHub settings.
  storage: import.meta.env.DEV
    ? { kind: 'local' }
    : {
        kind: 'github',
        repo: githubRepo ?? 'missing/PUBLIC_KEYSTATIC_GITHUB_REPO',
        branchPrefix: 'content/',
      },
  ui: {
    brand: { name: 'Website content' },
    navigation: {
      Pages: ['pages'],
      Help: ['faq', 'forms', 'departments'],
      'Site chrome': ['navigation', 'banner', 'videos'],
    },
  },
  collections: {
    pages: collection({
      label: 'Content pages',
      path: 'content/pages/*',
      slugField: 'title',
      entryLayout: 'content',
      format: { contentField: 'content' },
      columns: ['title'],
      schema: {
        title: fields.slug({
          name: { label: 'Title', description: `Page heading and browser title. ${PLACEHOLDERS}` },
          slug: {
            label: 'Address',
            description: 'The file name and the page address: /<address>. {slug} becomes the short name.',
            validation: {
              pattern: { regex: /^[a-z0-9{}-]+$/, message: 'Lowercase letters, digits and dashes' },
            },
          },
        }),
        description: fields.text({
          label: 'Description',
          description: 'One or two sentences for search results and link previews (50 to 160 characters).',
          multiline: true,
          validation: { isRequired: true, length: { min: 50, max: 160 } },
        }),
        section: optionalText('Section', 'Small label above the heading: the menu the page is in.'),
        hero: fields.object(
          {
            src: optionalText('File', 'A file in public/media/; leave empty for a page without one.'),
            alt: optionalText('What it shows'),
            width: fields.integer({ label: 'Width (pixels)' }),
            height: fields.integer({ label: 'Height (pixels)' }),
          },
          { label: 'Illustration beside the heading' },
        ),
        headerFade: fields.checkbox({ label: 'Header turns green as the visitor scrolls' }),
        recruitingAssistant: fields.checkbox({ label: 'Load the recruiting assistant (careers page only)' }),
        content: fields.mdx({ label: 'Page', components: pageComponents }),
      },
    }),
  },
  singletons: {
    faq: singleton({
      label: 'FAQ',
      ...dataFile('content/faq'),
      schema: {
        sections: fields.array(
          fields.object({
            id: text('Id', 'Stable id, also the anchor of the section on /help/faq.'),
            order: count('Position', 'Smallest first.'),
            header: text('Header'),
            items: fields.array(
              fields.object({
                question: text('Question'),
                answer: fields.text({
                  label: 'Answer',
                  multiline: true,
                  description: 'Each line break starts a paragraph.',
                  validation: { isRequired: true },
                }),
                link: fields.object(
                  { href: optionalText('Address'), text: optionalText('Link text') },
                  { label: 'Link after the answer (optional)' },
                ),
              }),
              { label: 'Questions', itemLabel: (props) => props.fields.question.value },
            ),
          }),
          { label: 'Sections', itemLabel: (props) => props.fields.header.value },
        ),
      },
    }),
    forms: singleton({
      label: 'Help forms',
      ...dataFile('content/forms'),
      schema: {
        forms: fields.array(
          fields.object({
            id: text('Id'),
            order: count('Position', 'Smallest first.'),
            title: text('Link text'),
            description: text('When to use it'),
            file: text('PDF', 'A file in public/forms/, e.g. /forms/name-change-form.pdf.'),
          }),
          { label: 'Forms', itemLabel: (props) => props.fields.title.value },
        ),
      },
    }),
    departments: singleton({
      label: 'Contact departments',
      ...dataFile('content/departments'),
      schema: {
        departments: fields.array(
          fields.object({
            id: text('Id'),
            department: fields.integer({
              label: 'Department number (1 to 9)',
              validation: { isRequired: true, min: 1, max: 9 },
            }),
            subjects: fields.array(text('Subject'), {
              label: "Subjects ('Other (Enter Below)' is added after them)",
              itemLabel: (props) => props.value,
            }),
          }),
          { label: 'Departments', itemLabel: (props) => props.fields.id.value },
        ),
      },
    }),
    navigation: singleton({
      label: 'Menus and footer links',
      ...dataFile('content/navigation'),
      schema: {
        menus: fields.array(
          fields.object({
            id: text('Id', 'Lowercase; the contact menu is also the help side menu.'),
            label: text('Label'),
            links: menuLinks('Links'),
          }),
          { label: 'Header menus', itemLabel: (props) => props.fields.label.value },
        ),
        footer: fields.array(fields.object({ title: text('Title'), links: menuLinks('Links') }), {
          label: 'Footer columns',
          itemLabel: (props) => props.fields.title.value,
        }),
        quickLinks: menuLinks('Top bar links'),
      },
    }),
    banner: singleton({
      label: 'Banner messages',
      ...dataFile('content/banner'),
      schema: {
        messages: fields.array(
          fields.text({ label: 'Message', validation: { isRequired: true, length: { max: 120 } } }),
          { label: 'Messages after the giveaway invitation', itemLabel: (props) => props.value },
        ),
      },
    }),
    videos: singleton({
      label: 'Home page videos',
      ...dataFile('content/videos'),
      schema: {
        videos: fields.array(
          fields.object({
            id: text('Id', 'Stable, e.g. gift-card.'),
            order: fields.integer({ label: 'Position', validation: { isRequired: true } }),
            title: text('Title', "The tab label and the video's name."),
            summary: text('Summary', 'One line under the video.'),
            poster: text('Poster', 'A file in public/media/ (16:9).'),
            src: optionalText('Video file', 'A self-hosted MP4 in public/media/; leave empty for none.'),
            youtube: optionalText(
              'YouTube id',
              'Of a published video; give a file or a YouTube id, not both.',
            ),
          }),
          { label: 'Videos', itemLabel: (props) => props.fields.title.value },
        ),
      },
    }),
  },
});
