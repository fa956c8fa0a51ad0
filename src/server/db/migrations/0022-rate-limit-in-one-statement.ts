// PostgreSQL only: a public form's limits in one statement instead of a transaction of up to seven
// (src/server/rate-limit.ts hitAll; docs/decisions/0021-postgresql-round-trips.md). The function
// does what hitAll did in its transaction, in the same order: a lock per counted key (sorted, so two
// calls never wait on each other crosswise), each check's count in the order given (the first one at
// its limit is answered: its 1-based place), and, when none is, one hit for every counted key.
// Its commit is asynchronous (synchronous_commit off for that transaction alone): a crash of the
// database may forget the last fraction of a second of hits, never corrupt them. SQLite keeps the
// transaction in JavaScript: it has no round trips to save.
import { type Kysely, SqliteAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`create or replace function rate_limit_hit(
      keys text[], limits integer[], since bigint[], counted boolean[], now bigint)
    returns integer language plpgsql as $$
    declare
      lock_key text;
      total bigint;
    begin
      perform set_config('synchronous_commit', 'off', true);
      for lock_key in
        select distinct k collate "C" from unnest(keys, counted) as t(k, c) where c order by 1
      loop
        perform pg_advisory_xact_lock(hashtext(lock_key));
      end loop;
      for i in 1 .. coalesce(array_length(keys, 1), 0) loop
        select coalesce(sum(hits), 0) into total
          from rate_limit_counts where key = keys[i] and at > since[i];
        if total >= limits[i] then
          return i;
        end if;
      end loop;
      insert into rate_limit_counts (key, at, hits)
        select k, now, count(*) from unnest(keys, counted) as t(k, c) where c group by k
        on conflict (key, at) do update set hits = rate_limit_counts.hits + excluded.hits;
      return 0;
    end
    $$`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`drop function if exists rate_limit_hit(text[], integer[], bigint[], boolean[], bigint)`.execute(
    db,
  );
}
