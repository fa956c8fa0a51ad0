import { mdxToJs } from 'satteri';
import { describe, expect, it } from 'vitest';
import { site } from '../../site.config.ts';
import {
  contentPlaceholders,
  placeholderAttributes,
  placeholderText,
  placeholderUrl,
} from './content-placeholders.ts';

const compile = (source: string) => mdxToJs(source, { mdastPlugins: [contentPlaceholders] }).code;

describe('placeholders in MDX', () => {
  it('turns {brand} and {slug} expressions into text', () => {
    expect(placeholderText('brand')).toBe(site.name);
    expect(placeholderText(' slug ')).toBe(site.slug);
    expect(placeholderText('1 + 1')).toBeUndefined();
  });

  it('fills link targets, also when percent-encoded', () => {
    expect(placeholderUrl('/%7Bslug%7Dpay')).toBe(`/${site.slug}pay`);
    expect(placeholderUrl('/history-of-{slug}')).toBe(`/history-of-${site.slug}`);
  });

  it('fills string and expression props of components', () => {
    const attributes = placeholderAttributes([
      { type: 'mdxJsxAttribute', name: 'href', value: '/{slug}pay' },
      {
        type: 'mdxJsxAttribute',
        name: 'title',
        value: { type: 'mdxJsxAttributeValueExpression', value: 'brand' },
      },
      {
        type: 'mdxJsxAttribute',
        name: 'width',
        value: { type: 'mdxJsxAttributeValueExpression', value: '320' },
      },
    ]);
    expect(attributes.map((attribute) => attribute.value)).toEqual([
      `/${site.slug}pay`,
      site.name,
      { type: 'mdxJsxAttributeValueExpression', value: '320' },
    ]);
  });

  it('compiles a page without referring to an undefined `brand` variable', () => {
    const code = compile(
      'Welcome to {brand}. [Pay](/{slug}pay)\n\n<Button href="/{slug}pay">Pay {brand}</Button>\n',
    );
    expect(code).toContain(site.name);
    expect(code).toContain(`/${site.slug}pay`);
    expect(code).not.toMatch(/\bbrand\b/);
    expect(code).not.toContain('{slug}');
  });

  it('keeps the children of a component whose props it fills', () => {
    const code = compile('- <Button href="/{slug}pay" variant="outline">Pay *now*</Button>\n');
    expect(code).toContain(`href: "/${site.slug}pay"`);
    expect(code).toContain('variant: "outline"');
    expect(code).toMatch(/"Pay ",\s*_jsx\(_components\.em, \{\s*children: "now"/);
  });
});
