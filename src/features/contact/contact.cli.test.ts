// `contact list` (run in-process: tests/support/operator-commands.ts) against a test database holding a
// message stored with escape sequences and a bidi override (as before the forms dropped them, or
// written by anything else): the operator's terminal shows them escaped and never receives an ESC.
import { expect, test } from 'vitest';
import { operatorCommandTests } from '../../../tests/support/operator-commands.ts';
import { START } from '../../../tests/support/test-api.ts';
import { hasControlCharacters } from '../../lib/control-characters.ts';

const { admin } = operatorCommandTests(async (t) => {
  await t.db
    .insertInto('contact_messages')
    .values({
      id: 'KF-ESC0-0001',
      reference: 'KF-ESC0-0001',
      department: 3,
      first_name: 'Pat\u001b[2J\u001b]0;owned\u0007',
      last_name: 'Lee\r',
      email: 'pat@example.com',
      phone: '8145550100',
      subject: 'Refund \u202egnp.exe\u009b31m',
      message: 'Hello',
      extra_data: '{}',
      created_at: START,
    })
    .execute();
});

test('contact list prints control characters from names and subjects as visible escapes', async () => {
  const { code, stdout } = await admin('contact', 'list');
  expect(code).toBe(0);
  const line = stdout.split('\n').find((l) => l.startsWith('KF-ESC0-0001')) ?? '';
  expect(line).toContain(
    'Pat\\u001b[2J\\u001b]0;owned\\u0007 Lee\\u000d <pat@example.com>  Refund \\u202egnp.exe\\u009b31m  [open',
  );
  expect(hasControlCharacters(stdout.replaceAll('\n', ''))).toBe(false);
});
