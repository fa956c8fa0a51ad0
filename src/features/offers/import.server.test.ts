import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../server/testing';
import { importOffers, MAX_IMAGE_BYTES } from './import.server';

let t: TestApi;
let dir: string;
let media: string;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('offers').execute();
  dir = mkdtempSync(join(tmpdir(), 'offers-import-'));
  media = join(dir, 'media');
  writeFileSync(join(dir, 'pie.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});

const HEADER = 'id,title,description,price,image,category,starts_on,ends_on,display_order';
const csv = (...rows: string[]) => {
  const file = join(dir, 'offers.csv');
  writeFileSync(file, [HEADER, ...rows].join('\n'));
  return file;
};
const run = (file: string, dryRun = false) => importOffers(t.deps, { file, mediaDirs: [media], dryRun });
const count = async () => (await t.db.selectFrom('offers').select('id').execute()).length;

describe('offers import', () => {
  it('imports a CSV file with its images copied into the site', async () => {
    const file = csv(
      'pie,Apple Pie,"A slice, warm",$2.49,pie.svg,Bradley Street Cafe,2026-05-01,2026-05-31,1',
      ",Chicken Box,Eight pieces,$12.99,/media/offers/chicken-box.svg,Charlie Biggs' Chicken,2026-05-01,2026-06-30,",
    );
    expect(await run(file)).toEqual({ created: 2, updated: 0, images: 1, errors: [] });
    expect(readdirSync(media)).toEqual(['pie.svg']);
    const rows = await t.db.selectFrom('offers').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.image, r.description])).toEqual([
      ['chicken-box-2026-05-01', '/media/offers/chicken-box.svg', 'Eight pieces'],
      ['pie', '/media/offers/pie.svg', 'A slice, warm'],
    ]);
    // The same id again replaces the offer instead of adding one.
    const again = csv('pie,Apple Pie,Two slices,$3.99,pie.svg,Bradley Street Cafe,2026-05-01,2026-05-31,1');
    expect((await run(again)).updated).toBe(1);
    expect(await count()).toBe(2);
  });

  it('imports a JSON array', async () => {
    const file = join(dir, 'offers.json');
    writeFileSync(
      file,
      JSON.stringify([
        {
          title: 'Water',
          description: '24 bottles',
          price: '2 for $9',
          image: 'pie.svg',
          category: 'General Merchandise',
          starts_on: '2026-05-01',
          ends_on: '2026-05-02',
          display_order: 4,
        },
      ]),
    );
    expect((await run(file)).created).toBe(1);
  });

  it('reports every bad row and writes nothing, not even the valid rows or their images', async () => {
    writeFileSync(join(dir, 'huge.webp'), Buffer.alloc(MAX_IMAGE_BYTES + 1));
    const file = csv(
      'ok,Good,Fine,$1,pie.svg,General Merchandise,2026-05-01,2026-05-31,1',
      'bad-cat,Bad,Thing,$1,pie.svg,Hardware,2026-05-01,2026-05-31,1',
      'no-image,Bad,Thing,$1,missing.png,General Merchandise,2026-05-01,2026-05-31,1',
      'big,Bad,Thing,$1,huge.webp,General Merchandise,2026-05-01,2026-05-31,1',
      'dates,Bad,Thing,$1,pie.svg,General Merchandise,2026-06-01,2026-05-31,1',
      'escape,Bad,Thing,$1,../pie.svg,General Merchandise,2026-05-01,2026-05-31,1',
      'ok,Good,Twice,$1,pie.svg,General Merchandise,2026-05-01,2026-05-31,1',
    );
    const result = await run(file);
    expect(result.errors).toEqual([
      expect.stringMatching(/^row 2: Category must be one of/),
      expect.stringMatching(/^row 3: image "missing.png" was not found/),
      expect.stringMatching(/^row 4: image "huge.webp" is 201 KB/),
      'row 5: The end date is before the start date',
      expect.stringMatching(/^row 6: image "..\/pie.svg" must be a file name/),
      'row 7: id "ok" appears twice in the file',
    ]);
    expect(await count()).toBe(0);
    expect(existsSync(media)).toBe(false);
  });

  it('a dry run checks and counts but writes nothing', async () => {
    const file = csv('pie,Apple Pie,Warm,$2.49,pie.svg,Bradley Street Cafe,2026-05-01,2026-05-31,1');
    expect(await run(file, true)).toEqual({ created: 1, updated: 0, images: 1, errors: [] });
    expect(await count()).toBe(0);
    expect(existsSync(media)).toBe(false);
  });

  it('a file that is not CSV or JSON of offers is refused with a reason', async () => {
    const file = join(dir, 'offers.json');
    writeFileSync(file, '{"title": "not an array"}');
    expect((await run(file)).errors).toEqual([
      'the file could not be read: A JSON file must hold an array of offers',
    ]);
    const empty = csv();
    expect((await run(empty)).errors).toEqual(['the file holds no offers']);
  });
});
