// Who an entrant is and which day an entry counts for, without dependencies beyond src/lib, so
// that the server, the operator commands and the sample-data seeder (run by plain Node) share one
// definition.
import { chainDay } from '../../lib/dates.ts';

/** One person: the address lower-cased, without a +tag ('Ann+win@x.com' is 'ann@x.com'). */
export function personKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const local = address.slice(0, at).split('+')[0];
  return `${local}${address.slice(at)}`;
}

/** The day an entry made at this instant counts for: the chain's calendar date. */
export const entryDay = chainDay;

/** The link of a promotion's official rules page. */
export const rulesPath = (promotionId: string) => `/giveaway/rules/${encodeURIComponent(promotionId)}`;
