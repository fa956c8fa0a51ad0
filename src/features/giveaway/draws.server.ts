// Draws in the database, in two recorded steps: commit (eligible count, digest of the canonical
// entry list, hash of the secret seed, the entries the operator excluded as suspected duplicates,
// stored before any winner is known), then draw (winners chosen from the seed among the entries not
// excluded, stored with the seed itself, which is thereby published). `verifyDraw` repeats a draw
// from an exported entry list and the published record, exclusions included.
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, DrawsTable } from '../../server/db/schema.ts';
import { releaseLease, takeLease } from '../../server/jobs/lease.ts';
import { newConfirmation } from './confirmation.server.ts';
import {
  canonicalEntries,
  DRAW_METHOD,
  type DrawEntry,
  type DrawMethod,
  drawWinners,
  entriesDigest,
  newSeed,
  seedHash,
} from './fair-draw.server.ts';
import type { PromotionRow } from './promotions.server.ts';

export interface DrawDeps {
  db: Kysely<Database>;
  now: () => number;
}
export type DrawRow = Selectable<DrawsTable>;

/**
 * The entries a draw chooses from: the promotion's, or one day's, in canonical order, with what the
 * duplicate check compares (duplicates.server.ts).
 */
export async function eligibleEntries(deps: DrawDeps, promotionId: string, day: string | null) {
  let query = deps.db
    .selectFrom('giveaway_entries')
    .select([
      'id',
      'person_key',
      'user_id',
      'account_key',
      'entry_day',
      'phone',
      'address_1',
      'zip',
      'last_name',
      'created_at',
    ])
    .where('promotion_id', '=', promotionId);
  if (day) query = query.where('entry_day', '=', day);
  return canonicalEntries(await query.execute());
}

export interface DrawRequest {
  promotion: PromotionRow;
  day: string | null;
  winners: number;
  /** Entries the operator excluded as suspected duplicates; each must be one of the eligible. */
  excluded?: readonly string[];
  /** An alternate draw: the winners whose prize it takes over. */
  replaces?: readonly string[];
}

/** The entries a draw chooses among: the canonical list without the excluded ones. */
const withoutExcluded = <E extends DrawEntry>(canonical: readonly E[], excluded: ReadonlySet<string>) =>
  canonical.filter((entry) => !excluded.has(entry.id));

/**
 * Step 1: records what the draw will choose from (every eligible entry, and which of them the
 * operator excluded) and the seed's hash; the seed stays secret. Returns the entries to draw from.
 */
export async function commitDraw(
  deps: DrawDeps,
  { promotion, day, winners, excluded = [], replaces = [] }: DrawRequest,
) {
  const entries = await eligibleEntries(deps, promotion.id, day);
  const excludedIds = [...new Set(excluded)].sort();
  const known = new Set(entries.map((entry) => entry.id));
  const unknown = excludedIds.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new RangeError(`not among the eligible entries: ${unknown.join(', ')}`);
  const seed = newSeed();
  const draw: DrawRow = {
    id: randomUUID(),
    promotion_id: promotion.id,
    entry_day: day,
    winners_wanted: winners,
    eligible_count: entries.length,
    entries_digest: entriesDigest(entries, DRAW_METHOD),
    seed_hash: seedHash(seed),
    seed: null,
    committed_at: deps.now(),
    drawn_at: null,
    method: DRAW_METHOD,
    excluded_ids: excludedIds.length > 0 ? JSON.stringify(excludedIds) : null,
    replaces: replaces.length > 0 ? JSON.stringify(replaces) : null,
  };
  await deps.db.insertInto('draws').values(draw).execute();
  return { draw, seed, entries: withoutExcluded(entries, new Set(excludedIds)) };
}

/** How long a draw holds its promotion's lock at most (a draw that died frees it then). */
export const DRAW_LOCK_MS = 30 * 60_000;

/**
 * Runs `work` holding the promotion's draw lock (a row of `leases`): one draw per promotion at a
 * time, whichever server or operator starts it. A second one meanwhile fails at once and changes
 * nothing.
 */
export async function withDrawLock<T>(
  deps: DrawDeps,
  promotionId: string,
  holder: string,
  work: () => Promise<T>,
): Promise<T> {
  const name = `draw:${promotionId}`;
  if (!(await takeLease(deps.db, { name, holder, now: deps.now(), ms: DRAW_LOCK_MS }))) {
    throw new DrawBusyError(
      'another draw of this promotion is running; nothing was changed. Wait for it to finish, then see: draw list',
    );
  }
  try {
    return await work();
  } finally {
    await releaseLease(deps.db, name, holder);
  }
}

export class DrawBusyError extends Error {
  override name = 'DrawBusyError';
}

/** A drawn winner, with the token of the confirmation link the mail carries (stored only as a hash). */
type Winner = {
  position: number;
  entry: Selectable<Database['giveaway_entries']>;
  token: string;
  confirmBy: number;
};

