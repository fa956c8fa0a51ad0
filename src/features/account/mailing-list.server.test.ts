import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, START, type TestApi } from '../../../tests/support/test-api.ts';
import { readOperatorCsv } from '../../server/operator-csv.ts';
import { mailingListCsv, removeFromMailingLists } from './mailing-list.server.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  const row = (id: string, email: string, list: string, created_at: number, first_name = 'Pat') => ({
    id,
    email,
    list,
    source: 'Account',
    first_name,
    last_name: 'Lee',
    created_at,
  });
  // Confirmed accounts, one whose address is not confirmed yet, and a sign-up of no account.
  for (const email of ['pat@example.com', 'sam@example.com']) {
    const member = await t.member(email);
    await t.db.updateTable('users').set({ email_verified_at: START }).where('id', '=', member.id).execute();
  }
  await t.member('held@example.com');
  await t.db
    .insertInto('mailing_list_members')
    .values([
      row('1', 'pat@example.com', 'offers', START + 1000),
      row('2', 'pat@example.com', 'news', START),
      row('3', 'sam@example.com', 'news', START + 2000, '=HYPERLINK("x")'),
      row('4', 'held@example.com', 'news', START),
      row('5', 'nobody@example.com', 'news', START),
    ])
    .execute();
});
afterAll(() => t.close());

describe('mailing-list sign-ups for operators', () => {
  it('exports one line per confirmed address with its names, lists and first sign-up, formulas neutralised; held sign-ups never', async () => {
    const csv = await mailingListCsv(t.deps);
    expect(csv.split('\n')[0]).toBe('email,first_name,last_name,lists,created_at');
    expect(csv).toContain(`'=HYPERLINK`);
    expect(readOperatorCsv(csv)).toEqual([
      {
        email: 'pat@example.com',
        first_name: 'Pat',
        last_name: 'Lee',
        lists: 'news; offers',
        created_at: new Date(START).toISOString(),
      },
      {
        email: 'sam@example.com',
        first_name: '=HYPERLINK("x")',
        last_name: 'Lee',
        lists: 'news',
        created_at: new Date(START + 2000).toISOString(),
      },
    ]);
  });

  it('removes an address from every list, whatever its case, and only that address', async () => {
    expect(await removeFromMailingLists(t.deps, '  PAT@Example.com ')).toBe(2);
    expect(await removeFromMailingLists(t.deps, 'pat@example.com')).toBe(0);
    expect(readOperatorCsv(await mailingListCsv(t.deps)).map((row) => row.email)).toEqual([
      'sam@example.com',
    ]);
  });
});
