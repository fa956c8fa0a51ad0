import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/support/test-api.ts';
import { promotionValues } from '../features/giveaway/giveaway.sample.ts';
import { createPromotion, updatePromotion } from '../features/giveaway/promotions.server.ts';
import { insertOffers, offerRow } from '../features/offers/offers.sample.ts';
import { dataFingerprint, FINGERPRINT_REUSE_MS, recentFingerprint } from './data-fingerprint.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

describe('the fingerprint of the data a page shows', () => {
  test('offers: a new offer changes it, seen once the last read is a second old', async () => {
    const before = await dataFingerprint(t.db, 'offers', t.now());
    await insertOffers(t.db, [offerRow('fresh-coffee', {}, t.now())]);
    expect(await dataFingerprint(t.db, 'offers', t.now())).toBe(before); // read within the second
    expect(recentFingerprint(t.db, 'offers', t.now())).toBe(before);
    t.advance(FINGERPRINT_REUSE_MS);
    expect(recentFingerprint(t.db, 'offers', t.now())).toBeUndefined();
    expect(await dataFingerprint(t.db, 'offers', t.now())).not.toBe(before);
  });

  test('promotions: creating one and changing it each change it', async () => {
    t.advance(FINGERPRINT_REUSE_MS);
    const empty = await dataFingerprint(t.db, 'promotions', t.now());
    const { id } = await createPromotion(t.deps, promotionValues());
    t.advance(FINGERPRINT_REUSE_MS);
    const created = await dataFingerprint(t.db, 'promotions', t.now());
    expect(created).not.toBe(empty);
    await updatePromotion(t.deps, id, { title: 'Free coffee for a month' });
    t.advance(FINGERPRINT_REUSE_MS);
    expect(await dataFingerprint(t.db, 'promotions', t.now())).not.toBe(created);
  });
});
