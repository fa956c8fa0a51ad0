// Who an entrant is (the day an entry counts for is the chain's calendar day, chainDay in
// src/lib/dates.ts) and where a promotion's rules are, without dependencies beyond src/lib, so
// that the server, the operator commands and the sample-data seeder (run by plain Node) share one
// definition.
import { personOf } from '../../lib/mailbox.ts';

/**
 * One person: their mailbox ('J.Ann+win@GoogleMail.com' is 'jann@gmail.com'), by the one table of
 * providers in src/lib/mailbox.ts. A member is also one person by their account (recordEntry).
 */
export const personKey = personOf;

/** The link of a promotion's official rules page. */
export const rulesPath = (promotionId: string) => `/giveaway/rules/${encodeURIComponent(promotionId)}`;
