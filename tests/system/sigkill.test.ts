// Faults (docs/decisions/0008): killing the server (SIGKILL, no shutdown at all) in the middle of giveaway entries
// and contact messages loses no write it acknowledged, on SQLite and on PostgreSQL. Every visitor
// goes through the real public-form guard; each 201 answer is recorded, the server is killed
// mid-stream, started again on the same data, and every acknowledged entry and message must be
// stored. "Nothing a visitor submitted is lost once we said it was received" (product.md): a contact
// message is stored before the answer and its mails go out later from the stored message, so the
// mails still owed after the kill go out too: they are jobs of the queue, which the restarted server
// runs once the killed server's leases have run out.
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../src/server/db/database.ts';
import { type BuiltServer, startBuiltServer } from '../support/built-server.mjs';
import { readOutbox } from '../support/outbox.ts';
import { skipWithoutPostgres } from '../support/requirements.ts';
import {
  freshPostgresDatabase,
  prepareAll,
  prepareContact,
  prepareEntry,
  type Submission,
  submit,
} from './helpers.ts';

const ENTRIES = 240;
const MESSAGES = 120;
const IN_FLIGHT = 24;
/** Killed once this many answers said "stored". */
const KILL_AFTER = 120;

let server: BuiltServer | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
afterEach(async () => {
  await server?.close();
  await dropDatabase?.();
  server = undefined;
  dropDatabase = undefined;
});

interface Acknowledged {
  entries: string[];
  references: string[];
  unanswered: number;
}

/** Sends everything, IN_FLIGHT at a time, and SIGKILLs the server mid-stream. */
async function sendAndKill(running: BuiltServer, work: Submission[]): Promise<Acknowledged> {
  const acked: Acknowledged = { entries: [], references: [], unanswered: 0 };
  let next = 0;
  let killed: Promise<unknown> | undefined;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < work.length) {
        const s = work[next++] as Submission;
        const answer = await submit(running.base, s);
        if ('error' in answer) {
          acked.unanswered++;
          continue;
        }
        // Before the kill every answer is a success: the guard let every visitor through.
        if (!killed) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
        if (answer.status === 201) {
          if (typeof answer.body.reference === 'string') acked.references.push(answer.body.reference);
          else acked.entries.push(String(answer.body.id));
        }
        if (!killed && acked.entries.length + acked.references.length >= KILL_AFTER) {
          killed = running.stop('SIGKILL');
        }
      }
    }),
  );
  expect(await killed).toBeNull(); // killed by the signal, not exited
  return acked;
}

/** Entries and messages interleaved, as they arrive on a busy day. */
const interleave = (a: Submission[], b: Submission[]) =>
  a.flatMap((item, i) => (i % 2 === 0 && b[i / 2] ? [item, b[i / 2] as Submission] : [item]));

const databases = [
  ['SQLite', false],
  ['PostgreSQL', true],
] as const;

describe.each(databases)('SIGKILL mid-writes on %s', (_name, postgres) => {
  it.skipIf(postgres && skipWithoutPostgres())(
    'loses no acknowledged entry or message, and owes no mail once the queue has run',
    async () => {
      // The shortest lease and poll: a killed server's jobs are free, and taken, within seconds.
      let env: Record<string, string> = { TRUST_PROXY: '1', JOB_LEASE_SECONDS: '6', JOB_POLL_SECONDS: '1' };
      if (postgres) {
        const database = await freshPostgresDatabase();
        if (!database) throw new Error('DATABASE_URL is not set');
        dropDatabase = database.drop;
        env = { ...env, DATABASE_URL: database.url };
      }
      server = await startBuiltServer({ seed: true, env });
      const base = server.base;
      const [entries, messages] = await Promise.all([
        prepareAll(ENTRIES, (n) => prepareEntry(base, n)),
        prepareAll(MESSAGES, (n) => prepareContact(base, 100_000 + n)),
      ]);
      const acked = await sendAndKill(server, interleave(entries, messages));
      expect(acked.entries.length + acked.references.length).toBeGreaterThanOrEqual(KILL_AFTER);
      // The kill cut requests off: some were in flight or never reached the server.
      expect(acked.unanswered).toBeGreaterThan(0);

      server = await server.restart();
      const handle = openDatabase({ dataDir: server.dataDir, databaseUrl: env.DATABASE_URL });
      try {
        const storedEntries = await handle.db
          .selectFrom('giveaway_entries')
          .select('id')
          .where('id', 'in', acked.entries)
          .execute();
        expect(storedEntries.length).toBe(acked.entries.length);
        if (acked.references.length > 0) {
          const storedMessages = await handle.db
            .selectFrom('contact_messages')
            .select('reference')
            .where('reference', 'in', acked.references)
            .execute();
          expect(storedMessages.map((m) => m.reference).sort()).toEqual([...acked.references].sort());
        }

        // The mails the kill left owed go out from the stored messages, by the restarted server's
        // queue (a job the killed server held once its lease has run out).
        if (acked.references.length > 0)
          await vi.waitFor(
            async () => {
              const owed = await handle.db
                .selectFrom('contact_messages')
                .select('reference')
                .where('reference', 'in', acked.references)
                .where((eb) =>
                  eb.or([eb('department_mailed_at', 'is', null), eb('ack_mailed_at', 'is', null)]),
                )
                .execute();
              expect(owed).toEqual([]);
            },
            { timeout: 60_000, interval: 250 },
          );
      } finally {
        await handle.close();
      }
      const subjects = readOutbox(join(server.dataDir, 'outbox')).map((mail) => mail.subject);
      for (const reference of acked.references) {
        expect(subjects).toContain(`We received your message (${reference})`);
        expect(subjects.some((s) => s.startsWith('[') && s.endsWith(`(${reference})`))).toBe(true);
      }
    },
  );
});
