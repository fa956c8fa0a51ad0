// Retention (docs/decisions/0010): what the site keeps no longer than it needs, deleted by one daily
// job of the durable queue (kind 'retention', queued once a day by whichever server finds it due and
// run by the one that claims it: src/server/jobs/worker.ts). The periods are settings (docs/operations.md,
// Configuration): giveaway entries some days after their promotion ended (winners and the draws'
// audit records stay), contact messages, speed samples and applications some days after they came,
// finished jobs of the queue, and sessions and kept answers past their end.

import { chainDay } from '../lib/dates.ts';
import { parseEnv } from '../server/config/index.ts';
import type { AppDeps } from '../server/deps.ts';
import { purgeExpiredKeys } from '../server/idempotency.ts';
import { purgeFinishedJobs } from '../server/jobs/queue.ts';
import { purgeExpiredSessions } from '../server/sessions.ts';
import { purgeBefore as purgeApplicationsBefore } from './applications/sealed-records.server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const RETENTION_EVERY_MS = DAY_MS;

export interface RetentionCounts {
  entries: number;
  contactMessages: number;
  vitals: number;
  applications: number;
  jobs: number;
  /** Kept first answers of retried submissions past their day (src/server/idempotency.ts). */
  idempotencyKeys: number;
  /** Sessions past their end (src/server/sessions.ts). */
  sessions: number;
}

/** Deletes what is past its retention period at `deps.now()`; answers how many rows of each. */
export async function runRetention(deps: AppDeps, env = process.env): Promise<RetentionCounts> {
  const settings = parseEnv(env).env;
  const now = deps.now();
  const db = deps.db;
  const endedBefore = chainDay(now - settings.ENTRY_RETENTION_DAYS * DAY_MS);
  const entries = await db
    .deleteFrom('giveaway_entries')
    .where('promotion_id', 'in', (eb) =>
      eb.selectFrom('promotions').select('id').where('ends_on', '<', endedBefore),
    )
    .where('id', 'not in', (eb) => eb.selectFrom('winners').select('entry_id'))
    .executeTakeFirst();
  // The once-a-day keys (migration 0020) of those promotions hold nothing any more.
  await db
    .deleteFrom('giveaway_entry_keys')
    .where('promotion_id', 'in', (eb) =>
      eb.selectFrom('promotions').select('id').where('ends_on', '<', endedBefore),
    )
    .execute();
  const contactMessages = await db
    .deleteFrom('contact_messages')
    .where('created_at', '<', now - settings.CONTACT_RETENTION_DAYS * DAY_MS)
    .executeTakeFirst();
  const vitals = await db
    .deleteFrom('vitals')
    .where('created_at', '<', now - settings.VITALS_RETENTION_DAYS * DAY_MS)
    .executeTakeFirst();
  const applications = await purgeApplicationsBefore(
    deps.db,
    now - settings.APPLICATION_RETENTION_DAYS * DAY_MS,
  );
  const counts = {
    entries: Number(entries.numDeletedRows),
    contactMessages: Number(contactMessages.numDeletedRows),
    vitals: Number(vitals.numDeletedRows),
    applications,
    jobs: await purgeFinishedJobs(db, now),
    idempotencyKeys: await purgeExpiredKeys(db, now),
    sessions: await purgeExpiredSessions(db, now),
  };
  deps.log.info({ task: 'retention', ...counts }, 'retention: old rows deleted');
  return counts;
}
