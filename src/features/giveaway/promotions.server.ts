// Promotions in the database: the shape the API answers (product.md 7: `items`, the first active one is
// used), what "running" means (active, and the New York date within its dates), and the
// operators' create and edit.

import { randomUUID } from 'node:crypto';
import type { Insertable, Selectable } from 'kysely';
import { chainDay } from '../../lib/dates.ts';
import { dataFingerprint } from '../../server/data-fingerprint.ts';
import type { PromotionsTable } from '../../server/db/schema.ts';
import type { AppDeps } from '../../server/deps.ts';

/** What promotions need: the seeder and the commands have no full app. */
type Deps = Pick<AppDeps, 'db' | 'now'>;

import { rulesPath } from './entrant.ts';

export type PromotionRow = Selectable<PromotionsTable>;
export type NewPromotion = Omit<Insertable<PromotionsTable>, 'id' | 'created_at' | 'updated_at'>;

/** The promotion as GET /promotion lists it. */
export function toApiPromotion(row: PromotionRow) {
  return {
    id: row.id,
    title: row.title,
    hero_text: row.hero_text,
    image_url: row.image_url,
    rules_url: rulesPath(row.id),
    prize: row.prize,
    prize_value: row.prize_value_cents / 100,
    winners_count: row.winners_count,
    starts_on: row.starts_on,
    ends_on: row.ends_on,
    draw_on: row.draw_on,
    active: row.active === 1,
  };
}

type Schedule = Pick<PromotionRow, 'active' | 'starts_on' | 'ends_on'>;

/** Open for entries on `day` (a New York date): switched on, and the day within its dates. */
export const isRunning = (row: Schedule, day: string): boolean =>
  row.active === 1 && row.starts_on <= day && day <= row.ends_on;

/** Only what an entry needs to know of its promotion (its dates and switch), read from the database. */
async function readSchedule(deps: Deps, id: string): Promise<Schedule | undefined> {
  return deps.db
    .selectFrom('promotions')
    .select(['active', 'starts_on', 'ends_on'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The schedules of the promotions running on `day`, per database, as of a fingerprint of the table. */
const runningKept = new WeakMap<
  Deps['db'],
  { fingerprint: string; day: string; byId: Map<string, Schedule> }
>();

/**
 * The promotion's schedule, for an entry: every entry asks, so the schedules of the promotions running
 * today are kept while the table's fingerprint (src/server/data-fingerprint.ts, read at most once a
 * second) and the day are unchanged: an operator's switch or new dates reach every server within a
 * second. Only "running" is answered from what is kept; anything else is read again (a promotion
 * switched on a moment ago is not refused).
 */
export async function findSchedule(deps: Deps, id: string): Promise<Schedule | undefined> {
  const fingerprint = await dataFingerprint(deps.db, 'promotions', deps.now());
  const today = chainDay(deps.now());
  let kept = runningKept.get(deps.db);
  if (kept?.fingerprint !== fingerprint || kept.day !== today) {
    const rows = await deps.db
      .selectFrom('promotions')
      .select(['id', 'active', 'starts_on', 'ends_on'])
      .where('active', '=', 1)
      .where('starts_on', '<=', today)
      .where('ends_on', '>=', today)
      .execute();
    kept = {
      fingerprint,
      day: today,
      byId: new Map(rows.map(({ id: key, ...schedule }) => [key, schedule])),
    };
    runningKept.set(deps.db, kept);
  }
  return kept.byId.get(id) ?? readSchedule(deps, id);
}

/** Every promotion, newest first; with `activeOnly`, only those running today. */
export async function listPromotions(deps: Deps, { activeOnly = false } = {}): Promise<PromotionRow[]> {
  const today = chainDay(deps.now());
  let query = deps.db.selectFrom('promotions').selectAll();
  if (activeOnly) {
    query = query.where('active', '=', 1).where('starts_on', '<=', today).where('ends_on', '>=', today);
  }
  return query.orderBy('starts_on', 'desc').orderBy('id').execute();
}

export async function findPromotion(deps: Deps, id: string): Promise<PromotionRow | undefined> {
  return deps.db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createPromotion(deps: Deps, values: NewPromotion, id: string = randomUUID()) {
  const now = deps.now();
  await deps.db
    .insertInto('promotions')
    .values({ ...values, id, created_at: now, updated_at: now })
    .execute();
  return (await findPromotion(deps, id)) as PromotionRow;
}

export async function updatePromotion(deps: Deps, id: string, changes: Partial<NewPromotion>) {
  await deps.db
    .updateTable('promotions')
    .set({ ...changes, updated_at: deps.now() })
    .where('id', '=', id)
    .execute();
  return findPromotion(deps, id);
}
