// `entries export`: the CSV of a promotion's entries (or of one day of them) in the draw's canonical
// order, and how `draw verify` reads such a file back (draw.cli.ts).
import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { action, CliError, progress, withDeps } from '../../server/cli.ts';
import type { AppDeps } from '../../server/deps.ts';
import { operatorCsv, readOperatorCsv } from '../../server/operator-csv.ts';
import { parseDate, requirePromotion } from './command-input.cli.ts';
import { canonicalEntries, DRAW_METHOD } from './fair-draw.server.ts';

export const EXPORT_COLUMNS = [
  'entry_id',
  'person_key',
  'entry_day',
  'entered_at',
  'first_name',
  'last_name',
  'address_1',
  'city',
  'state',
  'zip',
  'phone',
  'email',
  'member',
  'user_id',
  'account_key',
] as const;

/** The CSV of a promotion's entries (one day's, if given), sorted as the draw sorts them. */
export async function exportEntries(deps: AppDeps, promotionId: string, day: string | null) {
  let query = deps.db.selectFrom('giveaway_entries').selectAll().where('promotion_id', '=', promotionId);
  if (day) query = query.where('entry_day', '=', day);
  const rows = canonicalEntries(await query.execute());
  const chunks = [operatorCsv([[...EXPORT_COLUMNS]])];
  for (let start = 0; start < rows.length; start += 1000) {
    const batch = rows
      .slice(start, start + 1000)
      .map((row) => [
        row.id,
        row.person_key,
        row.entry_day,
        new Date(row.created_at).toISOString(),
        row.first_name,
        row.last_name,
        row.address_1,
        row.city,
        row.state,
        row.zip,
        row.phone,
        row.email,
        row.user_id ? 'yes' : 'no',
        row.user_id ?? '',
        row.account_key ?? '',
      ]);
    chunks.push(operatorCsv(batch));
    progress('entries exported', Math.min(start + 1000, rows.length), rows.length);
  }
  return { csv: chunks.join(''), count: rows.length };
}

/**
 * The entries of an exported CSV, as the draw needs them. The export neutralises formulas (a cell
 * like `-x@example.com` is written `'-x@example.com`); read back, every cell is the stored value
 * again, so the digest of the list is the one the draw recorded (src/server/operator-csv.ts).
 */
export function readExport(text: string, method = DRAW_METHOD) {
  const records = readOperatorCsv(text);
  const first = records[0];
  if (first && !('entry_id' in first && 'person_key' in first)) {
    throw new CliError('the file has no entry_id and person_key columns (made by: entries export)');
  }
  // Draws since migration 0017 count accounts, since 0020 the accounts' mailboxes; older exports lack them.
  const needed = method === 1 ? [] : method === 2 ? ['user_id'] : ['user_id', 'account_key'];
  const lacking = needed.filter((column) => first && !(column in first));
  if (lacking.length > 0) {
    throw new CliError(
      `the file has no ${lacking.join(' or ')} column: export the entries again (entries export)`,
    );
  }
  return records.map((record) => ({
    id: record.entry_id ?? '',
    person_key: record.person_key ?? '',
    user_id: record.user_id || null,
    account_key: record.account_key || null,
  }));
}

export function registerExportCommand(program: Command): void {
  program
    .command('entries')
    .description('giveaway entries')
    .command('export')
    .description('CSV of the entries of a promotion, or of one day of it, in the draw order')
    .requiredOption('--promotion <id>', 'the promotion')
    .option('--day <YYYY-MM-DD>', 'only this day (New York time)')
    .option('--out <file>', 'write to this file (default: standard output)')
    .action(
      action(async (options: { promotion: string; day?: string; out?: string }) => {
        const day = options.day ? parseDate(options.day, '--day') : null;
        await withDeps(async (deps) => {
          await requirePromotion(deps, options.promotion);
          const { csv, count } = await exportEntries(deps, options.promotion, day);
          if (options.out) {
            await writeFile(options.out, csv, { mode: 0o600 });
            console.error(`${count} entries written to ${options.out}`);
          } else process.stdout.write(csv);
        });
      }),
    );
}
