// Requests wait their turn for one of the pool's few PostgreSQL connections. pg's pool gives up on a
// request waiting for a free connection after its connect timeout (5 s), the timeout meant for a
// server that does not answer a new connection: a burst of 1,000 giveaway entries answered about
// one in ten with 503 on a busy machine (tests/system/abuse.test.ts). Here requests queue for a free
// connection for up to `waitMs` (twice the query timeout: src/server/db/database.ts) and ask pg only
// once one is free, so pg's timeout applies to connecting alone, and a server that stops answering
// still fails every request within bounds.

interface Releasable {
  release(destroy?: boolean | Error): void;
}

interface Pool<C extends Releasable> {
  connect(...args: unknown[]): Promise<C> | undefined;
  options: { max?: number };
}

/**
 * Puts a queue in front of `pool.connect()` (the promise form, which Kysely uses). Answers how many
 * requests wait in it now (the metrics: src/server/metrics.ts watchPool).
 */
export function queueForConnections<C extends Releasable>(pool: Pool<C>, waitMs: number): () => number {
  const size = pool.options.max ?? 10;
  const connect = pool.connect.bind(pool);
  let busy = 0;
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  /** A connection is free again: the longest waiting request takes its place. */
  const free = () => {
    const next = waiting.shift();
    if (!next) busy--;
    else {
      clearTimeout(next.timer);
      next.start();
    }
  };

  const turn = () =>
    new Promise<void>((resolve, reject) => {
      if (busy < size) {
        busy++;
        return resolve();
      }
      const entry = {
        start: resolve,
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          // pg's own words, which src/server/errors.ts isUnavailable answers with a 503.
          reject(new Error('timeout exceeded when trying to connect (all connections busy)'));
        }, waitMs),
      };
      waiting.push(entry);
    });

  pool.connect = (async (...args: unknown[]) => {
    if (args.length > 0) return connect(...args); // the callback form: pg's own pool.query
    await turn();
    let client: C;
    try {
      client = (await connect()) as C;
    } catch (error) {
      free();
      throw error;
    }
    // pg gives each checkout a release of its own, so this one ends with the checkout.
    const release = client.release.bind(client);
    let released = false;
    client.release = (destroy?: boolean | Error) => {
      if (!released) {
        released = true;
        free();
      }
      release(destroy);
    };
    return client;
  }) as Pool<C>['connect'];
  return () => waiting.length;
}
