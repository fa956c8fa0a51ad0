import { describe, expect, it } from 'vitest';
import { GIVEAWAY_STATE_CODES } from './features/giveaway/policy.ts';
import { listOfNames, STORE_STATE_CODES, STORE_STATE_NAMES, site } from './site.config.ts';

describe('site config', () => {
  it('derives the brand routes from the slug', () => {
    expect(site.routes.payPortal).toBe('/kwikfillpay');
    expect(site.routes.history).toBe('/history-of-kwikfill');
  });

  it('names the states with stores once, for the site, the giveaway and the locator', () => {
    expect(STORE_STATE_CODES).toEqual(['PA', 'NY', 'OH']);
    expect(STORE_STATE_NAMES).toBe('Pennsylvania, New York and Ohio');
    expect([...GIVEAWAY_STATE_CODES].sort()).toEqual([...STORE_STATE_CODES].sort());
    expect(listOfNames(['Ohio'])).toBe('Ohio');
  });
});
