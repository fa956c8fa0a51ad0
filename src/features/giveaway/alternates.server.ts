// Alternate winners (docs/decisions/0015): a prize refused by its winner, or not confirmed by the
// deadline, goes to an alternate drawn by the operator (`draw alternate`). The alternate draw is a
// draw like any other, over the same entries as the draw it completes, recorded before its seed is
// used (draws.server.ts), so `draw verify` repeats it from the same export: what makes it an
// alternate is its exclusions. Every entry linked to anyone who has already been drawn in this
// promotion (by mailbox, account, the account's own mailbox, phone, or building and last name:
// linkKeysOf) is excluded, so nobody wins twice, and the list of those entries is recorded.
import type { Selectable } from 'kysely';
import type { Database } from '../../server/db/schema.ts';
import { winnerState } from './confirmation.server.ts';
import { type DrawDeps, type DrawRow, eligibleEntries, excludedIdsOf } from './draws.server.ts';
import { linkKeysOf } from './duplicates.server.ts';
import { linkedLabels } from './fair-draw.server.ts';

type WinnerRow = Selectable<Database['winners']>;

/** The winners of a draw whose prize is free again: declined, or not confirmed by the deadline. */
export async function replaceableWinners(deps: DrawDeps, drawId: string): Promise<WinnerRow[]> {
  const rows = await deps.db
    .selectFrom('winners')
    .selectAll()
    .where('draw_id', '=', drawId)
    .orderBy('position')
    .execute();
  const now = deps.now();
  return rows.filter((row) => ['declined', 'lapsed'].includes(winnerState(row, now)));
}

/**
 * The eligible entries of a promotion (one day's, if given) linked to anyone already drawn in it, in
 * any draw and any state: nobody wins twice. `draw run` and `draw alternate` leave them out.
 */
export async function linkedToWinners(deps: DrawDeps, promotionId: string, day: string | null) {
  const eligible = await eligibleEntries(deps, promotionId, day);
  const drawn = await deps.db
    .selectFrom('winners')
    .innerJoin('giveaway_entries', 'giveaway_entries.id', 'winners.entry_id')
    .select([
      'giveaway_entries.id',
      'giveaway_entries.person_key',
      'giveaway_entries.user_id',
      'giveaway_entries.account_key',
      'giveaway_entries.phone',
      'giveaway_entries.address_1',
      'giveaway_entries.zip',
      'giveaway_entries.last_name',
    ])
    .where('winners.promotion_id', '=', promotionId)
    .execute();
  if (drawn.length === 0) return [];
  const items = [...eligible, ...drawn];
  const labels = linkedLabels(items, linkKeysOf);
  const winnerLabels = new Set(labels.slice(eligible.length));
  return eligible.filter((_, index) => winnerLabels.has(labels[index] as number)).map((entry) => entry.id);
}

/** What an alternate draw of `draw` leaves out: the draw's own exclusions and everyone linked to a winner. */
export async function alternateExclusions(deps: DrawDeps, draw: DrawRow): Promise<string[]> {
  const linked = await linkedToWinners(deps, draw.promotion_id, draw.entry_day);
  return [...new Set([...excludedIdsOf(draw), ...linked])].sort();
}
