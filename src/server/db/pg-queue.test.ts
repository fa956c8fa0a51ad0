// The queue in front of pg's pool: a burst waits for a free connection instead of failing after pg's
// connect timeout, pg is never asked for more connections than the pool holds, and a wait that
// lasts too long still fails with an error the API answers with 503.
import { describe, expect, it } from 'vitest';
import { isUnavailable } from '../errors.ts';
import { queueForConnections } from './pg-queue.ts';

/** A pool that, like pg's, fails a connect() it cannot serve at once after `timeoutMs`. */
function fakePool(max: number, timeoutMs: number) {
  let open = 0;
  let peak = 0;
  const pool = {
    options: { max },
    connect: async (): Promise<{ release: (destroy?: boolean | Error) => void }> => {
      if (open >= max) {
        await new Promise((resolve) => setTimeout(resolve, timeoutMs));
        throw new Error('timeout exceeded when trying to connect');
      }
      open++;
      peak = Math.max(peak, open);
      return { release: () => void open-- };
    },
    peak: () => peak,
  };
  return pool;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('queueForConnections', () => {
  it('lets a burst wait for free connections, never asking pg for more than the pool holds', async () => {
    const pool = fakePool(2, 20);
    queueForConnections(pool, 5000);
    const work = Array.from({ length: 10 }, async () => {
      const client = await pool.connect();
      await sleep(15); // a query
      client.release();
    });
    await expect(Promise.all(work)).resolves.toHaveLength(10);
    expect(pool.peak()).toBe(2);
  });

  it('frees the place of a connection that could not be made', async () => {
    const pool = fakePool(1, 5);
    let fail = true;
    const connect = pool.connect;
    pool.connect = async () => {
      if (fail) {
        fail = false;
        throw new Error('connect ECONNREFUSED');
      }
      return connect();
    };
    queueForConnections(pool, 1000);
    await expect(pool.connect()).rejects.toThrow('ECONNREFUSED');
    const client = await pool.connect();
    client.release();
  });

  it('a release called twice frees one place only', async () => {
    const pool = fakePool(1, 5);
    queueForConnections(pool, 50);
    const client = await pool.connect();
    client.release();
    client.release();
    const first = await pool.connect();
    await expect(pool.connect()).rejects.toThrow(/timeout exceeded/);
    first.release();
  });

  it('gives up after the wait, with an error the API answers with 503', async () => {
    const pool = fakePool(1, 5);
    queueForConnections(pool, 30);
    const held = await pool.connect();
    const waited = await pool.connect().catch((error: unknown) => error);
    expect(isUnavailable(waited)).toBe(true);
    held.release();
    (await pool.connect()).release();
  });
});
