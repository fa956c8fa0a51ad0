// CSV an operator opens in a spreadsheet: nothing a visitor typed runs as a formula, and every
// cell reads back exactly as stored (docs/threat-model.md, "Operator files").
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { exportedValue, operatorCsv, readOperatorCsv } from './operator-csv.ts';

const FORMULAS = [
  '=HYPERLINK("http://evil.example","Click")',
  '@SUM(1)',
  "+1+cmd|' /C calc'!A0",
  '-2+3',
  '\t=1+1',
  '\r=1+1',
  '＝1+1',
  '＋1',
  '－1',
  '＠SUM(1)',
];

describe('operatorCsv', () => {
  it('writes every cell that begins like a formula as text (a leading apostrophe)', () => {
    const [row] = parse(operatorCsv([FORMULAS])) as string[][];
    expect(row).toEqual(FORMULAS.map((cell) => `'${cell}`));
  });

  it('reads every cell back as stored, apostrophes of its own included; numbers stay numbers', () => {
    const values = [...FORMULAS, "'already", "''", "'", 'plain', '', "O'Brien", 'a,"b"\nc'];
    const csv = operatorCsv(
      values.map((value) => ({ value, n: -1 })),
      { header: true, columns: ['value', 'n'] },
    );
    const read = readOperatorCsv(csv);
    expect(read.map((record) => record.value)).toEqual(values);
    expect(read.every((record) => record.n === '-1')).toBe(true);
    expect(exportedValue("'=1")).toBe('=1');
  });
});
