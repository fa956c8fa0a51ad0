// The operator commands (scripts/admin-commands.ts, run in-process: tests/support/operator-commands.ts) against a test database:
// create, edit, list and end a promotion, export its entries, draw, verify the draw from the export.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runningPromotion } from '../../../tests/support/giveaway.ts';
import { operatorCommandTests } from '../../../tests/support/operator-commands.ts';
import type { TestApi } from '../../../tests/support/test-api.ts';
import { entryValues, insertEntry } from './giveaway.sample.ts';

let t: TestApi;
const { admin } = operatorCommandTests((api) => {
  t = api;
});

test('a promotion from creation to a verified draw', async () => {
  const created = await admin(
    'promotion',
    'create',
    '--id',
    'autumn',
    '--title',
    'Autumn Giveaway',
    '--prize',
    '$75 gift card',
    '--value',
    '75',
    '--starts',
    '2026-03-01',
    '--ends',
    '2026-04-15',
    '--winners',
    '2',
  );
  expect(created.stdout).toContain('created autumn  on   2026-03-01 to 2026-04-15, draw 2026-04-18');
  const bad = await admin(
    'promotion',
    'create',
    '--title',
    'X',
    '--prize',
    'Y',
    '--value',
    '1',
    '--starts',
    '2026-02-30',
    '--ends',
    '2026-03-01',
  );
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain("error: --starts must be a date as YYYY-MM-DD, not '2026-02-30'");
  expect((await admin('promotion', 'edit', 'autumn', '--full-last-names')).stdout).toContain(
    'updated autumn',
  );
  expect((await admin('promotion', 'edit', 'nope', '--title', 'Z')).stderr).toContain(
    "there is no promotion 'nope'",
  );

  for (let i = 0; i < 30; i++) {
    const at = Date.UTC(2026, 2, 1 + (i % 10), 15);
    await insertEntry(
      t.db,
      'autumn',
      entryValues(`person${i % 12}+${i}@example.com`, { first_name: `P${i}` }),
      at,
      `autumn-${i}`,
    );
  }
  const file = join(t.config.dataDir, 'autumn.csv');
  const exported = await admin('entries', 'export', '--promotion', 'autumn', '--out', file);
  expect(exported.stderr).toContain('30 entries written');
  const csv = (await readFile(file, 'utf8')).trim().split('\n');
  expect(csv[0]).toBe(
    'entry_id,person_key,entry_day,entered_at,first_name,last_name,address_1,city,state,zip,phone,email,member,user_id,account_key',
  );
  expect(csv).toHaveLength(31);
  const oneDay = await admin('entries', 'export', '--promotion', 'autumn', '--day', '2026-03-02');
  expect(oneDay.stdout.trim().split('\n')).toHaveLength(4);

  // Every entry of the factory gives the same phone: each day's entries are suspected duplicates,
  // and nothing is drawn until the operator says what to do with them.
  const undecided = await admin('draw', 'run', '--promotion', 'autumn');
  expect(undecided.code).toBe(2);
  expect(undecided.stdout).toContain('10 group(s) of suspected duplicates');
  expect(undecided.stderr).toContain('nothing drawn');
  expect(await t.db.selectFrom('draws').select('id').execute()).toEqual([]);

  const drawn = await admin('draw', 'run', '--promotion', 'autumn', '--keep-duplicates');
  expect(drawn.code).toBe(0);
  expect(drawn.stdout).toContain('committed: 30 eligible entries');
  expect(drawn.stdout).toMatch(/seed hash \(SHA-256\): +[0-9a-f]{64}/);
  expect(drawn.stdout).toMatch(/seed \(published\): +[0-9a-f]{64}/);
  expect(drawn.stdout.match(/winner \d:/g)).toHaveLength(2);
  const mails = await t.outbox();
  expect(mails.map((mail) => mail.subject)).toEqual([
    'You won the Autumn Giveaway!',
    'You won the Autumn Giveaway!',
  ]);
  expect((await admin('draw', 'run', '--promotion', 'autumn', '--keep-duplicates')).stderr).toContain(
    'already drawn',
  );

  const draw = await t.db
    .selectFrom('draws')
    .select('id')
    .where('promotion_id', '=', 'autumn')
    .executeTakeFirstOrThrow();
  const verified = await admin('draw', 'verify', '--draw', draw.id, '--entries', file);
  expect(verified.stdout).toContain('verified: the same 2 winner(s)');
  await writeFile(file, csv.filter((_, i) => i !== 5).join('\n'));
  const tampered = await admin('draw', 'verify', '--draw', draw.id, '--entries', file);
  expect(tampered.code).toBe(1);
  expect(tampered.stdout).toContain('does NOT verify');

  // Published once confirmed by the mailed link; the other winner declines, and an alternate is drawn.
  expect((await t.call('GET', '/previous-winners')).json.items).toEqual([]);
  const tokens = mails.map((mail) =>
    new URL(/https?:\S+winner_token=\S+/.exec(mail.text)?.[0] ?? 'x:').searchParams.get('winner_token'),
  );
  expect((await t.call('POST', '/winner/confirm', { body: { token: tokens[0] } })).status).toBe(200);
  expect((await t.call('POST', '/winner/decline', { body: { token: tokens[1] } })).status).toBe(200);
  const winners = await t.call('GET', '/previous-winners');
  expect(winners.json.items).toHaveLength(1);
  expect(winners.json.items[0]).toMatchObject({ promotion: 'Autumn Giveaway', last_name: 'Miller' });
  const states = (await admin('draw', 'winners', '--promotion', 'autumn')).stdout;
  expect(states).toMatch(/ confirmed /);
  expect(states).toMatch(/ declined /);
  const alternate = await admin('draw', 'alternate', '--draw', draw.id);
  expect(alternate.code).toBe(0);
  // Every entry of the factory gives the winners' phone: all are linked to a winner, so nobody is left.
  expect(alternate.stdout).toContain('only 0 eligible person(s) left');
  expect(alternate.stdout).toMatch(/excluded \(earlier winners.*\): 30/);
  expect((await t.outbox()).length).toBe(2);
  const altId = /alternate draw (\S+) committed/.exec(alternate.stdout)?.[1] as string;
  await writeFile(file, csv.join('\n'));
  expect((await admin('draw', 'verify', '--draw', altId, '--entries', file)).stdout).toContain(
    'verified: the same 0 winner(s)',
  );
  expect((await admin('draw', 'alternate', '--draw', draw.id)).stderr).toContain(
    'no prize of this draw is free',
  );

  expect((await admin('promotion', 'end', 'autumn')).stdout).toContain('ended autumn  off');
  expect((await admin('promotion', 'list')).stdout).toContain('autumn  off');
  expect((await admin('--help')).stdout).toMatch(/promotion[\s\S]*entries[\s\S]*draw/);
});

