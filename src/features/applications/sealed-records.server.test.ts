import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submit } from '../../../tests/support/applications.ts';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { SAMPLE_PDF, SECRETS, sampleChargeCard, sampleFleet } from './applications.sample.ts';
import { SealError } from './crypto.server.ts';
import { addKeyToFile, keyringFor, retireKeys } from './keys.server.ts';
import {
  keysInUse,
  listApplications,
  openApplication,
  purgeBefore,
  resealAll,
} from './sealed-records.server.ts';

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({ localHumanCheck: true });
});
afterAll(() => api.close());

const keyring = () => keyringFor(api.config);

describe('stored applications', () => {
  it('refuses a tampered payload and a payload moved to another record', async () => {
    const first = (await submit(api, 'charge-card', sampleChargeCard(), {}, '192.0.2.1')).json.reference;
    const second = (await submit(api, 'charge-card', sampleChargeCard(), {}, '192.0.2.2')).json.reference;
    const row = await api.db
      .selectFrom('applications')
      .select(['id', 'payload'])
      .where('reference', '=', first)
      .executeTakeFirstOrThrow();
    const flipped = `${row.payload.slice(0, -3)}${row.payload.at(-3) === 'A' ? 'B' : 'A'}${row.payload.slice(-2)}`;
    await api.db.updateTable('applications').set({ payload: flipped }).where('id', '=', row.id).execute();
    await expect(openApplication(api.db, keyring(), first)).rejects.toThrow(SealError);
    const other = await api.db
      .selectFrom('applications')
      .select('payload')
      .where('reference', '=', second)
      .executeTakeFirstOrThrow();
    await api.db
      .updateTable('applications')
      .set({ payload: other.payload })
      .where('id', '=', row.id)
      .execute();
    await expect(openApplication(api.db, keyring(), first)).rejects.toThrow(SealError);
    expect((await openApplication(api.db, keyring(), second))?.data.a_ssn).toBe(SECRETS.ssnA);
    // Rotation reports a record it cannot open and goes on with the others.
    const rotation = await resealAll(api.db, addKeyToFile(api.config));
    expect(rotation).toEqual({ changed: 1, failed: [first] });
    await api.db.deleteFrom('applications').where('id', '=', row.id).execute();
  });

  it('opens old records after a key rotation, reseals them all, then works without the old key', async () => {
    const reference = (
      await submit(
        api,
        'fleet-fueling',
        sampleFleet({ guarantors: 1 }),
        {
          annual_statement: { name: 'a.pdf', content: SAMPLE_PDF },
        },
        '192.0.2.3',
      )
    ).json.reference;
    const oldKey = keyring().activeId;
    const rotated = addKeyToFile(api.config);
    expect(rotated.activeId).not.toBe(oldKey);
    expect((await openApplication(api.db, rotated, reference))?.data.bank_account).toBe(SECRETS.bankAccount);

    expect(await resealAll(api.db, rotated)).toEqual({ changed: 3, failed: [] }); // 2 records, 1 file
    expect([...(await keysInUse(api.db))]).toEqual([rotated.activeId]);
    expect(retireKeys(api.config, await keysInUse(api.db))).toContain(oldKey);
    const opened = await openApplication(api.db, keyring(), reference);
    expect(opened?.data.g1_ssn).toBe(SECRETS.ssnGuarantor1);
    expect(opened?.files[0]?.content.toString()).toBe(SAMPLE_PDF);
    expect(await resealAll(api.db, keyring())).toEqual({ changed: 0, failed: [] });
  });

  it('lists without sealed columns and purges old applications with their files', async () => {
    const list = await listApplications(api.db);
    expect(list.length).toBe(2);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual([
      'created_at',
      'id',
      'key_id',
      'kind',
      'reference',
      'summary',
    ]);
    api.advance(1000);
    const recent = (await submit(api, 'charge-card', sampleChargeCard(), {}, '192.0.2.4')).json.reference;
    const purged = await purgeBefore(api.db, api.now() - 500);
    expect(purged).toBe(list.length);
    expect((await listApplications(api.db)).map((a) => a.reference)).toEqual([recent]);
    expect(await api.db.selectFrom('application_files').select('id').execute()).toEqual([]);
  });
});
