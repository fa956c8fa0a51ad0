// Where a promotion's rules are, without dependencies beyond src/lib, so that the server, the
// operator commands and the sample-data seeder (run by plain Node) share one definition. An entrant
// is one person by their mailbox (mailboxOf, src/lib/mailbox.ts; the entry's `person_key` column)
// and, signed in, by their account (recordEntry); the day an entry counts for is the chain's
// calendar day (chainDay in src/lib/dates.ts).

/** The link of a promotion's official rules page. */
export const rulesPath = (promotionId: string) => `/giveaway/rules/${encodeURIComponent(promotionId)}`;
