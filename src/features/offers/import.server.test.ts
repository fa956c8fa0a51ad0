import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { importOffers, MAX_IMAGE_BYTES } from './import.server.ts';

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
  writeFileSync(join(dir, 'pie.png'), PNG);
});

/** A real 1x1 PNG: the import reads what a file holds, not only its name. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const SCRIPTED_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("/api/v1/me").then(r=>r.text()).then(alert)</script></svg>';

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
      'pie,Apple Pie,"A slice, warm",$2.49,pie.png,Bradley Street Cafe,2026-05-01,2026-05-31,1',
      ",Chicken Box,Eight pieces,$12.99,/media/offers/chicken-box.svg,Charlie Biggs' Chicken,2026-05-01,2026-06-30,",
    );
    expect(await run(file)).toEqual({ created: 2, updated: 0, images: 1, errors: [] });
    expect(readdirSync(media)).toEqual(['pie.png']);
    const rows = await t.db.selectFrom('offers').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.id, r.image, r.description])).toEqual([
      ['chicken-box-2026-05-01', '/media/offers/chicken-box.svg', 'Eight pieces'],
      ['pie', '/media/offers/pie.png', 'A slice, warm'],
    ]);
    // The same id again replaces the offer instead of adding one.
    const again = csv('pie,Apple Pie,Two slices,$3.99,pie.png,Bradley Street Cafe,2026-05-01,2026-05-31,1');
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
          image: 'pie.png',
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
      'ok,Good,Fine,$1,pie.png,General Merchandise,2026-05-01,2026-05-31,1',
      'bad-cat,Bad,Thing,$1,pie.png,Hardware,2026-05-01,2026-05-31,1',
      'no-image,Bad,Thing,$1,missing.png,General Merchandise,2026-05-01,2026-05-31,1',
      'big,Bad,Thing,$1,huge.webp,General Merchandise,2026-05-01,2026-05-31,1',
      'dates,Bad,Thing,$1,pie.png,General Merchandise,2026-06-01,2026-05-31,1',
      'escape,Bad,Thing,$1,../pie.png,General Merchandise,2026-05-01,2026-05-31,1',
      'ok,Good,Twice,$1,pie.png,General Merchandise,2026-05-01,2026-05-31,1',
    );
    const result = await run(file);
    expect(result.errors).toEqual([
      expect.stringMatching(/^row 2: Category must be one of/),
      expect.stringMatching(/^row 3: image "missing.png" was not found/),
      expect.stringMatching(/^row 4: image "huge.webp" is 201 KB/),
      'row 5: The end date is before the start date',
      expect.stringMatching(/^row 6: image "..\/pie.png" must be a file name/),
      'row 7: id "ok" appears twice in the file',
    ]);
    expect(await count()).toBe(0);
    expect(existsSync(media)).toBe(false);
  });

  it('refuses an SVG (it can carry a script) and any file whose content is not the image its name says', async () => {
    writeFileSync(join(dir, 'pie.svg'), SCRIPTED_SVG);
    writeFileSync(join(dir, 'disguised.png'), SCRIPTED_SVG);
    writeFileSync(join(dir, 'page.jpg'), '<!doctype html><script>alert(1)</script>');
    writeFileSync(join(dir, 'png-named.webp'), PNG);
    const file = csv(
      'svg,Pie,Warm,$1,pie.svg,General Merchandise,2026-05-01,2026-05-31,1',
      'fake-png,Pie,Warm,$1,disguised.png,General Merchandise,2026-05-01,2026-05-31,1',
      'fake-jpg,Pie,Warm,$1,page.jpg,General Merchandise,2026-05-01,2026-05-31,1',
      'mislabelled,Pie,Warm,$1,png-named.webp,General Merchandise,2026-05-01,2026-05-31,1',
    );
    expect((await run(file)).errors).toEqual([
      'row 1: image "pie.svg" must be one of .webp, .avif, .png, .jpg, .jpeg',
      'row 2: image "disguised.png" is not a PNG image by its content (not an image file type)',
      'row 3: image "page.jpg" is not a JPG image by its content (not an image file type)',
      'row 4: image "png-named.webp" is not a WEBP image by its content (it holds PNG)',
    ]);
    expect(await count()).toBe(0);
    expect(existsSync(media)).toBe(false);
  });

  it('takes a site path only when it stays right in /media/offers/ once resolved', async () => {
    const paths = [
      '/media/offers/../../x.png',
      '/media/offers/%2e%2e/%2e%2e/x.png',
      '/media/offers/%2E%2E%2Fsecret.png',
      '/media/offers/..\\..\\x.png',
      '/media/offers//x.png',
      '/media/offers/./x.png',
      '/media/offers/sub/x.png',
      '/media/offers/%zz.png',
      '/media/x.png',
      '/media/offers/',
    ];
    const file = csv(
      ...paths.map((path, i) => `p${i},Pie,Warm,$1,${path},General Merchandise,2026-05-01,2026-05-31,1`),
    );
    expect((await run(file)).errors).toEqual(
      paths.map((path, i) => `row ${i + 1}: image "${path}" must be a file right in /media/offers/`),
    );
    const ok = csv('ok,Pie,Warm,$1,/media/offers/pie-2.png,General Merchandise,2026-05-01,2026-05-31,1');
    expect((await run(ok)).errors).toEqual([]);
  });

  it('refuses control characters in an image name, and drops them from the texts', async () => {
    const file = join(dir, 'offers.json');
    const offer = {
      title: 'Apple\u001b[2J Pie\u202e',
      description: 'Warm\u0007',
      price: '$1',
      image: 'pie.png',
      category: 'General Merchandise',
      starts_on: '2026-05-01',
      ends_on: '2026-05-02',
    };
    writeFileSync(file, JSON.stringify([offer, { ...offer, title: 'Other', image: 'pie.png\u0000.svg' }]));
    expect((await run(file)).errors).toEqual(['row 2: Image may not hold control characters']);
    writeFileSync(file, JSON.stringify([offer]));
    expect((await run(file)).errors).toEqual([]);
    const row = await t.db.selectFrom('offers').selectAll().executeTakeFirstOrThrow();
    expect([row.title, row.description]).toEqual(['Apple[2J Pie', 'Warm']);
  });

  it('a dry run checks and counts but writes nothing', async () => {
    const file = csv('pie,Apple Pie,Warm,$2.49,pie.png,Bradley Street Cafe,2026-05-01,2026-05-31,1');
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
