import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database';
import { createDeps } from './deps';
import { hit } from './rate-limit';
import { createTestApi, type TestApi } from './testing';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

const limit = { limit: 3, windowMs: 60_000 };

describe('rate limits in the database', () => {
  it('counts hits per key within a sliding window', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hit(t.deps, 'k1', limit));
    expect(results).toEqual([true, true, true, false]);
    expect(await hit(t.deps, 'k2', limit)).toBe(true);
    t.advance(60_001);
    expect(await hit(t.deps, 'k1', limit)).toBe(true);
  });

  it('holds across processes: a second connection to the same database sees the same hits', async () => {
    const other = openDatabase(t.config);
    try {
      const otherDeps = createDeps({ config: t.config, db: other.db, dbKind: other.kind, now: t.now });
      expect(await hit(t.deps, 'shared', limit)).toBe(true);
      expect(await hit(otherDeps, 'shared', limit)).toBe(true);
      expect(await hit(t.deps, 'shared', limit)).toBe(true);
      expect(await hit(otherDeps, 'shared', limit)).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('simultaneous requests cannot all slip under the limit', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => hit(t.deps, 'burst', limit)));
    expect(results.filter(Boolean)).toHaveLength(3);
  });
});

describe('client address', () => {
  it('comes from the socket; X-Forwarded-For is ignored unless TRUST_PROXY is set', async () => {
    const forwarded = (i: number) => ({ 'X-Forwarded-For': `10.0.0.${i}` });
    for (let i = 0; i < 10; i++) {
      await t.call('POST', '/auth/login', {
        body: { email: `x${i}@example.com`, password: 'Wrong123' },
        ip: '192.0.2.50',
        headers: forwarded(i),
      });
    }
    const limited = await t.call('POST', '/auth/login', {
      body: { email: 'y@example.com', password: 'Wrong123' },
      ip: '192.0.2.50',
      headers: forwarded(99),
    });
    expect(limited.status).toBe(429);
  });

  it('behind a trusted proxy, is the last X-Forwarded-For entry', async () => {
    const proxied = await createTestApi({ trustProxy: true });
    try {
      const body = { email: 'p@example.com', password: 'Wrong123' };
      for (let i = 0; i < 10; i++) {
        await proxied.call('POST', '/auth/login', {
          body: { ...body, email: `p${i}@example.com` },
          ip: '10.0.0.1',
          headers: { 'X-Forwarded-For': `1.1.1.${i}, 198.51.100.9` },
        });
      }
      const same = await proxied.call('POST', '/auth/login', {
        body,
        ip: '10.0.0.1',
        headers: { 'X-Forwarded-For': '198.51.100.9' },
      });
      expect(same.status).toBe(429);
      const other = await proxied.call('POST', '/auth/login', {
        body,
        ip: '10.0.0.1',
        headers: { 'X-Forwarded-For': '198.51.100.10' },
      });
      expect(other.status).toBe(401);
    } finally {
      await proxied.close();
    }
  });
});
