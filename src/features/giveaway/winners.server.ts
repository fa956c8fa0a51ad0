// Previous winners as the public sees them (GET /previous-winners): confirmed winners only, newest promotion first, the
// last name as an initial unless the operator chose to publish it in full for that promotion.
import type { AppDeps } from '../../server/deps.ts';

export const WINNERS_PAGE_SIZE = 50;

/** 'Miller' -> 'M.'; the published form of a last name when the promotion keeps it private. */
export const lastNameInitial = (lastName: string): string => {
  const first = Array.from(lastName.trim())[0];
  return first ? `${first.toUpperCase()}.` : '';
};

export async function previousWinners(deps: AppDeps, page: number, limit: number) {
  const rows = await deps.db
    .selectFrom('winners')
    .innerJoin('promotions', 'promotions.id', 'winners.promotion_id')
    .select([
      'promotions.title',
      'promotions.show_full_last_name',
      'winners.first_name',
      'winners.last_name',
      'winners.city',
      'winners.state',
      'winners.prize',
    ])
    // Only confirmed winners are published (docs/decisions/0015): a pending, refused or lapsed
    // prize is nobody's yet.
    .where('winners.confirmed_at', 'is not', null)
    .orderBy('promotions.ends_on', 'desc')
    .orderBy('promotions.id')
    .orderBy('winners.created_at')
    .orderBy('winners.position')
    .limit(limit)
    .offset(page * limit)
    .execute();
  return rows.map((row) => ({
    promotion: row.title,
    first_name: row.first_name,
    last_name: row.show_full_last_name === 1 ? row.last_name : lastNameInitial(row.last_name),
    city: row.city,
    state: row.state,
    prize: row.prize,
  }));
}
