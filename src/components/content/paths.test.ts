import { describe, expect, it } from 'vitest';
import { site } from '../../site.config.ts';
import { pageAddresses, pageSlug } from './paths.ts';

describe('content page slugs', () => {
  it('puts the brand slug into file names that hold {slug}', () => {
    expect(pageSlug('history-of-{slug}')).toBe(`history-of-${site.slug}`);
    expect(pageSlug('{slug}pay')).toBe(`${site.slug}pay`);
  });

  it('leaves other names as they are', () => {
    expect(pageSlug('charge-card')).toBe('charge-card');
  });

  it('answers each page at its slug and at /page/{slug}', () => {
    expect(pageAddresses('{slug}pay')).toEqual([`${site.slug}pay`, `page/${site.slug}pay`]);
  });
});
