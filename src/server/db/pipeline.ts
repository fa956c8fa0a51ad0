// Statements outside a transaction share one pipelined PostgreSQL connection per server
// (DATABASE_PIPELINE, on by default): pg writes each one as it comes, without waiting for the answers
// before it, and PostgreSQL answers them in order. Each keeps its own Sync, so each is its own
// transaction and fails alone. On this project's two cores shared with PostgreSQL, one backend that
// finds the next statement already waiting did a giveaway entry in 0.30-0.32 ms of PostgreSQL's
// processor instead of 0.39-0.43 across the pool's four, and the server spent less on its side too:
// one server on PostgreSQL went from 0.90-1.04 of SQLite's figure to 1.06-1.23 of it
// (docs/decisions/0021-postgresql-round-trips.md, "One pipelined connection").
// - A statement that begins a transaction (`begin`, `start transaction`, as Kysely sends them) or
//   changes the session (a session-level advisory lock, as Kysely's migrator takes through
//   `db.connection()`; `set`, `reset`, `listen`, a temporary table) moves its checkout, from there on,
//   to a pool connection of its own: what follows belongs to that session and must not interleave
//   with others' statements or leave its state on the shared connection.
// - A statement delays the ones written behind it on the connection while it runs or waits for a
//   lock. Ours outside a transaction read or write a few rows by an index; bulk work (imports,
//   backups, draws, the daily clean-up's deletes) runs in transactions, so on the pool.
// - A lost connection (PostgreSQL restarted, a statement past its timeout: pg then drops the
//   connection, since the ones behind it cannot be answered first) fails what was written on it, as a
//   lost pool connection fails its query (503); the next statement opens a new one.
// - Idle for IDLE_CLOSE_MS, the connection is closed, as the pool closes its idle ones: a connection
//   a firewall forgot overnight is never the one the morning's first visitor waits on.

import { isUnavailable } from '../errors.ts';

/** Statements after which a checkout needs a session of its own (above). */
export const OWN_SESSION =
  /^\s*(begin|start\s+transaction|set|reset|listen|create\s+(temp|temporary)\b)\b|\bpg_(try_)?advisory_lock(_shared)?\s*\(/i;

/** pg's pool closes a connection idle this long (its idleTimeoutMillis default); the lane does too. */
export const IDLE_CLOSE_MS = 10_000;

/** PostgreSQL's class 53 (disk full, out of memory): the statement failed, its connection is fine. */
const STATEMENT_RESOURCES = /^53/;

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
  /** True while a statement on the lane waits for its answer. */
  busy(): boolean;
  /** True while its connection is open (or opening). */
  open(): boolean;
  end(): Promise<void>;
}

/** True when the statement's connection cannot be used again (see isUnavailable). */
const connectionLost = (error: unknown): boolean =>
  isUnavailable(error) && !STATEMENT_RESOURCES.test(String((error as { code?: unknown })?.code ?? ''));

/**
 * Makes `pool.connect()` (the promise form, which Kysely uses) hand out a client that sends its
 * statements on the shared lane, opened with `openLane` when first needed, until one of them needs
 * a session of its own.
 */
export function pipelineOutsideTransactions<C extends PoolClient>(
  pool: Pool<C>,
  openLane: () => Promise<LaneClient>,
): Lane {
  const connect = pool.connect.bind(pool);
  let lane: Promise<LaneClient> | undefined;
  let inFlight = 0;
  let ended = false;
  /** Lanes being closed, which end() waits for. */
  const closing = new Set<Promise<unknown>>();

  /** Closes a lane, unless another has replaced it already. */
  const close = (which: Promise<LaneClient>) => {
    if (lane !== which) return;
    lane = undefined;
    const done = which
      .then((client) => client.end())
      .catch(() => {})
      .finally(() => closing.delete(done));
    closing.add(done);
  };

  const idle = setTimeout(() => {
    if (inFlight === 0 && lane) close(lane);
  }, IDLE_CLOSE_MS);
  idle.unref();

  const current = () => {
    if (lane) return lane;
    const opening: Promise<LaneClient> = openLane().then(
      (client) => {
        // An error on the connection is reported here (without a listener it would end the process);
        // pg closes the socket of a client that can no longer be used.
        client.on('error', () => close(opening));
        client.on('end', () => {
          if (lane === opening) lane = undefined;
        });
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

  const onLane: Query = async (...args) => {
    // pg's own words for a closed client, which the API answers with 503 (isUnavailable).
    if (ended) throw new Error('Client was closed and is not queryable');
    inFlight++;
    const using = current();
    try {
      return await (await using).query(...args);
    } catch (error) {
      // pg may not have seen the connection close yet: the next statement must not be written on it.
      if (connectionLost(error)) close(using);
      throw error;
    } finally {
      if (--inFlight === 0) idle.refresh();
    }
  };

  pool.connect = ((...args: unknown[]) => {
    if (args.length > 0 || ended) return connect(...args); // pg's own pool.query, or closing
    let own: Promise<C> | undefined;
    const client: PoolClient = {
      query: async (...query) => {
        if (!own && typeof query[0] === 'string' && OWN_SESSION.test(query[0])) own = connect() as Promise<C>;
        return own ? (await own).query(...query) : onLane(...query);
      },
      release: (destroy) => {
        own?.then((connection) => connection.release(destroy)).catch(() => {});
      },
    };
    return Promise.resolve(client as C);
  }) as Pool<C>['connect'];

  return {
    busy: () => lane !== undefined && inFlight > 0,
    open: () => lane !== undefined,
    end: async () => {
      ended = true;
      clearTimeout(idle);
      if (lane) close(lane);
      await Promise.all(closing);
    },
  };
}
