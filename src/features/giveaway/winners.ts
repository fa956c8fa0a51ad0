// Previous winners for /account/winners (product.md 2.6, 7): pages of 50 read from page 0 until a short
// or empty page, then grouped by promotion in the order the server gives (newest promotion first).

export const WINNERS_LIMIT = 50;
/** A stop for a server that never sends a short page. */
const MAX_PAGES = 200;

export interface Winner {
  promotion: string;
  first_name: string;
  last_name: string;
  city: string;
  state: string;
  prize: string;
}

export type WinnersPage = (page: number, limit: number) => Promise<{ items?: Winner[] }>;

export async function readAllWinners(readPage: WinnersPage): Promise<Winner[]> {
  const all: Winner[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const items = (await readPage(page, WINNERS_LIMIT)).items ?? [];
    all.push(...items);
    if (items.length < WINNERS_LIMIT) break;
  }
  return all;
}

export interface WinnerGroup {
  promotion: string;
  winners: Winner[];
}

export function groupByPromotion(winners: readonly Winner[]): WinnerGroup[] {
  const groups = new Map<string, Winner[]>();
  for (const winner of winners) {
    const group = groups.get(winner.promotion);
    if (group) group.push(winner);
    else groups.set(winner.promotion, [winner]);
  }
  return [...groups].map(([promotion, list]) => ({ promotion, winners: list }));
}
