// PostgreSQL only: a public form's last guard step goes into the statement that stores the
// submission (src/server/form-guard.ts, docs/decisions/0021-postgresql-round-trips.md).
// - rate_limit_take: 0022's rate_limit_hit without its asynchronous commit (the statement that stores
//   a submission commits synchronously: what we said was received is never lost), with the checks'
//   counts in one query instead of one per check.
// - rate_limit_hit: as in 0022 (servers of the previous release call it), now the asynchronous
//   commit around rate_limit_take.
// - rate_limit_enforce: counts every key, or raises SQLSTATE KF429 (message: the 1-based place of
//   the first check at its limit) so that the statement it runs in stores nothing.
import { type Kysely, SqliteAdapter, sql } from 'kysely';
import { up as rateLimitHitOf0022 } from './0022-rate-limit-in-one-statement.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's table types
const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`create or replace function rate_limit_take(
      keys text[], limits integer[], since bigint[], counted boolean[], now bigint)
    returns integer language plpgsql as $$
    declare
      lock_key text;
      over integer;
    begin
      for lock_key in
        select distinct k collate "C" from unnest(keys, counted) as t(k, c) where c order by 1
      loop
        perform pg_advisory_xact_lock(hashtext(lock_key));
      end loop;
      -- Every check's count in one query (0022 ran one per check): the first one at its limit.
      select min(i) into over from generate_subscripts(keys, 1) as i
        where (select coalesce(sum(hits), 0) from rate_limit_counts
               where key = keys[i] and at > since[i]) >= limits[i];
      if over is not null then
        return over;
      end if;
      insert into rate_limit_counts (key, at, hits)
        select k, now, count(*) from unnest(keys, counted) as t(k, c) where c group by k
        on conflict (key, at) do update set hits = rate_limit_counts.hits + excluded.hits;
      return 0;
    end
    $$`.execute(db);
  await sql`create or replace function rate_limit_hit(
      keys text[], limits integer[], since bigint[], counted boolean[], now bigint)
    returns integer language plpgsql as $$
    begin
      perform set_config('synchronous_commit', 'off', true);
      return rate_limit_take(keys, limits, since, counted, now);
    end
    $$`.execute(db);
  await sql`create or replace function rate_limit_enforce(
      keys text[], limits integer[], since bigint[], now bigint)
    returns boolean language plpgsql as $$
    declare
      place integer;
    begin
      place := rate_limit_take(keys, limits, since,
        array_fill(true, array[coalesce(array_length(keys, 1), 0)]), now);
      if place > 0 then
        raise exception using errcode = 'KF429', message = place::text;
      end if;
      return true;
    end
    $$`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`drop function if exists rate_limit_enforce(text[], integer[], bigint[], bigint)`.execute(db);
  // rate_limit_hit as 0022 wrote it, then without the function it now calls.
  await rateLimitHitOf0022(db);
  await sql`drop function if exists rate_limit_take(text[], integer[], bigint[], boolean[], bigint)`.execute(
    db,
  );
}
