// Every reference to the product's rules ("product.md 2.6, 4") names a section that docs/product.md
// has, so a reader can follow it inside the repository. The specification's own name ("SPEC 5.1")
// points outside the repository: the scan reads it too, and refuses it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, repositoryLines } from '../support/repository-files.ts';

const THIS_FILE = 'tests/unit/product-references.test.ts';

const NUMBER = String.raw`\d+(?:\.\d+)?`;
/** "SPEC 2.9, 3, 4", "SPEC 5.1 and 5.2", "SPEC section 7", "product.md 5.6", "docs/product.md §3". */
const REFERENCE = new RegExp(
  String.raw`\b(?:SPEC|product\.md)(?: section| §)? ?(${NUMBER}(?:(?:, | and | or |/)${NUMBER})*)(?![\d.]*\d)`,
  'g',
);

/** The section numbers a text refers to, in order. */
function referencedSections(text: string): string[] {
  return [...text.matchAll(REFERENCE)].flatMap((match) => match[1]?.match(new RegExp(NUMBER, 'g')) ?? []);
}

/** The numbers of docs/product.md's sections ("## 5. Validation rules" -> 5, "### 5.1 ..." -> 5.1). */
function productSections(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((match) => match[1] as string));
}

describe('references to docs/product.md', () => {
  it('reads lists, both spellings and "section"', () => {
    expect(referencedSections('// The locator (SPEC 2.9, 3, 4, 8, 9): the store shape')).toEqual([
      '2.9',
      '3',
      '4',
      '8',
      '9',
    ]);
    expect(referencedSections('rules of SPEC 5.1 and 5.2 (product.md 5.6; docs/product.md §7)')).toEqual([
      '5.1',
      '5.2',
      '5.6',
      '7',
    ]);
    expect(referencedSections("Paths follow SPEC section 7; SPEC 8's texts; SPEC's s* names")).toEqual([
      '7',
      '8',
    ]);
    expect(referencedSections('a product 5 times over; SPEC order')).toEqual([]);
  });

  it('finds the numbered sections of product.md', () => {
    const sections = productSections('# Title\n## 1. What\n### 2.10 Frames\n## 5. Rules\n### 5.1 Giveaway\n');
    expect([...sections]).toEqual(['1', '2.10', '5', '5.1']);
  });

  it('has a section in docs/product.md for every reference in the tree, and no reference outside it', () => {
    const sections = productSections(readFileSync(join(ROOT, 'docs/product.md'), 'utf8'));
    const broken: string[] = [];
    const outside: string[] = []; // "SPEC n": the specification outside the repository
    let references = 0;
    for (const { file, line, text } of repositoryLines([THIS_FILE])) {
      if (/\bSPEC \d/.test(text)) outside.push(`${file}:${line}`);
      for (const section of referencedSections(text)) {
        references += 1;
        if (!sections.has(section)) broken.push(`${file}:${line}: ${section}`);
      }
    }
    expect(broken).toEqual([]);
    expect(outside).toEqual([]);
    expect(references).toBeGreaterThan(300); // the scan really read the tree
  });
});
