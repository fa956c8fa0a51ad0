import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, START, type TestApi } from '../../../tests/support/test-api.ts';
import { findMessages, markHandled, messagesCsv } from './admin.server.ts';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
  const row = (reference: string, department: number, created_at: number) => ({
    id: reference,
    reference,
    department,
    first_name: 'Pat',
    last_name: 'Lee',
    email: 'pat@example.com',
    phone: '8145550100',
    subject: 'Hello, "world"',
    message: 'Line one\nLine two',
    extra_data: '{"location":"Warren"}',
    created_at,
    department_mailed_at: created_at,
    ack_mailed_at: null,
  });
  const hour = 60 * 60 * 1000;
  await t.db
    .insertInto('contact_messages')
    .values([
      row('KF-AAAA-0001', 3, START), // 2026-05-01 10:00 New York
      row('KF-AAAA-0002', 3, START + 13 * hour), // 2026-05-01 23:00 New York, 05-02 in UTC
      row('KF-AAAA-0003', 2, START + 24 * hour), // 2026-05-02
      row('KF-AAAA-0004', 3, START + 48 * hour), // 2026-05-03
    ])
    .execute();
});
afterAll(() => t.close());

const refs = (rows: { reference: string }[]) => rows.map((r) => r.reference);

describe('contact messages for operators', () => {
  it('finds messages by department and by store-day range', async () => {
    expect(refs(await findMessages(t.deps, { department: 3 }))).toEqual([
      'KF-AAAA-0001',
      'KF-AAAA-0002',
      'KF-AAAA-0004',
    ]);
    expect(refs(await findMessages(t.deps, { from: '2026-05-01', to: '2026-05-01' }))).toEqual([
      'KF-AAAA-0001',
      'KF-AAAA-0002',
    ]);
    expect(refs(await findMessages(t.deps, { department: 3, from: '2026-05-02' }))).toEqual(['KF-AAAA-0004']);
  });

  it('exports CSV that reads back the same, quotes and line breaks included', async () => {
    const csv = messagesCsv(await findMessages(t.deps, { department: 2 }));
    const [record] = parse(csv, { columns: true }) as Record<string, string>[];
    expect(record).toMatchObject({
      reference: 'KF-AAAA-0003',
      department: '2',
      department_name: 'Other Credit Cards',
      subject: 'Hello, "world"',
      message: 'Line one\nLine two',
      extra_data: '{"location":"Warren"}',
      received_at: '2026-05-02T14:00:00.000Z',
      handled_at: '',
      mail_status: 'pending',
    });
  });

  it('neutralises formulas a sender typed, so the spreadsheet shows them as text (docs/threat-model.md)', async () => {
    const [stored] = await findMessages(t.deps, { department: 2 });
    if (!stored) throw new Error('a message of department 2 is stored above');
    const csv = messagesCsv([
      {
        ...stored,
        first_name: '=HYPERLINK("http://evil.example","Click")',
        last_name: '@SUM(1)',
        subject: "+1+cmd|' /C calc'!A0",
        message: '-2+3',
      },
    ]);
    const [record] = parse(csv, { columns: true }) as Record<string, string>[];
    expect(record).toMatchObject({
      first_name: '\'=HYPERLINK("http://evil.example","Click")',
      last_name: "'@SUM(1)",
      subject: "'+1+cmd|' /C calc'!A0",
      message: "'-2+3",
    });
  });

  it('marks messages handled by reference and names the unknown ones; --unhandled leaves them out', async () => {
    expect(await markHandled(t.deps, ['kf-aaaa-0001', 'KF-NOPE-0000'])).toEqual(['KF-NOPE-0000']);
    expect(refs(await findMessages(t.deps, { unhandled: true, department: 3 }))).toEqual([
      'KF-AAAA-0002',
      'KF-AAAA-0004',
    ]);
    const [record] = parse(
      messagesCsv(await findMessages(t.deps, { from: '2026-05-01', to: '2026-05-01' })),
      { columns: true },
    ) as Record<string, string>[];
    expect(record?.handled_at).toBe(new Date(START).toISOString());
  });
});
