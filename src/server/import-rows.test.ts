import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { optionalString, requiredText } from '../lib/fields.ts';
import { checkRows, formatOf, parseRows, type RowFileSpec, readRowFile } from './import-rows.ts';

const row = v.object({
  code: requiredText('code', 5),
  note: optionalString(20, 'note is too long'),
  size: v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))], 'size must be a number'),
    v.minValue(1, 'size must be from 1'),
  ),
});
const spec: RowFileSpec<typeof row> = {
  schema: row,
  notAList: 'the file must hold a list of things',
  unique: { key: (r) => r.code, message: (code, first) => `code ${code} is already on ${first}` },
};

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-rows-'));
});
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

describe('readRowFile', () => {
  it('reads a good CSV file into checked rows (empty cells are not given, a BOM is fine)', async () => {
    const csv = file('good.csv', '\uFEFFcode,note,size\nA1, first ,3\nB2,,4\n');
    expect(await readRowFile(csv, spec)).toEqual({
      status: 'valid',
      rows: [
        { code: 'A1', note: 'first', size: 3 },
        { code: 'B2', note: '', size: 4 },
      ],
    });
  });

  it('reads a good JSON file (an array of objects)', async () => {
    const json = file('good.json', JSON.stringify([{ code: 'A1', size: 3 }]));
    expect(await readRowFile(json, spec)).toEqual({
      status: 'valid',
      rows: [{ code: 'A1', note: '', size: 3 }],
    });
  });

  it('reports every bad CSV row with its line and all its reasons, and gives no rows', async () => {
    const csv = file(
      'bad.csv',
      [
        'code,note,size',
        'A1,fine,1', // line 2
        ',,0', // line 3: two reasons
        '"B2","a note',
        'on two lines",2', // the row ends on line 5
        'A1,again,1', // line 6: a repeated code
        'C3,too long a note for the field,x', // line 7
      ].join('\n'),
    );
    expect(await readRowFile(csv, spec)).toEqual({
      status: 'invalid',
      total: 5,
      errors: [
        'line 3: code is required; size must be from 1',
        'line 6: code A1 is already on line 2',
        'line 7: note is too long; size must be a number',
      ],
    });
  });

  it('reports JSON rows by item number; a missing field gets its own message', async () => {
    const json = file('bad.json', JSON.stringify([{ code: 'A1', size: 1 }, { size: 2 }, 'not an object']));
    const read = await readRowFile(json, spec);
    expect(read).toEqual({
      status: 'invalid',
      total: 3,
      errors: ['item 2: code is required', 'item 3: code is required; size must be a number'],
    });
  });

  it('says why a file cannot be used: missing, not CSV or JSON, no list, no rows', async () => {
    expect(await readRowFile(join(dir, 'none.csv'), spec)).toMatchObject({ status: 'unreadable' });
    expect(await readRowFile(file('broken.json', '[{'), spec)).toMatchObject({
      status: 'malformed',
      format: 'json',
    });
    expect(await readRowFile(file('ragged.csv', 'code,size\nA1,1,extra\n'), spec)).toMatchObject({
      status: 'malformed',
      format: 'csv',
    });
    expect(await readRowFile(file('object.json', '{"code":"A1"}'), spec)).toEqual({
      status: 'malformed',
      format: 'json',
      reason: 'the file must hold a list of things',
    });
    expect(await readRowFile(file('header-only.csv', 'code,size\n'), spec)).toEqual({ status: 'empty' });
    // The format asked for wins over the file's name.
    expect(await readRowFile(file('rows.txt', '[{"code":"A1","size":1}]'), spec, 'json')).toMatchObject({
      status: 'valid',
    });
  });
});

describe('checkRows', () => {
  it('renames columns, names rows its own way and refines valid rows in file order', async () => {
    const source = parseRows('Code Name,SIZE\nA1,1\nB2,2\nC3,3\n', 'csv', spec);
    const checked = await checkRows(source, {
      ...spec,
      fieldName: (column) => (column === 'Code Name' ? 'code' : column.toLowerCase()),
      label: ({ index }) => `row ${index}`,
      refine: (r) =>
        r.code === 'B2' ? { reason: 'B2 is not in the catalogue' } : { row: `${r.code}x${r.size}` },
    });
    expect(checked).toEqual({ rows: ['A1x1', 'C3x3'], errors: ['row 2: B2 is not in the catalogue'] });
  });

  it('takes the fields of a pipe that starts with an object', async () => {
    const piped = v.pipe(
      row,
      v.check((r) => r.size < 10, 'size must be below 10'),
    );
    const checked = await checkRows(parseRows('[{"size":20},{}]', 'json', spec), { ...spec, schema: piped });
    expect(checked.errors).toEqual([
      'item 1: code is required; size must be below 10',
      'item 2: code is required; size must be a number',
    ]);
  });

  it('reads the format from the file name', () => {
    expect([formatOf('a.JSON'), formatOf('a.csv'), formatOf('a'), formatOf('a.json', 'csv')]).toEqual([
      'json',
      'csv',
      'csv',
      'csv',
    ]);
  });
});
