// What the giveaway's operator commands check in their input: dates, counts, promotion ids.
import { isRealDate } from '../../lib/dates.ts';
import { CliError } from '../../server/cli.ts';
import type { AppDeps } from '../../server/deps.ts';
import { findPromotion, type PromotionRow } from './promotions.server.ts';

/** A calendar date as YYYY-MM-DD that really exists (no 2026-02-30). */
export function parseDate(value: string, name: string): string {
  if (!isRealDate(value)) {
    throw new CliError(`${name} must be a date as YYYY-MM-DD, not '${value}'`);
  }
  return value;
}

export const parseCount = (value: string, name: string) => {
  if (!/^\d{1,4}$/.test(value) || Number(value) < 1)
    throw new CliError(`${name} must be a whole number from 1`);
  return Number(value);
};

export async function requirePromotion(deps: AppDeps, id: string): Promise<PromotionRow> {
  const row = await findPromotion(deps, id);
  if (!row) throw new CliError(`there is no promotion '${id}' (see: promotion list)`);
  return row;
}
