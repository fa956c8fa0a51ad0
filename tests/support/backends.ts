// Which PostgreSQL backends answer a database handle's statements: one when statements outside a
// transaction share the pipelined connection (src/server/db/pipeline.ts), several when each takes a
// pool connection.
import { type Kysely, sql } from 'kysely';

/** The backend that answers, after a pause long enough for the other statements to be written. */
// biome-ignore lint/suspicious/noExplicitAny: any database's handle (a transaction's too)
export const backend = async (db: Kysely<any>) =>
  (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid, pg_sleep(0.05)`.execute(db)).rows[0]?.pid;

/** How many backends answer `count` statements sent at once. */
// biome-ignore lint/suspicious/noExplicitAny: see above
export async function backendsAtOnce(db: Kysely<any>, count = 6): Promise<number> {
  return new Set(await Promise.all(Array.from({ length: count }, () => backend(db)))).size;
}
