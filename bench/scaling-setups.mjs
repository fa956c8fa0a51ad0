// The setups of bench/entry-scaling.mjs by name and the floor each must hold, for the bench that
// measures them and bench/targets.mjs that judges them.
export const SETUPS = {
  sqlite: 'one server, SQLite',
  onePostgres: 'one server, PostgreSQL',
  twoPostgres: 'two servers, one PostgreSQL',
};

/**
 * What a chain's giveaway needs, with room: a busy evening brings a few entries a second, a mailing to
 * every member perhaps a few dozen. Each setup takes at least `perSecond` entries a second from
 * `connections` senders at once (all its servers together), 99 in 100 answered within `p99Ms`
 * (docs/decisions/0021).
 */
export const ENTRY_FLOOR = { perSecond: 150, p99Ms: 200, connections: 10 };

/** The value below which `share` (0-1) of `values` lie (nearest rank); undefined for none. */
export function percentile(values, share) {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))];
}
