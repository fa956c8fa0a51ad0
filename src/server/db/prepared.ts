// Named prepared statements on PostgreSQL, per connection: a statement sent unnamed is parsed and
// planned again every time, which cost a giveaway entry 0.45 of its 1.3 ms in PostgreSQL
// (docs/decisions/0021-postgresql-round-trips.md). pg prepares a statement once per connection when
// a query carries a name; this gives each statement text of ours a name of its own on each connection.
// - Only our data statements with parameters (select, insert, update, delete, with): DDL and
//   operator scripts run as they are.
// - Never a statement with `*`: a prepared statement's result columns are fixed, and a column
//   added by the next release's migration during a rolling deploy would fail it ("cached plan must
//   not change result type").
// - At most MAX_PREPARED texts per connection (first come): the hot paths are few, and a statement
//   whose text varies with its rows (an import's multi-row insert) must not fill PostgreSQL's memory.
// - Off with DATABASE_PREPARED_STATEMENTS=0 behind a pooler that does not keep a connection per
//   client and does not track prepared statements itself (PgBouncer's transaction mode without its
//   max_prepared_statements).

export const MAX_PREPARED = 100;

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

export const isPreparable = (text: string): boolean => PREPARABLE.test(text) && !text.includes('*');

interface QueryingClient {
  query: (...args: unknown[]) => unknown;
}

/** Makes the client send our statements named (see above). */
export function prepareStatements(client: QueryingClient): void {
  const names = new Map<string, string>();
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && isPreparable(text)) {
      let name = names.get(text);
      if (name === undefined && names.size < MAX_PREPARED) {
        name = `kf_${names.size}`;
        names.set(text, name);
      }
      if (name !== undefined) return query({ name, text, values }, ...args.slice(2));
    }
    return query(...args);
  };
}
