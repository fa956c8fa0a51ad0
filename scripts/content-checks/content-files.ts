// Checks every file under content/ against its schema (src/content-schemas.ts) before the build, and
// names the file, line and column of each mistake: Astro's own error names only the file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'astro/zod';
import { LineCounter, type Node, parseDocument } from 'yaml';
import { CONTENT_VARIABLES, unknownPlaceholders } from '../../src/components/content/content-text.ts';
import {
  bannerSchema,
  departmentSchema,
  faqSectionSchema,
  formSchema,
  navigationSchema,
  pageSchema,
  videoSchema,
} from '../../src/content-schemas.ts';

/** Each data file's whole shape: the build's list entries under their key, or one object. */
export const DATA_FILES = {
  'faq.yaml': z.object({ sections: z.array(faqSectionSchema) }),
  'forms.yaml': z.object({ forms: z.array(formSchema) }),
  'departments.yaml': z.object({ departments: z.array(departmentSchema) }),
  'navigation.yaml': navigationSchema,
  'banner.yaml': bannerSchema,
  'videos.yaml': z.object({ videos: z.array(videoSchema) }),
} satisfies Record<string, z.ZodType>;

/**
 * The mistakes of one YAML text as `file:line:column: where: message` lines. `firstLine` is the line of
 * the text's start in the file (a page's frontmatter starts on line 2).
 */
export function yamlMistakes(file: string, text: string, schema: z.ZodType, firstLine = 1): string[] {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  const at = (offset: number) => {
    const { line, col } = lineCounter.linePos(offset);
    return `${file}:${line + firstLine - 1}:${col}`;
  };
  if (doc.errors.length > 0)
    return doc.errors.map((error) => `${at(error.pos[0])}: ${error.message.split('\n')[0]}`);
  const result = schema.safeParse(doc.toJS());
  if (result.success) return [];
  return result.error.issues.map((issue) => {
    // A missing field has no node: point at the nearest one that exists (its parent).
    let path = issue.path as (string | number)[];
    let node = doc.getIn(path, true) as Node | undefined;
    while (!node?.range && path.length > 0) {
      path = path.slice(0, -1);
      node = (path.length ? doc.getIn(path, true) : doc.contents) as Node | undefined;
    }
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    return `${at(node?.range?.[0] ?? 0)}: ${where}${issue.message}`;
  });
}

/** A page's frontmatter (between the first two `---` lines) and the line it starts on. */
export function frontmatter(text: string): { yaml: string; firstLine: number } | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  return match ? { yaml: match[1] ?? '', firstLine: 2 } : undefined;
}

/** A `{name}` that is no placeholder would be shown as typed (content/README.md, "Placeholders"). */
export function placeholderMistakes(file: string, text: string): string[] {
  const known = Object.keys(CONTENT_VARIABLES)
    .map((name) => `{${name}}`)
    .join(', ');
  return text
    .split('\n')
    .flatMap((line, index) =>
      unknownPlaceholders(line).map(
        (name) =>
          `${file}:${index + 1}:${line.indexOf(`{${name}}`) + 1}: {${name}} is not a placeholder: write one of ${known}`,
      ),
    );
}

/** Every mistake in the files under contentDir (content/), as `file:line:column: ...` lines. */
export function contentMistakes(contentDir: string): string[] {
  const mistakes: string[] = [];
  for (const [name, schema] of Object.entries(DATA_FILES)) {
    const file = join(contentDir, name);
    const text = readFileSync(file, 'utf8');
    mistakes.push(...yamlMistakes(file, text, schema), ...placeholderMistakes(file, text));
  }
  const pagesDir = join(contentDir, 'pages');
  for (const name of readdirSync(pagesDir)
    .filter((entry) => entry.endsWith('.mdx'))
    .sort()) {
    const file = join(pagesDir, name);
    const text = readFileSync(file, 'utf8');
    mistakes.push(...placeholderMistakes(file, text));
    const found = frontmatter(text);
    if (!found)
      mistakes.push(`${file}:1:1: no frontmatter: a page starts with a block between two --- lines`);
    else mistakes.push(...yamlMistakes(file, found.yaml, pageSchema, found.firstLine));
  }
  return mistakes;
}
