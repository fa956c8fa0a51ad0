// Who an entrant is and which day an entry counts for, without dependencies beyond src/lib, so
// that the server, the operator commands and the sample-data seeder (run by plain Node) share one
// definition.
import { CHAIN_TIME_ZONE, chainDay } from '../../lib/dates.ts';
import { personOf } from '../../lib/mailbox.ts';

/** Entry days are calendar days where the chain is: one entry per person per day (SPEC 9). */
export const GIVEAWAY_TIME_ZONE = CHAIN_TIME_ZONE;

/**
 * One person: their mailbox ('J.Ann+win@GoogleMail.com' is 'jann@gmail.com'), by the one table of
 * providers in src/lib/mailbox.ts. A member is also one person by their account (recordEntry).
 */
export const personKey = personOf;

/** The day an entry made at this instant counts for: the chain's calendar date. */
export const entryDay = chainDay;

/** The link of a promotion's official rules page. */
export const rulesPath = (promotionId: string) => `/giveaway/rules/${encodeURIComponent(promotionId)}`;
