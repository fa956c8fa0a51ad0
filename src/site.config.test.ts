import { describe, expect, it } from 'vitest';
import { site } from './site.config.ts';

describe('site config', () => {
  it('derives the brand routes from the slug', () => {
    expect(site.routes.payPortal).toBe('/kwikfillpay');
    expect(site.routes.history).toBe('/history-of-kwikfill');
  });
});
