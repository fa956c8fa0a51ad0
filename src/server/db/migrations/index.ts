// Every migration, in order (Kysely sorts by name). A later feature adds its own file and one
// line here; never edit a migration that has shipped.
import type { Migration } from 'kysely/migration';
import * as accounts from './0001-accounts.ts';
import * as giveaway from './0002-giveaway.ts';
import * as stores from './0003-stores.ts';
import * as contactOffers from './0004-contact-offers.ts';
import * as applications from './0005-applications.ts';
import * as vitals from './0007-vitals.ts';
import * as contactMailClaim from './0010-contact-mail-claim.ts';
import * as maintenance from './0013-maintenance.ts';
import * as leanLimits from './0014-lean-limits.ts';
import * as memberEntriesIndex from './0015-member-entries-index.ts';
import * as contactAckWithheld from './0016-contact-ack-withheld.ts';
import * as oneEntryPerMember from './0017-one-entry-per-member.ts';
import * as durableJobQueue from './0018-durable-job-queue.ts';
import * as oneAccountPerMailbox from './0019-one-account-per-mailbox.ts';
import * as giveawayPeople from './0020-giveaway-people.ts';
import * as idempotencyKeys from './0021-idempotency-keys.ts';
import * as rateLimitInOneStatement from './0022-rate-limit-in-one-statement.ts';
import * as guardWithTheWrite from './0023-guard-with-the-write.ts';
import * as guardCountsPlannedSmall from './0024-guard-counts-planned-small.ts';
import * as dropUnusedLimitsAndMailColumns from './0025-drop-unused-limits-and-mail-columns.ts';

export const migrations: Record<string, Migration> = {
  '0001_accounts': accounts,
  '0002_giveaway': giveaway,
  '0003_stores': stores,
  '0004_contact_offers': contactOffers,
  '0005_applications': applications,
  '0007_vitals': vitals,
  '0010_contact_mail_claim': contactMailClaim,
  '0013_maintenance': maintenance,
  '0014_lean_limits': leanLimits,
  '0015_member_entries_index': memberEntriesIndex,
  '0016_contact_ack_withheld': contactAckWithheld,
  '0017_one_entry_per_member': oneEntryPerMember,
  '0018_durable_job_queue': durableJobQueue,
  '0019_one_account_per_mailbox': oneAccountPerMailbox,
  '0020_giveaway_people': giveawayPeople,
  '0021_idempotency_keys': idempotencyKeys,
  '0022_rate_limit_in_one_statement': rateLimitInOneStatement,
  '0023_guard_with_the_write': guardWithTheWrite,
  '0024_guard_counts_planned_small': guardCountsPlannedSmall,
  '0025_drop_unused_limits_and_mail_columns': dropUnusedLimitsAndMailColumns,
};