test("one person under two mailboxes but one phone: listed before the draw, excluded only on the operator's word, recorded, and verified", async () => {
  await runningPromotion(
    t,
    { title: 'Winter Giveaway', starts_on: '2026-02-01', ends_on: '2026-02-28', winners_count: 6 },
    'winter',
  );
  const day = Date.UTC(2026, 1, 5, 15);
  const people = [
    ['w-a', 'sam.jones@gmail.com', '(814) 555-0199', '12 Oak Street', 'Jones'],
    ['w-b', 'sammy.j@yahoo.com', '1-814-555-0199', '12 Oak St.', 'Jones'],
    ['w-c', 'ann@example.com', '814-555-0101', '1 Elm Ave', 'Smith'],
    ['w-d', 'bob@example.com', '814-555-0102', '2 Elm Ave', 'Brown'],
    ['w-e', 'cy@example.com', '814-555-0103', '3 Elm Ave', 'Green'],
    ['w-f', 'di@example.com', '814-555-0104', '4 Elm Ave', 'White'],
  ] as const;
  for (const [index, [id, email, phone, address_1, last_name]] of people.entries()) {
    await insertEntry(t.db, 'winter', entryValues(email, { phone, address_1, last_name }), day + index, id);
  }

  const undecided = await admin('draw', 'run', '--promotion', 'winter');
  expect(undecided.code).toBe(2);
  expect(undecided.stdout).toMatch(
    /1 group\(s\) of suspected duplicates[\s\S]*group 1, 2026-02-05:\n {4}entry w-a [^\n]*\n {4}entry w-b /,
  );
  expect(undecided.stdout).not.toMatch(/entry w-[c-f]/);

  const unknown = await admin('draw', 'run', '--promotion', 'winter', '--exclude', 'w-b,nope');
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain('--exclude names entries that are not eligible: nope');

  const drawn = await admin('draw', 'run', '--promotion', 'winter', '--exclude-duplicates');
  expect(drawn.code).toBe(0);
  expect(drawn.stdout).toContain('committed: 6 eligible entries');
  expect(drawn.stdout).toContain('excluded by the operator (1): w-b');
  const winners = [...drawn.stdout.matchAll(/\(entry (w-[a-f])\)/g)].map((match) => match[1]).sort();
  expect(winners).toEqual(['w-a', 'w-c', 'w-d', 'w-e', 'w-f']);

  const record = await t.db
    .selectFrom('draws')
    .selectAll()
    .where('promotion_id', '=', 'winter')
    .executeTakeFirstOrThrow();
  expect(record).toMatchObject({ method: 3, excluded_ids: '["w-b"]', eligible_count: 6 });
  expect((await admin('draw', 'list')).stdout).toContain('"excluded_ids":"[\\"w-b\\"]"');

  const file = join(t.config.dataDir, 'winter.csv');
  await admin('entries', 'export', '--promotion', 'winter', '--out', file);
  const verified = await admin('draw', 'verify', '--draw', record.id, '--entries', file);
  expect(verified.stdout).toContain('verified: the same 5 winner(s)');
  // The record without its exclusion does not repeat the draw.
  await t.db.updateTable('draws').set({ excluded_ids: null }).where('id', '=', record.id).execute();
  const without = await admin('draw', 'verify', '--draw', record.id, '--entries', file);
  expect(without.code).toBe(1);
  await t.db.updateTable('draws').set({ excluded_ids: '["w-b"]' }).where('id', '=', record.id).execute();
});
