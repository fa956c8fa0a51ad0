// PostgreSQL only: rate_limit_take (0023) counts its checks over `unnest(...) with ordinality`
// instead of `generate_subscripts`, and nothing else changes.
// Why: PostgreSQL cannot tell how many rows generate_subscripts gives and plans for 1,000, so the
// count query's estimate grew with rate_limit_counts (one sub-query per row) until it passed
// jit_above_cost (100,000: about 20,000 counted hits). From then on every submission on a new
// connection compiled the query with LLVM first: 7-9 ms of PostgreSQL's processor per giveaway entry
// instead of 0.3-0.45, measured by bench/entry-scaling.mjs once its servers' connections had been
// closed while idle (bench/results/analysis.md; the long record: git show
// cb21674:docs/decisions/0021-postgresql-round-trips.md, "A plan that compiled itself").
// unnest's estimate is the arrays' own length (3 for a giveaway entry's checks), so the estimate stays
// a few hundred however many hits are counted.
import { type Kysely, SqliteAdapter, sql } from 'kysely';
import { up as guardOf0023 } from './0023-guard-with-the-write.ts';

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
      -- Every check's count in one query: the first one at its limit.
      -- The rows of keys' own places only, as generate_subscripts gave (unnest pads a shorter array).
      select min(t.i) into over from unnest(keys, limits, since) with ordinality as t(k, lim, s, i)
        where t.i <= coalesce(array_length(keys, 1), 0)
          and (select coalesce(sum(hits), 0) from rate_limit_counts
               where key = t.k and at > t.s) >= t.lim;
      if over is not null then
        return over;
      end if;
      insert into rate_limit_counts (key, at, hits)
        select k, now, count(*) from unnest(keys, counted) as t(k, c) where c group by k
        on conflict (key, at) do update set hits = rate_limit_counts.hits + excluded.hits;
      return 0;
    end
    $$`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  // 0023's functions again (rate_limit_hit and rate_limit_enforce are written as they were).
  await guardOf0023(db);
}
