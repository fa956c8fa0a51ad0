// `npm run bench`: giveaway entries per second on SQLite, in-process (app.request(): the whole route
// with the public-form guard, the human check, the promotion check and the insert), beside the raw
// insert rate of the same row in the same database file in the same run: the route's own insert
// (recordEntry, through Kysely) in a loop, and a prepared node:sqlite INSERT in a loop (the floor).
// The figures go into the bench report (bench/results/), beside the floors over HTTP
// (bench/scaling-setups.mjs); they have no target of their own.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, test } from 'vitest';
import { writePart } from '../../../bench/results.mjs';
import { nextIp, runningPromotion } from '../../../tests/support/giveaway.ts';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { chainDay } from '../../lib/dates.ts';
import { mailboxOf } from '../../lib/mailbox.ts';
import { sqliteFile } from '../../server/db/database.ts';
import { openNodeSqlite } from '../../server/db/node-sqlite.ts';
import { issueTicket } from '../../server/form-ticket.ts';
import { issueLocalToken } from '../../server/human-check/verify.ts';
import { recordEntry } from './entries.server.ts';
import { entryValues } from './giveaway.sample.ts';

let t: TestApi;
// Each entry from its own browser (its own ticket), as the guard's limits count per browser.
const tickets: string[] = [];
let n = 0;
beforeAll(async () => {
  t = await createTestApi({ databaseUrl: undefined, localHumanCheck: true });
  await runningPromotion(t, {}, 'bench');
  for (let i = 0; i < 50_000; i++) tickets.push(issueTicket(t.deps, 'giveaway'));
  t.advance(3000);
});
afterAll(() => t.close());

const COLUMNS =
  'id, promotion_id, person_key, entry_day, user_id, first_name, last_name, address_1, city, state, zip, phone, email, created_at';

test('giveaway entries on SQLite: through the API and raw', async ({ bench }) => {
  const raw = openNodeSqlite(sqliteFile(t.deps.config.dataDir));
  const insert = `INSERT INTO giveaway_entries (${COLUMNS}) VALUES (${COLUMNS.split(',')
    .map(() => '?')
    .join(', ')})`;
  const names = {
    api: 'POST /promotion/{id}/entry in-process (guard, human check, insert)',
    route: "recordEntry: the route's insert (Kysely, one row) in a loop",
    raw: 'node:sqlite prepared INSERT (same row) in a loop',
  };
  const results = await bench.compare(
    bench(names.api, async () => {
      n += 1;
      const answer = await t.call('POST', '/promotion/bench/entry?cb=1', {
        body: {
          ...entryValues(`api${n}@example.com`),
          website: '',
          form_ticket: tickets[n % tickets.length],
          human_check_token: issueLocalToken(t.deps, 'giveaway'),
        },
        ip: nextIp(),
      });
      if (answer.status !== 201) throw new Error(`expected 201, got ${answer.status}`);
    }),
    bench(names.route, async () => {
      n += 1;
      await recordEntry(t.deps, 'bench', entryValues(`route${n}@example.com`), null);
    }),
    bench(names.raw, () => {
      n += 1;
      const { rules_accepted: _, ...e } = entryValues(`raw${n}@example.com`);
      const at = t.now();
      const values = [
        randomUUID(),
        'bench',
        mailboxOf(e.email),
        chainDay(at),
        null,
        e.first_name,
        e.last_name,
      ];
      raw.prepare(insert).run([...values, e.address_1, e.city, e.state, e.zip, e.phone, e.email, at]);
    }),
    { time: 3000 },
  );
  raw.close();
  const figures = Object.fromEntries(
    Object.entries(names).map(([key, name]) => {
      const result = results.get(name);
      return [
        key,
        {
          name,
          perSecond: Math.round(result?.throughput.mean ?? 0),
          p50Ms: result?.latency.p50,
          p99Ms: result?.latency.p99,
        },
      ];
    }),
  );
  writePart('database', {
    database: 'SQLite (node:sqlite, WAL, synchronous=NORMAL), one file',
    entries: figures,
  });
});
