// Statements outside a transaction share one pipelined PostgreSQL connection per server
// (DATABASE_PIPELINE, on by default): pg writes each one as it comes, without waiting for the answers
// before it, and PostgreSQL answers them in order. Each keeps its own Sync, so each is its own
// transaction and fails alone. On this project's two cores shared with PostgreSQL, one backend that
// finds the next statement already waiting did a giveaway entry in 0.30-0.32 ms of PostgreSQL's
// processor instead of 0.39-0.43 across the pool's four, and the server spent less on its side too:
// one server on PostgreSQL went from level with SQLite (0.90-1.04 of it) to 1.06-1.23 of it
// (docs/decisions/0021-postgresql-round-trips.md, "One pipelined connection").
// - A checkout whose first statement begins a transaction (`begin` or `start transaction`, as Kysely
//   sends them) or takes a session-level advisory lock (Kysely's migrator, through `db.connection()`)
//   takes a pool connection of its own for the rest of the checkout: its statements belong to one
//   session and must not interleave with others'. A new use of `db.connection()` for session state
//   of another kind (a `SET`, a temporary table) needs its first statement added to OWN_SESSION.
// - A slow statement delays the ones written behind it on the connection. Ours outside a transaction
//   are short (a row or a page of rows; the daily clean-up's deletes by an index); imports, backups and
//   draws run in transactions, so on the pool.
// - A lost connection (PostgreSQL restarted, a query past its timeout: pg then drops the connection,
//   since the ones behind it cannot be answered first) fails what was written on it, as a lost pool
//   connection fails its query (503); the next statement opens a new one.

import { isUnavailable } from '../errors.ts';

/** First statements of a checkout that needs a session of its own (above). */
export const OWN_SESSION = /^\s*(begin|start\s+transaction)\b|\bpg_advisory_lock\s*\(/i;

type Query = (...args: unknown[]) => Promise<unknown>;

/** The part of pg's Client the lane uses. */
export interface LaneClient {
  query: Query;
  end(): Promise<void>;
  on(event: 'error' | 'end', listener: (...args: unknown[]) => void): unknown;
}

interface PoolClient {
  query: Query;
  release(destroy?: boolean | Error): void;
}

interface Pool<C extends PoolClient> {
  connect(...args: unknown[]): Promise<C> | undefined;
}

export interface Lane {
  /** Statements written and not yet answered. */
  inFlight(): number;
  /** True while its connection is open (or opening). */
  open(): boolean;
  end(): Promise<void>;
}

/**
 * Makes `pool.connect()` (the promise form, which Kysely uses) hand out a client that sends its
 * statements on the shared lane, opened with `openLane` when first needed, unless the checkout starts
 * a transaction.
 */
export function pipelineOutsideTransactions<C extends PoolClient>(
  pool: Pool<C>,
  openLane: () => Promise<LaneClient>,
): Lane {
  const connect = pool.connect.bind(pool);
  let lane: Promise<LaneClient> | undefined;
  let inFlight = 0;
  let ended = false;

  const current = () => {
    if (lane) return lane;
    const opening: Promise<LaneClient> = openLane().then(
      (client) => {
        const forget = () => {
          if (lane === opening) lane = undefined;
        };
        // An error on an idle connection is reported here; without a listener it would end the process.
        client.on('error', forget);
        client.on('end', forget);
        return client;
      },
      (error: unknown) => {
        if (lane === opening) lane = undefined;
        throw error;
      },
    );
    lane = opening;
    return opening;
  };

  /** Closes a lane that failed like a lost connection, unless another has replaced it already. */
  const drop = (failed: Promise<LaneClient>) => {
    if (lane !== failed) return;
    lane = undefined;
    failed.then((client) => client.end()).catch(() => {});
  };

  const onLane: Query = async (...args) => {
    inFlight++;
    const using = current();
    try {
      return await (await using).query(...args);
    } catch (error) {
      // pg may not have seen the connection close yet: the next statement must not be written on it.
      if (isUnavailable(error)) drop(using);
      throw error;
    } finally {
      inFlight--;
    }
  };

  pool.connect = ((...args: unknown[]) => {
    if (args.length > 0 || ended) return connect(...args); // pg's own pool.query, or closing
    let own: C | undefined;
    const client: PoolClient = {
      query: async (...query) => {
        if (!own && typeof query[0] === 'string' && OWN_SESSION.test(query[0])) {
          own = (await connect()) as C;
        }
        return own ? own.query(...query) : onLane(...query);
      },
      release: (destroy) => own?.release(destroy),
    };
    return Promise.resolve(client as C);
  }) as Pool<C>['connect'];

  return {
    inFlight: () => inFlight,
    open: () => lane !== undefined,
    end: async () => {
      ended = true;
      const closing = lane;
      lane = undefined;
      if (closing) await closing.then((client) => client.end()).catch(() => {});
    },
  };
}
