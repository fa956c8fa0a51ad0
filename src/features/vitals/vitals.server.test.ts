import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, START, type TestApi } from '../../../tests/support/test-api.ts';
import { dayStart, formatReport, vitalsReport } from './report.server.ts';
import { VITALS_LIMIT } from './vitals.server.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const report = (path: string, lcp: number, extra: object = {}) => ({
  path,
  device: 'phone',
  metrics: [
    { name: 'LCP', value: lcp, rating: lcp > 2500 ? 'needs-improvement' : 'good' },
    { name: 'CLS', value: 0.01, rating: 'good' },
  ],
  ...extra,
});

describe('POST /vitals', () => {
  it('stores one row per metric: path, metric, rating, device class and time, nothing else', async () => {
    const answer = await t.call('POST', '/vitals', {
      body: report('/rewards/', 1800),
      ip: '198.51.100.23',
      token: (await t.member('vitals@example.com')).token,
    });
    expect(answer.status).toBe(202);
    expect(answer.json).toEqual({ stored: 2 });
    const rows = await t.db.selectFrom('vitals').selectAll().orderBy('name').execute();
    expect(rows.map(({ id: _id, ...row }) => row)).toEqual([
      { path: '/rewards', name: 'CLS', value: 0.01, rating: 'good', device: 'phone', created_at: START },
      { path: '/rewards', name: 'LCP', value: 1800, rating: 'good', device: 'phone', created_at: START },
    ]);
    // Nothing that points at the visitor: not the address (nor in the rate-limit keys), not the member.
    const everything = JSON.stringify([
      rows,
      await t.db.selectFrom('rate_limit_counts').selectAll().execute(),
    ]);
    expect(everything).not.toContain('198.51.100.23');
    expect(everything).not.toContain('vitals@example.com');
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
  });

  it('refuses bad input with a JSON 4xx and stores nothing', async () => {
    const before = (await t.db.selectFrom('vitals').select('id').execute()).length;
    const bad = [
      { body: report('/x?email=a%40b.example', 1) },
      { body: report('/x', -5) },
      { body: { ...report('/x', 1), metrics: [{ name: 'FID', value: 3, rating: 'good' }] } },
      { body: { ...report('/x', 1), device: 'Mozilla/5.0 (iPhone)' } },
      { body: [] },
      { raw: 'not json', headers: { 'Content-Type': 'application/json' } },
      { raw: 'path=/x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
    ];
    for (const options of bad) {
      const answer = await t.call('POST', '/vitals', options);
      expect(answer.status, JSON.stringify(options)).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
      expect(answer.json.error.code).toEqual(expect.any(String));
      expect(answer.json.error.description).toEqual(expect.any(String));
    }
    expect((await t.db.selectFrom('vitals').select('id').execute()).length).toBe(before);
    expect(
      (await t.call('POST', '/vitals', { body: report('/x', 1), headers: { 'X-API-Key': 'no' } })).status,
    ).toBe(401);
  });

  it('lets one address send a loose number of reports, then answers 429', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < VITALS_LIMIT.limit; i++) {
      expect((await t.call('POST', '/vitals', { body: report('/flood', 100), ip })).status).toBe(202);
    }
    const over = await t.call('POST', '/vitals', { body: report('/flood', 100), ip });
    expect(over.status).toBe(429);
    expect(over.json.error.code).toBe('rate_limited');
    expect((await t.call('POST', '/vitals', { body: report('/flood', 100), ip: '192.0.2.78' })).status).toBe(
      202,
    );
  });
});

describe('the report', () => {
  it('prints the 75th percentile of each metric per page for the days asked for', async () => {
    const day = new Date(START).toISOString().slice(0, 10);
    for (const lcp of [1000, 2000, 3000, 4000]) {
      await t.call('POST', '/vitals', { body: report('/news', lcp), ip: '203.0.113.50' });
    }
    await t.call('POST', '/vitals', {
      body: { path: '/news', device: 'desktop', metrics: [{ name: 'INP', value: 180, rating: 'good' }] },
    });
    const from = dayStart(day) as number;
    const pages = await vitalsReport(t.db, from, from);
    expect(pages.find((page) => page.path === '/news')).toEqual({
      path: '/news',
      samples: 4,
      p75: { LCP: 3000, INP: 180, CLS: 0.01 },
    });
    const text = formatReport(pages);
    expect(text.split('\n')[0]).toMatch(/^page\s+views\s+LCP p75\s+INP p75\s+CLS p75$/);
    expect(text).toMatch(/\/news\s+4\s+3000 ms\s+180 ms\s+0\.010/);
    // The next day has none of them.
    expect(await vitalsReport(t.db, from + 86_400_000, from + 86_400_000)).toEqual([]);
  });

  it('reads days as YYYY-MM-DD only', () => {
    expect(dayStart('2026-11-23')).toBe(Date.UTC(2026, 10, 23));
    for (const bad of ['2026-02-30', '23.11.2026', '2026-11-23T10:00', ''])
      expect(dayStart(bad)).toBeUndefined();
  });
});
