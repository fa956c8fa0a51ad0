// `npm run bench`: giveaway entries per second through the API on SQLite (app.request(): the whole
// route with the public-form guard, the human check, the promotion check and the insert), beside
// the raw insert rate of the same table in the same run. Target: at least 2,000 entries a second.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, test } from 'vitest';
import { entryValues } from '../../../tests/factories/giveaway';
import { issueTicket } from '../../server/form-ticket';
import { issueLocalToken } from '../../server/human-check';
import { createTestApi, type TestApi } from '../../server/testing';
import { entryDay, personKey } from './entrant';
import { nextIp, runningPromotion } from './testing';

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

test('giveaway entries on SQLite: through the API and raw', async ({ bench }) => {
  await bench.compare(
    bench('POST /promotion/{id}/entry (guard, human check, insert)', async () => {
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
    bench('raw insert into giveaway_entries (Kysely, one row)', async () => {
      n += 1;
      const email = `raw${n}@example.com`;
      const { rules_accepted: _, ...entry } = entryValues(email);
      await t.db
        .insertInto('giveaway_entries')
        .values({
          ...entry,
          id: randomUUID(),
          promotion_id: 'bench',
          person_key: personKey(email),
          entry_day: entryDay(t.now()),
          user_id: null,
          created_at: t.now(),
        })
        .execute();
    }),
    { time: 3000 },
  );
});
