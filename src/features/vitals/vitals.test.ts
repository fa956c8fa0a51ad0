import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { deviceClass, p75, pageOf } from './metrics.ts';
import { vitalsPayload } from './vitals.ts';

describe('p75', () => {
  it('is the nearest-rank 75th percentile', () => {
    expect(p75([])).toBeUndefined();
    expect(p75([7])).toBe(7);
    expect(p75([4, 1, 3, 2])).toBe(3);
    expect(p75([1, 2, 3, 4, 5])).toBe(4);
    expect(p75(Array.from({ length: 100 }, (_, i) => 100 - i))).toBe(75);
    expect(p75([0.1, 0.05, 0.3])).toBe(0.3);
  });
});

describe('vitals payload', () => {
  const good = {
    path: '/rewards',
    device: 'phone',
    metrics: [
      { name: 'LCP', value: 1830.5, rating: 'good' },
      { name: 'CLS', value: 0.02, rating: 'good' },
      { name: 'INP', value: 220, rating: 'needs-improvement' },
    ],
  };
  const ok = (input: unknown) => v.safeParse(vitalsPayload, input).success;

  it('takes a path, a device class and up to one value of each metric', () => {
    expect(ok(good)).toBe(true);
    expect(ok({ ...good, path: '/', metrics: [good.metrics[0]] })).toBe(true);
  });

  it('refuses queries, foreign addresses, unknown metrics and values out of range', () => {
    for (const path of ['/x?email=a@b.example', '/x#f', 'https://evil.example/', 'rewards', '/a b', '']) {
      expect(ok({ ...good, path }), path).toBe(false);
    }
    expect(ok({ ...good, path: `/${'a'.repeat(200)}` })).toBe(false);
    expect(ok({ ...good, device: 'iPhone 15' })).toBe(false);
    expect(ok({ ...good, metrics: [] })).toBe(false);
    expect(ok({ ...good, metrics: [{ name: 'FID', value: 1, rating: 'good' }] })).toBe(false);
    expect(ok({ ...good, metrics: [{ name: 'LCP', value: -1, rating: 'good' }] })).toBe(false);
    expect(ok({ ...good, metrics: [{ name: 'CLS', value: 101, rating: 'good' }] })).toBe(false);
    expect(ok({ ...good, metrics: [{ name: 'LCP', value: '12', rating: 'good' }] })).toBe(false);
    expect(ok({ ...good, metrics: [{ name: 'LCP', value: 1, rating: 'great' }] })).toBe(false);
    expect(ok({ ...good, metrics: [good.metrics[0], good.metrics[0]] })).toBe(false);
  });
});

describe('pages and devices', () => {
  it('treats a trailing slash as the same page', () => {
    expect(pageOf('/rewards/')).toBe('/rewards');
    expect(pageOf('/')).toBe('/');
  });

  it('knows only three device classes', () => {
    expect([deviceClass(390), deviceClass(800), deviceClass(1440)]).toEqual(['phone', 'tablet', 'desktop']);
  });
});
