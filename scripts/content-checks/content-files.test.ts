import { describe, expect, it } from 'vitest';
import { pageSchema } from '../../src/content-schemas.ts';
import {
  contentMistakes,
  DATA_FILES,
  frontmatter,
  placeholderMistakes,
  yamlMistakes,
} from './content-files.ts';

describe('content files with their lines', () => {
  it('finds no mistake in the content of this checkout', () => {
    expect(contentMistakes('content')).toEqual([]);
  });

  it('names the line and column of a value of the wrong kind', () => {
    const text =
      'forms:\n  - id: a\n    order: first\n    title: A form\n    description: When.\n    file: /forms/a.pdf\n';
    expect(yamlMistakes('content/forms.yaml', text, DATA_FILES['forms.yaml'])).toEqual([
      'content/forms.yaml:3:12: forms.0.order: Invalid input: expected number, received string',
    ]);
  });

  it('points a missing field at the entry that lacks it', () => {
    const text = 'messages:\n  - Hello\nextra: 1\n';
    expect(yamlMistakes('b.yaml', text, DATA_FILES['navigation.yaml'])[0]).toMatch(/^b\.yaml:1:1: menus: /);
  });

  it('counts frontmatter lines from the line after the opening ---', () => {
    const page = '---\ntitle: A page title\ndescription: 12\n---\n\nText\n';
    const found = frontmatter(page);
    expect(found?.firstLine).toBe(2);
    expect(yamlMistakes('p.mdx', found?.yaml ?? '', pageSchema, found?.firstLine)).toEqual([
      'p.mdx:3:14: description: Invalid input: expected string, received number',
    ]);
  });

  it('reports YAML syntax errors with their line', () => {
    expect(yamlMistakes('x.yaml', 'messages:\n  - "open\n', DATA_FILES['banner.yaml'])[0]).toMatch(
      /^x\.yaml:3:1: Missing closing "quote/,
    );
  });

  it('names a placeholder the build does not know, with its line and column', () => {
    const text = 'title: Win\ndescription: Enter {entryLimt} at {brand}.\n';
    expect(placeholderMistakes('p.mdx', text)).toEqual([
      expect.stringMatching(/^p\.mdx:2:20: \{entryLimt\} is not a placeholder: write one of \{brand\}, /),
    ]);
  });
});
