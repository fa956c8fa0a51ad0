import { describe, expect, it } from 'vitest';
import { brandText, site } from './site.config.ts';

describe('site config', () => {
  it('derives the brand routes from the slug', () => {
    expect(site.routes.payPortal).toBe('/kwikfillpay');
    expect(site.routes.history).toBe('/history-of-kwikfill');
  });

  it('replaces brand placeholders in editor text', () => {
    expect(brandText('Welcome to {brand} ({slug})')).toBe('Welcome to Kwik Fill (kwikfill)');
  });
});
