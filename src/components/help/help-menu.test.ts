import { describe, expect, it } from 'vitest';
import { helpMenu, isCurrent } from './help-menu';

describe('help menu', () => {
  it('lists Contact Us, FAQs and Forms', () => {
    expect(helpMenu.map((item) => item.label)).toEqual(['Contact Us', 'FAQs', 'Forms']);
  });

  it('marks only the page itself as current', () => {
    expect(isCurrent('/help', '/help')).toBe(true);
    expect(isCurrent('/help', '/help/')).toBe(true);
    expect(isCurrent('/help/faq', '/help/faq/index.html')).toBe(true);
    expect(isCurrent('/help', '/help/faq')).toBe(false);
  });
});
