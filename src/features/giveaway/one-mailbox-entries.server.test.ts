// One entry a day per mailbox across the spellings a provider delivers to one box (src/lib/mailbox.ts):
// three Proton spellings and two Fastmail ones are one entrant each, on SQLite and PostgreSQL.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { enter, runningPromotion } from '../../../tests/support/giveaway.ts';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { entryValues } from './giveaway.sample.ts';
import { GIVEAWAY_MESSAGES } from './policy.ts';

let t: TestApi;
let promotionId: string;
beforeAll(async () => {
  t = await createTestApi({ localHumanCheck: true });
  promotionId = (await runningPromotion(t)).id;
});
afterAll(() => t.close());

const statuses = async (emails: string[]) => {
  const answers = [];
  for (const email of emails) answers.push(await enter(t, promotionId, entryValues(email)));
  return answers;
};

test('three Proton spellings of one mailbox enter once a day', async () => {
  const answers = await statuses(['pat.lee@proton.me', 'pat-lee@pm.me', 'Pat_Lee@protonmail.ch']);
  expect(answers.map((a) => a.status)).toEqual([201, 409, 409]);
  expect(answers[1]?.json.error.description).toBe(GIVEAWAY_MESSAGES.alreadyEntered);
});

test('two Fastmail spellings of one mailbox (subdomain addressing) enter once a day', async () => {
  const answers = await statuses(['robin@fastmail.com', 'gas-giveaway@robin.fastmail.com']);
  expect(answers.map((a) => a.status)).toEqual([201, 409]);
});
