// Operators' row files (CSV with a header line, or JSON), the one way stores, prices and offers are
// imported: the file is read into rows, every row is checked with the feature's valibot schema (and
// its further checks), and every bad row is reported with where it is and why. A file with any bad
// row gives the feature no rows at all, so nothing is written unless every row is valid; each
// feature keeps only its schema and its write.
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parse } from 'csv-parse/sync';
import * as v from 'valibot';

export type RowFormat = 'csv' | 'json';

/** Where a row stands in its file: the CSV line it ends on, or its position in the JSON list. */
export interface RowPlace {
  /** 1 for the first data row (CSV) or item (JSON). */
  index: number;
  /** The CSV line the row ends on (the header is line 1); undefined in JSON. */
  line?: number;
}

export interface SourceRow extends RowPlace {
  record: Record<string, unknown>;
}

/** What a feature says about its files. `T` is what a valid row becomes. */
export interface RowFileSpec<S extends v.GenericSchema, T = v.InferOutput<S>> {
  /** One row: an object schema, or a pipe that starts with one (its fields are read from it). */
  schema: S;
  /** Why a JSON file that holds no list of rows is refused. */
  notAList: string;
  /** The rows of a parsed JSON file (default: the file itself when it is an array); undefined when none. */
  jsonRows?: (parsed: unknown) => unknown[] | undefined;
  /** The field a column or JSON key fills (aliases); default: the name as written. */
  fieldName?: (column: string) => string;
  /** How a row is named in a report; default 'line N' (CSV) or 'item N' (JSON). */
  label?: (place: RowPlace) => string;
  /** A key no two rows may share, and the report of a row that repeats one. */
  unique?: {
    key: (row: v.InferOutput<S>) => string;
    message: (key: string, first: string) => string;
  };
  /** Checks beyond the schema (a file the row names, say): the row to keep, or why it is not valid. */
  refine?: (row: v.InferOutput<S>) => Refined<T> | Promise<Refined<T>>;
}

export type Refined<T> = { row: T } | { reason: string };

/** What reading and checking a file came to; only `valid` carries rows to write. */
export type RowFile<T> =
  | { status: 'unreadable'; reason: string }
  | { status: 'malformed'; format: RowFormat; reason: string }
  | { status: 'empty' }
  | { status: 'invalid'; errors: string[]; total: number }
  | { status: 'valid'; rows: T[] };

/** The format a file is read as: the one asked for, else .json by its name, else CSV. */
export const formatOf = (file: string, format?: RowFormat): RowFormat =>
  format ?? (extname(file).toLowerCase() === '.json' ? 'json' : 'csv');

const isRecord = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** The rows of a file's text; throws (with the parser's reason) on text that is not valid CSV or JSON. */
export function parseRows(
  content: string,
  format: RowFormat,
  spec: Pick<RowFileSpec<v.GenericSchema>, 'jsonRows' | 'notAList'>,
): SourceRow[] {
  if (format === 'json') {
    const parsed: unknown = JSON.parse(content);
    const list = spec.jsonRows ? spec.jsonRows(parsed) : Array.isArray(parsed) ? parsed : undefined;
    if (!Array.isArray(list)) throw new Error(spec.notAList);
    return list.map((item, i) => ({ index: i + 1, record: isRecord(item) ? item : {} }));
  }
  const records = parse(content, {
    columns: true,
    skip_empty_lines: true,
    bom: true,
    trim: true,
    info: true,
  }) as unknown as { record: Record<string, unknown>; info: { lines: number } }[];
  return records.map(({ record, info }, i) => ({ index: i + 1, line: info.lines, record }));
}

/** The fields of a row schema: an object schema's entries, or those of the object a pipe starts with. */
function fieldsOf(schema: v.GenericSchema): string[] {
  const object = 'pipe' in schema ? (schema.pipe as unknown[])[0] : schema;
  return isRecord(object) && isRecord(object.entries) ? Object.keys(object.entries) : [];
}

const defaultLabel = ({ index, line }: RowPlace) => (line === undefined ? `item ${index}` : `line ${line}`);

/** Every row checked, in file order; `errors` lists each bad row once with all its reasons. */
export async function checkRows<S extends v.GenericSchema, T = v.InferOutput<S>>(
  source: SourceRow[],
  spec: RowFileSpec<S, T>,
): Promise<{ rows: T[]; errors: string[] }> {
  const fields = fieldsOf(spec.schema);
  const label = spec.label ?? defaultLabel;
  const rows: T[] = [];
  const errors: string[] = [];
  const seen = new Map<string, string>();
  for (const row of source) {
    const where = label(row);
    // Every field present, so a missing one gets its own message; an empty cell counts as not given.
    const named: Record<string, unknown> = Object.fromEntries(fields.map((key) => [key, undefined]));
    for (const [key, value] of Object.entries(row.record))
      named[spec.fieldName ? spec.fieldName(key) : key] = value === '' ? undefined : value;
    const result = v.safeParse(spec.schema, named);
    if (!result.success) {
      errors.push(`${where}: ${result.issues.map((issue) => issue.message).join('; ')}`);
      continue;
    }
    if (spec.unique) {
      const key = spec.unique.key(result.output);
      const first = seen.get(key);
      if (first) errors.push(`${where}: ${spec.unique.message(key, first)}`);
      else seen.set(key, where);
    }
    const kept = spec.refine ? await spec.refine(result.output) : { row: result.output as T };
    if ('reason' in kept) errors.push(`${where}: ${kept.reason}`);
    else rows.push(kept.row);
  }
  return { rows, errors };
}

/** Reads a .csv or .json file and checks every row; rows come back only when every one is valid. */
export async function readRowFile<S extends v.GenericSchema, T = v.InferOutput<S>>(
  file: string,
  spec: RowFileSpec<S, T>,
  format?: RowFormat,
): Promise<RowFile<T>> {
  let content: string;
  try {
    content = await readFile(file, 'utf8');
  } catch (error) {
    return { status: 'unreadable', reason: (error as Error).message };
  }
  const as = formatOf(file, format);
  let source: SourceRow[];
  try {
    source = parseRows(content, as, spec);
  } catch (error) {
    return { status: 'malformed', format: as, reason: (error as Error).message };
  }
  if (source.length === 0) return { status: 'empty' };
  const { rows, errors } = await checkRows(source, spec);
  return errors.length > 0 ? { status: 'invalid', errors, total: source.length } : { status: 'valid', rows };
}
