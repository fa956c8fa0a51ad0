import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENTRY_LIMIT, GIVEAWAY_STATE_NAMES } from '../../features/giveaway/policy.ts';
import { site } from '../../site.config.ts';
import { contentText, unknownPlaceholders } from './content-text.ts';

const contentFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? contentFiles(join(dir, entry.name))
      : /\.(mdx|yaml)$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );

describe('content placeholders', () => {
  it('fills the brand and the giveaway rule from their one place', () => {
    expect(contentText('Welcome to {brand} ({slug}), {payPortal}')).toBe(
      `Welcome to ${site.name} (${site.slug}), ${site.payPortalName}`,
    );
    expect(
      contentText('Enter {entryLimit}: {entryLimitPerPerson}, again {nextEntry}. {giveawayStates}.'),
    ).toBe(
      `Enter ${ENTRY_LIMIT.often}: ${ENTRY_LIMIT.perPerson}, again ${ENTRY_LIMIT.next}. ${GIVEAWAY_STATE_NAMES}.`,
    );
  });

  it('leaves other braces as written and names unknown placeholders', () => {
    expect(contentText('{ href: /stores } {brnad}')).toBe('{ href: /stores } {brnad}');
    expect(unknownPlaceholders('{brand} {brnad} { x } {entryLimit}')).toEqual(['brnad']);
  });

  it('the content of this checkout quotes the giveaway rule through placeholders, never in words', () => {
    const typed = [ENTRY_LIMIT.often, ENTRY_LIMIT.perPerson, GIVEAWAY_STATE_NAMES].map((words) =>
      words.toLowerCase(),
    );
    const found = contentFiles('content').flatMap((file) => {
      const text = readFileSync(file, 'utf8').toLowerCase();
      return typed.filter((words) => text.includes(words)).map((words) => `${file}: ${words}`);
    });
    expect(found).toEqual([]);
  });
});
