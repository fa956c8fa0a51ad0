// Which statements are sent as named prepared statements (prepared.ts); PostgreSQL itself runs them
// in every API test of `npm run test:api:pg`.
import { describe, expect, it } from 'vitest';
import { isPreparable, MAX_PREPARED, prepareStatements } from './prepared.ts';

function fakeClient() {
  const sent: unknown[][] = [];
  const client = { query: (...args: unknown[]) => sent.push(args) };
  prepareStatements(client);
  return { client, sent };
}

describe('prepared statements', () => {
  it('names each data statement with parameters once per connection, the same name for the same text', () => {
    const { client, sent } = fakeClient();
    client.query('select "id" from "users" where "email" = $1', ['a@example.com']);
    client.query('select "id" from "users" where "email" = $1', ['b@example.com']);
    client.query('insert into "jobs" ("id") values ($1)', ['x']);
    expect(sent).toEqual([
      [{ name: 'kf_0', text: 'select "id" from "users" where "email" = $1', values: ['a@example.com'] }],
      [{ name: 'kf_0', text: 'select "id" from "users" where "email" = $1', values: ['b@example.com'] }],
      [{ name: 'kf_1', text: 'insert into "jobs" ("id") values ($1)', values: ['x'] }],
    ]);
  });

  it('sends unnamed: `*` (a column added by a migration would fail it), DDL, no parameters', () => {
    expect(isPreparable('select * from "users" where "id" = $1')).toBe(false);
    expect(isPreparable('insert into "t" ("a") values ($1) returning *')).toBe(false);
    expect(isPreparable('create table "t" ("a" text)')).toBe(false);
    expect(isPreparable('  WITH "w" as (insert into "t" values ($1)) select 1')).toBe(true);
    const { client, sent } = fakeClient();
    client.query('select 1', []);
    client.query('select * from "users" where "id" = $1', [1]);
    expect(sent).toEqual([
      ['select 1', []],
      ['select * from "users" where "id" = $1', [1]],
    ]);
  });

  it(`prepares at most ${MAX_PREPARED} texts per connection; later ones go unnamed`, () => {
    const { client, sent } = fakeClient();
    for (let i = 0; i <= MAX_PREPARED; i++) client.query(`select $1::int + ${i}`, [1]);
    expect(sent.filter(([first]) => typeof first === 'object')).toHaveLength(MAX_PREPARED);
    expect(sent.at(-1)).toEqual([`select $1::int + ${MAX_PREPARED}`, [1]]);
  });
});