/**
 * Step 2: chooses the winners from the seed, stores them and publishes the seed, all at once;
 * `alsoStore` adds to that transaction (the winners' mail jobs, so a draw cut off afterwards still
 * mails them through the queue).
 */
export async function completeDraw(
  deps: DrawDeps,
  promotion: PromotionRow,
  draw: DrawRow,
  seed: string,
  entries: readonly DrawEntry[],
  alsoStore?: (trx: Kysely<Database>, winners: Winner[]) => Promise<void>,
) {
  const positions = drawWinners(seed, entries, draw.winners_wanted);
  const ids = positions.map((index) => (entries[index] as DrawEntry).id);
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const rows =
      ids.length === 0
        ? []
        : await trx.selectFrom('giveaway_entries').selectAll().where('id', 'in', ids).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const winners = ids.map((id, position) => {
      const entry = byId.get(id);
      if (!entry) throw new Error(`entry ${id} vanished during the draw`);
      return { entry, position: position + 1, confirmation: newConfirmation(now, promotion.confirm_days) };
    });
    for (const { entry, position, confirmation } of winners) {
      await trx
        .insertInto('winners')
        .values({
          id: randomUUID(),
          confirm_token_hash: confirmation.hash,
          confirm_by: confirmation.confirmBy,
          draw_id: draw.id,
          promotion_id: promotion.id,
          entry_id: entry.id,
          person_key: entry.person_key,
          position,
          first_name: entry.first_name,
          last_name: entry.last_name,
          city: entry.city,
          state: entry.state,
          prize: promotion.prize,
          created_at: now,
        })
        .execute();
    }
    await trx.updateTable('draws').set({ seed, drawn_at: now }).where('id', '=', draw.id).execute();
    const drawn = winners.map(({ entry, position, confirmation }) => ({
      position,
      entry,
      token: confirmation.token,
      confirmBy: confirmation.confirmBy,
    }));
    await alsoStore?.(trx, drawn);
    return drawn;
  });
}

export async function findDraw(deps: DrawDeps, id: string) {
  return deps.db.selectFrom('draws').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The entry ids of a draw's winners, in the order drawn. */
export async function drawnEntryIds(deps: DrawDeps, drawId: string): Promise<string[]> {
  const rows = await deps.db
    .selectFrom('winners')
    .select('entry_id')
    .where('draw_id', '=', drawId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.entry_id);
}

export interface DrawRecord {
  eligible_count: number;
  entries_digest: string;
  seed_hash: string;
  seed: string;
  winners_wanted: number;
  method: number;
  excluded_ids: string | null;
}

/** The entry ids a draw record says the operator excluded. */
export const excludedIdsOf = (record: Pick<DrawRecord, 'excluded_ids'>): string[] =>
  record.excluded_ids ? (JSON.parse(record.excluded_ids) as string[]) : [];

/**
 * Repeats a draw from a list of entries and its published record, the way it was made (its method,
 * without the entries it excluded); lists every mismatch.
 */
export function verifyDraw(record: DrawRecord, entries: readonly DrawEntry[], drawnIds: readonly string[]) {
  const method: DrawMethod = record.method === 1 ? 1 : record.method === 2 ? 2 : 3;
  // Earlier methods are repeated as they were made: method 1 without accounts, 2 without their mailboxes.
  const listed =
    method === 1
      ? entries.map(({ id, person_key }) => ({ id, person_key }))
      : method === 2
        ? entries.map(({ id, person_key, user_id }) => ({ id, person_key, user_id }))
        : entries;
  const canonical = canonicalEntries(listed);
  const problems: string[] = [];
  if (canonical.length !== record.eligible_count) {
    problems.push(`the list has ${canonical.length} entries, the draw recorded ${record.eligible_count}`);
  }
  if (entriesDigest(canonical, method) !== record.entries_digest) {
    problems.push('the digest of the list differs from the one recorded before the draw');
  }
  if (seedHash(record.seed) !== record.seed_hash) {
    problems.push('the published seed does not match the hash recorded before the draw');
  }
  const excluded = excludedIdsOf(record);
  const listedIds = new Set(canonical.map((entry) => entry.id));
  const missing = excluded.filter((id) => !listedIds.has(id));
  if (missing.length > 0) problems.push(`the list lacks the excluded entries ${missing.join(', ')}`);
  const drawable = withoutExcluded(canonical, new Set(excluded));
  const winners = drawWinners(record.seed, drawable, record.winners_wanted).map(
    (index) => (drawable[index] as DrawEntry).id,
  );
  if (winners.join() !== drawnIds.join()) {
    problems.push(
      `the repeated draw chose ${winners.join(', ') || 'nobody'}, the record ${drawnIds.join(', ') || 'nobody'}`,
    );
  }
  return { ok: problems.length === 0, winners, problems };
}
