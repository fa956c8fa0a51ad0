// `entries export` (CSV of a day's or a whole promotion's entries, in the draw's canonical order)
// and the auditable draw: `draw run` first lists suspected duplicates (duplicates.server.ts) and
// goes on only once the operator has said what to do with them (exclude them, some, or none), then
// records the eligible count, the digest of the entry list, the excluded entries and the hash of a
// fresh secret seed, draws from the seed, stores the winners, publishes the seed and mails the
// winners; `draw verify` repeats a draw from an exported list.

import { readFile, writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { Kysely } from 'kysely';
import { chainDay } from '../../lib/dates.ts';
import { action, CliError, progress, withDeps } from '../../server/cli.ts';
import type { Database } from '../../server/db/schema.ts';
import type { AppDeps } from '../../server/deps.ts';
import { enqueue, mailJob } from '../../server/jobs/queue.ts';
import { runDueJobs } from '../../server/jobs/worker.ts';
import { operatorCsv, readOperatorCsv } from '../../server/operator-csv.ts';
import { terminalJson, terminalText } from '../../server/terminal-text.ts';
import { alternateExclusions, linkedToWinners, replaceableWinners } from './alternates.server.ts';
import { parseDate, requirePromotion } from './command-input.cli.ts';
import { confirmLink, winnerState } from './confirmation.server.ts';
import {
  commitDraw,
  completeDraw,
  DrawBusyError,
  drawnEntryIds,
  eligibleEntries,
  findDraw,
  verifyDraw,
  withDrawLock,
} from './draws.server.ts';
import { laterDuplicates, suspectedDuplicates } from './duplicates.server.ts';
import { rulesPath } from './entrant.ts';
import { canonicalEntries, DRAW_METHOD, type DrawMethod } from './fair-draw.server.ts';
import type { PromotionRow } from './promotions.server.ts';

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

interface DuplicateChoice {
  excludeDuplicates?: boolean;
  exclude?: string;
  keepDuplicates?: boolean;
}

/**
 * Lists the suspected duplicates among the eligible entries and returns the entries to exclude, as
 * the operator said; with suspects and no word from the operator, stops before anything is recorded.
 */
async function chooseExclusions(
  deps: AppDeps,
  promotion: PromotionRow,
  day: string | null,
  choice: DuplicateChoice,
): Promise<string[]> {
  const entries = await eligibleEntries(deps, promotion.id, day);
  const groups = suspectedDuplicates(entries);
  if (groups.length > 0) {
    console.log(
      `${groups.length} group(s) of suspected duplicates (same day; same phone, or same address and last name):`,
    );
    for (const [index, group] of groups.entries()) {
      console.log(`  group ${index + 1}, ${group[0]?.entry_day}:`);
      for (const entry of group) {
        console.log(
          `    entry ${entry.id}  ${entry.person_key}  ${entry.phone}  ${entry.address_1} ${entry.zip}  ${entry.last_name}`,
        );
      }
    }
  } else console.log('no suspected duplicates');
  const named = (choice.exclude ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const eligible = new Set(entries.map((entry) => entry.id));
  const unknown = named.filter((id) => !eligible.has(id));
  if (unknown.length > 0)
    throw new CliError(`--exclude names entries that are not eligible: ${unknown.join(', ')}`);
  if (choice.excludeDuplicates && choice.keepDuplicates)
    throw new CliError('choose one of --exclude-duplicates and --keep-duplicates');
  // Nobody wins twice: whoever is linked to a winner of an earlier draw of this promotion is out.
  const earlier = await linkedToWinners(deps, promotion.id, day);
  if (earlier.length > 0)
    console.log(`${earlier.length} entry(ies) linked to earlier winners, left out: ${earlier.join(', ')}`);
  const excluded = new Set([
    ...named,
    ...earlier,
    ...(choice.excludeDuplicates ? laterDuplicates(groups) : []),
  ]);
  if (groups.length > 0 && !choice.excludeDuplicates && !choice.keepDuplicates && named.length === 0) {
    throw new CliError(
      'nothing drawn: decide about the suspected duplicates above and run again with --exclude-duplicates (keeps the first entry of each group), --exclude <entry ids> or --keep-duplicates',
    );
  }
  return [...excluded].sort();
}

/** The winner mail: the prize, and the link to confirm or decline it by the deadline (product.md 2.12). */
const winnerMail = (
  deps: AppDeps,
  promotion: PromotionRow,
  to: string,
  token: string,
  confirmBy: number,
) => ({
  to,
  subject: `You won the ${promotion.title}!`,
  text: `Congratulations! You were drawn as a winner of the ${promotion.title}.\n\nYour prize: ${promotion.prize}.\n\nTo receive it, confirm by ${new Date(confirmBy).toUTCString()} with this link (you can also decline the prize there):\n${confirmLink(deps.config.siteUrl, token)}\n\nA prize not confirmed by then goes to an alternate winner. After you confirm, we will contact you to arrange delivery. The official rules: ${new URL(rulesPath(promotion.id), deps.config.siteUrl)}\n`,
});

type Drawn = Awaited<ReturnType<typeof completeDraw>>;

/** Prints the drawn winners, without their links. */
const showDrawn = (drawn: Drawn) => {
  for (const { position, entry } of drawn) {
    console.log(
      `  winner ${position}: ${terminalText(`${entry.first_name} ${entry.last_name}, ${entry.city} ${entry.state}`)} (entry ${entry.id})`,
    );
  }
};

/**
 * Sends the winners' mails queued with the draw (each marked sent in the queue); what fails, or
 * what this command does not get to, the servers' workers send (`mail list` shows them).
 */
async function mailWinners(deps: AppDeps, jobIds: string[]) {
  const { done } = await runDueJobs(deps, { ids: jobIds });
  progress('winners mailed', done, jobIds.length);
  if (done < jobIds.length) {
    console.error(
      `${jobIds.length - done} winner mail(s) not sent yet: the queue retries them (see: mail list)`,
    );
  }
}

/** Queues each winner's mail in the draw's transaction; answers the job ids. */
async function queueWinnerMails(
  deps: AppDeps,
  trx: Kysely<Database>,
  promotion: PromotionRow,
  chosen: Drawn,
) {
  const ids: string[] = [];
  for (const { entry, token, confirmBy } of chosen) {
    const mail = winnerMail(deps, promotion, entry.email, token, confirmBy);
    const id = await enqueue(trx, mailJob(mail), deps.now());
    if (id) ids.push(id);
  }
  return ids;
}

async function checkDrawable(deps: AppDeps, promotion: PromotionRow, day: string | null) {
  const today = chainDay(deps.now());
  if (day && (day < promotion.starts_on || day > promotion.ends_on))
    throw new CliError(`${day} is outside the promotion`);
  if ((day ?? promotion.ends_on) >= today) {
    throw new CliError(
      `entries for ${day ?? 'this promotion'} are still open; draw after ${day ?? promotion.ends_on}`,
    );
  }
  let done = deps.db
    .selectFrom('draws')
    .select('id')
    .where('promotion_id', '=', promotion.id)
    .where('seed', 'is not', null);
  done = day ? done.where('entry_day', '=', day) : done.where('entry_day', 'is', null);
  const earlier = await done.executeTakeFirst();
  if (earlier) throw new CliError(`already drawn (draw ${earlier.id}); see: draw verify`);
}

export function registerDrawCommands(program: Command): void {
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

  const draw = program.command('draw').description('draw winners and check draws');
  draw
    .command('run')
    .description('draw the winners of a finished promotion (or of one finished day), record and publish it')
    .requiredOption('--promotion <id>', 'the promotion')
    .option('--day <YYYY-MM-DD>', "draw from one day's entries only")
    .option('--winners <n>', "how many (default: the promotion's number)")
    .option('--exclude-duplicates', 'leave out every suspected duplicate but the first entry of its group')
    .option('--exclude <ids>', 'leave out these entries (ids separated by commas)')
    .option('--keep-duplicates', 'draw with the suspected duplicates in')
    .action(
      action(async (options: { promotion: string; day?: string; winners?: string } & DuplicateChoice) => {
        const day = options.day ? parseDate(options.day, '--day') : null;
        await withDeps(async (deps) => {
          const promotion = await requirePromotion(deps, options.promotion);
          const jobIds: string[] = [];
          await withDrawLock(deps, promotion.id, deps.jobs.owner, async () => {
            await checkDrawable(deps, promotion, day);
            const winners = options.winners ? Number(options.winners) : promotion.winners_count;
            if (!Number.isInteger(winners) || winners < 1)
              throw new CliError('--winners must be a whole number from 1');
            const excluded = await chooseExclusions(deps, promotion, day, options);
            const {
              draw: row,
              seed,
              entries,
            } = await commitDraw(deps, { promotion, day, winners, excluded });
            console.log(`draw ${row.id} committed: ${row.eligible_count} eligible entries`);
            if (excluded.length > 0)
              console.log(`  excluded by the operator (${excluded.length}): ${excluded.join(', ')}`);
            console.log(`  entries digest (SHA-256): ${row.entries_digest}`);
            console.log(`  seed hash (SHA-256):      ${row.seed_hash}`);
            const drawn = await completeDraw(deps, promotion, row, seed, entries, async (trx, chosen) => {
              jobIds.push(...(await queueWinnerMails(deps, trx, promotion, chosen)));
            });
            showDrawn(drawn);
            console.log(`  seed (published):         ${seed}`);
          }).catch((error: unknown) => {
            throw error instanceof DrawBusyError ? new CliError(error.message) : error;
          });
          await mailWinners(deps, jobIds);
        });
        // Nothing public changed: a drawn winner is published when they confirm (confirmation.server.ts purges then).
      }),
    );

  draw
    .command('alternate')
    .description('draw alternates for the prizes of a draw that were declined or not confirmed in time')
    .requiredOption('--draw <id>', 'the draw whose prizes are free again (see: draw winners)')
    .option('--exclude <ids>', 'also leave out these entries (ids separated by commas)')
    .action(
      action(async (options: { draw: string; exclude?: string }) => {
        await withDeps(async (deps) => {
          const original = await findDraw(deps, options.draw);
          if (!original?.seed) throw new CliError(`there is no finished draw '${options.draw}'`);
          const promotion = await requirePromotion(deps, original.promotion_id);
          const jobIds: string[] = [];
          await withDrawLock(deps, promotion.id, deps.jobs.owner, async () => {
            const free = await replaceableWinners(deps, original.id);
            if (free.length === 0)
              throw new CliError('no prize of this draw is free: every winner has confirmed or still may');
            const named = (options.exclude ?? '')
              .split(',')
              .map((id) => id.trim())
              .filter(Boolean);
            const excluded = [...new Set([...(await alternateExclusions(deps, original)), ...named])].sort();
            const replaces = free.map((winner) => winner.id);
            const {
              draw: row,
              seed,
              entries,
            } = await commitDraw(deps, {
              promotion,
              day: original.entry_day,
              winners: free.length,
              excluded,
              replaces,
            }).catch((error: unknown) => {
              throw error instanceof RangeError ? new CliError(`--exclude: ${error.message}`) : error;
            });
            console.log(
              `alternate draw ${row.id} committed for ${free.length} prize(s) of draw ${original.id}`,
            );
            console.log(`  replaces winner(s): ${replaces.join(', ')}`);
            console.log(
              `  excluded (earlier winners and everyone linked to them, and the draw's exclusions): ${excluded.length}`,
            );
            console.log(`  entries digest (SHA-256): ${row.entries_digest}`);
            console.log(`  seed hash (SHA-256):      ${row.seed_hash}`);
            const drawn = await completeDraw(deps, promotion, row, seed, entries, async (trx, chosen) => {
              await trx
                .updateTable('winners')
                .set({ replaced_by: row.id })
                .where('id', 'in', replaces)
                .execute();
              jobIds.push(...(await queueWinnerMails(deps, trx, promotion, chosen)));
            });
            if (drawn.length < free.length) console.log(`  only ${drawn.length} eligible person(s) left`);
            showDrawn(drawn);
            console.log(`  seed (published):         ${seed}`);
          }).catch((error: unknown) => {
            throw error instanceof DrawBusyError ? new CliError(error.message) : error;
          });
          await mailWinners(deps, jobIds);
        });
      }),
    );

  draw
    .command('winners')
    .description("a promotion's winners and whether each has confirmed, declined, lapsed or been replaced")
    .requiredOption('--promotion <id>', 'the promotion')
    .action(
      action(async (options: { promotion: string }) => {
        await withDeps(async (deps) => {
          await requirePromotion(deps, options.promotion);
          const rows = await deps.db
            .selectFrom('winners')
            .selectAll()
            .where('promotion_id', '=', options.promotion)
            .orderBy('created_at')
            .orderBy('position')
            .execute();
          for (const row of rows) {
            const deadline = row.confirm_by ? new Date(Number(row.confirm_by)).toISOString() : '-';
            console.log(
              `winner ${row.id}  draw ${row.draw_id}  #${row.position}  ${winnerState(row, deps.now())}  confirm by ${deadline}  entry ${row.entry_id}  ${terminalText(`${row.first_name} ${row.last_name}`)}`,
            );
          }
          if (rows.length === 0) console.log('no winners yet');
        });
      }),
    );

  draw
    .command('verify')
    .description('repeat a draw from an exported entry list and the published seed')
    .requiredOption('--draw <id>', 'the draw (see: draw run, draw list)')
    .requiredOption('--entries <file>', 'the CSV made by entries export')
    .action(
      action(async (options: { draw: string; entries: string }) => {
        const text = await readFile(options.entries, 'utf8').catch(() => {
          throw new CliError(`cannot read ${options.entries}`);
        });
        await withDeps(async (deps) => {
          const record = await findDraw(deps, options.draw);
          if (!record?.seed) throw new CliError(`there is no finished draw '${options.draw}'`);
          const entries = readExport(text, record.method as DrawMethod);
          const result = verifyDraw(
            { ...record, seed: record.seed },
            entries,
            await drawnEntryIds(deps, record.id),
          );
          if (result.ok)
            console.log(
              `draw ${record.id} verified: the same ${result.winners.length} winner(s): ${result.winners.join(', ')}`,
            );
          else {
            console.log(`draw ${record.id} does NOT verify:\n  ${result.problems.join('\n  ')}`);
            process.exitCode = 1;
          }
        });
      }),
    );

  draw
    .command('list')
    .description('every draw with its audit record')
    .action(
      action(async () => {
        await withDeps(async (deps) => {
          const rows = await deps.db
            .selectFrom('draws')
            .selectAll()
            .orderBy('committed_at', 'desc')
            .execute();
          for (const row of rows) console.log(terminalJson(row));
          if (rows.length === 0) console.log('no draws yet');
        });
      }),
    );
}
