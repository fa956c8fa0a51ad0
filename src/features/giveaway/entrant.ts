// Who an entrant is and which day an entry counts for, without dependencies beyond src/lib, so
// that the server, the operator commands and the sample-data seeder (run by plain Node) share one
// definition.
import { chainDay } from '../../lib/dates.ts';
import { personOf } from '../../lib/mailbox.ts';

/**
 * One person: their mailbox ('J.Ann+win@GoogleMail.com' is 'jann@gmail.com'), by the one table of
 * providers in src/lib/mailbox.ts. A member is also one person by their account (recordEntry).
 */
export const personKey = personOf;

/** The day an entry made at this instant counts for: the chain's calendar date. */
export const entryDay = chainDay;

/** The link of a promotion's official rules page. */
export const rulesPath = (promotionId: string) => `/giveaway/rules/${encodeURIComponent(promotionId)}`;
