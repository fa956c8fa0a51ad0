// The auditable draw (docs/decisions/0015): `draw run` first lists suspected duplicates
// (draw-exclusions.cli.ts) and goes on only once the operator has said what to do with them, then
// records the eligible count, the digest of the entry list, the excluded entries and the hash of a
// fresh secret seed, draws from the seed, stores the winners, publishes the seed and mails the
// winners (winner-mail.cli.ts); `draw alternate` does the same for prizes declined or lapsed;
// `draw verify` repeats a draw from an exported list (`entries export`: entries-export.cli.ts).

import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { Kysely } from 'kysely';
import { chainDay } from '../../lib/dates.ts';
import { action, CliError, withDeps } from '../../server/cli.ts';
import type { Database } from '../../server/db/schema.ts';
import type { AppDeps } from '../../server/deps.ts';
import { terminalJson, terminalText } from '../../server/terminal-text.ts';
import { alternateExclusions, replaceableWinners } from './alternates.server.ts';
import { parseDate, requirePromotion } from './command-input.cli.ts';
import { winnerState } from './confirmation.server.ts';
import { chooseExclusions, type DuplicateChoice, namedEntries } from './draw-exclusions.cli.ts';
import {
  commitDraw,
  completeDraw,
  DrawBusyError,
  drawnEntryIds,
  findDraw,
  verifyDraw,
  withDrawLock,
} from './draws.server.ts';
import { readExport, registerExportCommand } from './entries-export.cli.ts';
import type { DrawMethod } from './fair-draw.server.ts';
import type { PromotionRow } from './promotions.server.ts';
import { type Drawn, mailWinners, queueWinnerMails, showDrawn } from './winner-mail.cli.ts';

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

type DrawRequest = Parameters<typeof commitDraw>[1];
type DrawRow = Awaited<ReturnType<typeof commitDraw>>['draw'];

interface DrawPlan {
  /** What to draw, decided under the promotion's draw lock. */
  request: DrawRequest;
  /** The first line printed once the draw is recorded. */
  heading: (row: DrawRow) => string[];
  /** Stored with the winners, in their transaction (an alternate marks whom it replaces). */
  alsoStore?: (trx: Kysely<Database>, row: DrawRow) => Promise<void>;
  /** Printed after the winners are drawn, before they are listed. */
  afterDraw?: (drawn: Drawn) => void;
}

/**
 * The one skeleton of `draw run` and `draw alternate`: under the promotion's draw lock, the plan,
 * the draw recorded (its digest and seed hash printed), the winners drawn and stored with their
 * mails, the seed published; then the mails sent.
 */
async function drawAndPublish(deps: AppDeps, promotion: PromotionRow, plan: () => Promise<DrawPlan>) {
  const jobIds: string[] = [];
  await withDrawLock(deps, promotion.id, deps.jobs.owner, async () => {
    const { request, heading, alsoStore, afterDraw } = await plan();
    const {
      draw: row,
      seed,
      entries,
    } = await commitDraw(deps, request).catch((error: unknown) => {
      throw error instanceof RangeError ? new CliError(`--exclude: ${error.message}`) : error;
    });
    for (const line of heading(row)) console.log(line);
    console.log(`  entries digest (SHA-256): ${row.entries_digest}`);
    console.log(`  seed hash (SHA-256):      ${row.seed_hash}`);
    const drawn = await completeDraw(deps, promotion, row, seed, entries, async (trx, chosen) => {
      await alsoStore?.(trx, row);
      jobIds.push(...(await queueWinnerMails(deps, trx, promotion, chosen)));
    });
    afterDraw?.(drawn);
    showDrawn(drawn);
    console.log(`  seed (published):         ${seed}`);
  }).catch((error: unknown) => {
    throw error instanceof DrawBusyError ? new CliError(error.message) : error;
  });
  await mailWinners(deps, jobIds);
}

export function registerDrawCommands(program: Command): void {
  registerExportCommand(program);

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
          await drawAndPublish(deps, promotion, async () => {
            await checkDrawable(deps, promotion, day);
            const winners = options.winners ? Number(options.winners) : promotion.winners_count;
            if (!Number.isInteger(winners) || winners < 1)
              throw new CliError('--winners must be a whole number from 1');
            const excluded = await chooseExclusions(deps, promotion, day, options);
            return {
              request: { promotion, day, winners, excluded },
              heading: (row) => [
                `draw ${row.id} committed: ${row.eligible_count} eligible entries`,
                ...(excluded.length > 0
                  ? [`  excluded by the operator (${excluded.length}): ${excluded.join(', ')}`]
                  : []),
              ],
            };
          });
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
          await drawAndPublish(deps, promotion, async () => {
            const free = await replaceableWinners(deps, original.id);
            if (free.length === 0)
              throw new CliError('no prize of this draw is free: every winner has confirmed or still may');
            const excluded = [
              ...new Set([...(await alternateExclusions(deps, original)), ...namedEntries(options.exclude)]),
            ].sort();
            const replaces = free.map((winner) => winner.id);
            return {
              request: { promotion, day: original.entry_day, winners: free.length, excluded, replaces },
              heading: (row) => [
                `alternate draw ${row.id} committed for ${free.length} prize(s) of draw ${original.id}`,
                `  replaces winner(s): ${replaces.join(', ')}`,
                `  excluded (earlier winners and everyone linked to them, and the draw's exclusions): ${excluded.length}`,
              ],
              alsoStore: async (trx, row) => {
                await trx
                  .updateTable('winners')
                  .set({ replaced_by: row.id })
                  .where('id', 'in', replaces)
                  .execute();
              },
              afterDraw: (drawn) => {
                if (drawn.length < free.length) console.log(`  only ${drawn.length} eligible person(s) left`);
              },
            };
          });
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
