// The one way to write a CSV that an operator opens in a spreadsheet (`contact export`, `entries
// export`), and to read one back (`draw verify`). Whatever a visitor typed lands in these files, and
// a spreadsheet runs a cell that begins like a formula (`=HYPERLINK(...)`, `@SUM(1)`, `+1+cmd|...`,
// `-2+3`): such a cell gets a leading apostrophe (csv-stringify's `escape_formulas`: = + - @, tab,
// carriage return and their full-width forms), which spreadsheets take as "this is text".
// A cell that already begins with an apostrophe gets one more, so the escape can always be undone:
// `exportedValue` drops one leading apostrophe and gives back exactly the stored value. That is how
// `draw verify` hashes the same values as the draw did (its digest is over the stored values).
import { parse } from 'csv-parse/sync';
import { type Input, type Options, stringify } from 'csv-stringify/sync';

const APOSTROPHE = "'";

/** CSV text of `records`, formulas neutralised (see above); `options` as csv-stringify's. */
export const operatorCsv = (
  records: Input,
  options: Omit<Options, 'escape_formulas' | 'cast'> = {},
): string =>
  stringify(records, {
    ...options,
    escape_formulas: true,
    cast: { string: (value) => (value.startsWith(APOSTROPHE) ? APOSTROPHE + value : value) },
  });

/** A cell of an operator CSV as it was stored (undoes operatorCsv's escape). */
export const exportedValue = (cell: string): string =>
  cell.startsWith(APOSTROPHE) ? cell.slice(APOSTROPHE.length) : cell;

/** The records of an operator CSV with a header line, every cell as it was stored. */
export const readOperatorCsv = (text: string): Record<string, string>[] =>
  parse(text, {
    columns: true,
    skip_empty_lines: true,
    bom: true,
    cast: (value) => exportedValue(value),
  }) as Record<string, string>[];
