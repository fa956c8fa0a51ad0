import { describe, expect, it } from 'vitest';
import { errorPage, isServerErrorPage } from './error-page-paths.ts';

describe('isServerErrorPage', () => {
  it('knows the 500 page by every spelling Astro would read as it', () => {
    for (const target of [
      '/500',
      '/500/',
      '/500.html',
      '/500/index.html',
      '//500',
      '/news/../500',
      '/500?from=link',
      // Spelled without "500": %-encoded, or split by a tab or line break that the URL parser drops.
      '/%35%30%30',
      '/5%300',
      '/%2e%2e/%35%30%30/',
      '/5\t00',
      '/50\n0',
      'http://host/500',
      'http://host/%35%30%30',
    ]) {
      expect(isServerErrorPage(target), JSON.stringify(target)).toBe(true);
    }
  });

  it('passes every other address, without mistaking a 500 in it', () => {
    for (const target of [
      '/',
      '/charge-card',
      '/stores/1500',
      '/500x',
      '/news/500',
      '/%zz',
      '/a%2F500',
      'http://500/',
    ]) {
      expect(isServerErrorPage(target), target).toBe(false);
    }
  });
});

describe('errorPage', () => {
  it("is the error pages' own files, not other paths", () => {
    for (const path of ['/404', '/404.html', '/500/', '/500/index.html'])
      expect(errorPage.test(path), path).toBe(true);
    for (const path of ['/4040', '/news/404', '/500.htm']) expect(errorPage.test(path), path).toBe(false);
  });
});
