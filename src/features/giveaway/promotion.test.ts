import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '../../lib/api-client.ts';
import {
  DEFAULT_GIVEAWAY_TITLE,
  fetchActivePromotion,
  heroTitle,
  parsePromotion,
  safeImageUrl,
} from './promotion.ts';

/** The one API client over this fetch. */
const over = (fetchFn: (...args: never[]) => Promise<Response>, apiKey?: string) =>
  apiClient({ fetch: fetchFn as unknown as typeof fetch, apiKey });

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const item = {
  id: 'p1',
  title: 'Summer Giveaway',
  hero_text: 'Win a Year of Coffee!',
  image_url: '/media/giveaway.png',
  rules_url: '/media/rules.pdf',
};

describe('fetchActivePromotion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('asks for active promotions with the public API key and reads the first item', async () => {
    const fetchFn = vi.fn(async () => jsonResponse({ items: [item, { id: 'p2', title: 'Later' }] }));
    const promotion = await fetchActivePromotion(over(fetchFn, 'key-1'));
    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/promotion?active_only=true');
    expect(new Headers(init.headers).get('X-API-Key')).toBe('key-1');
    expect(promotion).toEqual({
      id: 'p1',
      title: 'Summer Giveaway',
      heroText: 'Win a Year of Coffee!',
      imageUrl: '/media/giveaway.png',
      rulesUrl: '/media/rules.pdf',
    });
  });

  it.each([
    ['a 404', async () => new Response('<h1>Not found</h1>', { status: 404 })],
    ['a network failure', async () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a body that is not JSON', async () => new Response('<html>', { status: 200 })],
    ['no active promotion', async () => jsonResponse({ items: [] })],
  ])('logs and answers undefined on %s', async (_name, impl) => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const promotion = await fetchActivePromotion(over(vi.fn(impl)));
    expect(promotion).toBeUndefined();
    expect(info).toHaveBeenCalledOnce();
  });
});

describe('heroTitle', () => {
  it('prefers the hero text, then the title, then the default', () => {
    expect(heroTitle(parsePromotion({ items: [item] }))).toBe('Win a Year of Coffee!');
    expect(heroTitle(parsePromotion({ items: [{ id: 1, title: 'Fall Giveaway' }] }))).toBe('Fall Giveaway');
    expect(heroTitle(parsePromotion({ items: [{ id: 1, hero_text: '  ' }] }))).toBe(DEFAULT_GIVEAWAY_TITLE);
    expect(heroTitle(undefined)).toBe(DEFAULT_GIVEAWAY_TITLE);
  });

  it('names no prize by default: without a running promotion the hero promises none', () => {
    expect(DEFAULT_GIVEAWAY_TITLE).not.toMatch(/free|gas|fuel|year|prize|card|coffee|\$|\d/i);
  });
});

describe('safeImageUrl', () => {
  it('accepts same-site paths and https addresses only', () => {
    expect(safeImageUrl('/media/a.png')).toBe('/media/a.png');
    expect(safeImageUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(safeImageUrl('//evil.example/a.png')).toBeUndefined();
    expect(safeImageUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeImageUrl('data:image/png;base64,AAA')).toBeUndefined();
    expect(safeImageUrl(42)).toBeUndefined();
  });
});
