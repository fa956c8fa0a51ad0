// Operator commands of the giveaway (`npm run admin -- promotion ...`, `entries export`, `draw ...`):
// create, edit, list and end promotions here; the auditable draw in draw.cli.ts, the entries' export in entries-export.cli.ts.

import { type Command, Option } from 'commander';
import { chainDay } from '../../lib/dates.ts';
import { purgeAfterChange } from '../../server/cdn-purge.ts';
import { action, CliError, withDeps } from '../../server/cli.ts';
import { terminalJson, terminalText } from '../../server/terminal-text.ts';
import { parseCount, parseDate, requirePromotion } from './command-input.cli.ts';
import { registerDrawCommands } from './draw.cli.ts';
import {
  createPromotion,
  findPromotion,
  type NewPromotion,
  type PromotionRow,
  toApiPromotion,
  updatePromotion,
} from './promotions.server.ts';

interface PromotionOptions {
  title?: string;
  prize?: string;
  value?: string;
  starts?: string;
  ends?: string;
  drawOn?: string;
  winners?: string;
  heroText?: string;
  imageUrl?: string;
  rules?: string;
  fullLastNames?: boolean;
  confirmDays?: string;
  active?: boolean;
}

/** Options to columns; only what was given, each checked. */
export function promotionChanges(options: PromotionOptions): Partial<NewPromotion> {
  const changes: Partial<NewPromotion> = {};
  if (options.title !== undefined) changes.title = options.title.trim();
  if (options.prize !== undefined) changes.prize = options.prize.trim();
  if (options.value !== undefined) {
    const dollars = Number(options.value);
    if (!/^\d+(\.\d{1,2})?$/.test(options.value) || !Number.isFinite(dollars)) {
      throw new CliError(
        `--value must be an amount in dollars such as 2500 or 99.50, not '${options.value}'`,
      );
    }
    changes.prize_value_cents = Math.round(dollars * 100);
  }
  if (options.starts !== undefined) changes.starts_on = parseDate(options.starts, '--starts');
  if (options.ends !== undefined) changes.ends_on = parseDate(options.ends, '--ends');
  if (options.drawOn !== undefined) changes.draw_on = parseDate(options.drawOn, '--draw-on');
  if (options.winners !== undefined) changes.winners_count = parseCount(options.winners, '--winners');
  if (options.heroText !== undefined) changes.hero_text = options.heroText.trim();
  if (options.imageUrl !== undefined) changes.image_url = options.imageUrl.trim();
  if (options.rules !== undefined) changes.rules = options.rules.trim();
  if (options.fullLastNames !== undefined) changes.show_full_last_name = options.fullLastNames ? 1 : 0;
  if (options.confirmDays !== undefined)
    changes.confirm_days = parseCount(options.confirmDays, '--confirm-days');
  if (options.active !== undefined) changes.active = options.active ? 1 : 0;
  if (changes.title === '' || changes.prize === '') throw new CliError('--title and --prize cannot be empty');
  return changes;
}

function checkDates(row: Pick<PromotionRow, 'starts_on' | 'ends_on' | 'draw_on'>) {
  if (row.ends_on < row.starts_on) throw new CliError('the promotion cannot end before it starts');
  if (row.draw_on < row.ends_on) throw new CliError('winners cannot be drawn before the promotion ends');
}

const show = (row: PromotionRow) =>
  `${row.id}  ${row.active ? 'on ' : 'off'}  ${row.starts_on} to ${row.ends_on}, draw ${row.draw_on}  ${terminalText(`${row.title} (${row.prize})`)}`;

function promotionOptions(command: Command, required: boolean) {
  const option = (flags: string, text: string) =>
    required ? command.requiredOption(flags, text) : command.option(flags, text);
  option('--title <text>', 'title shown on the site');
  option('--prize <text>', 'the prize, as winners are told');
  option('--value <dollars>', 'the prize value in dollars');
  option('--starts <YYYY-MM-DD>', 'first day of entries (New York time)');
  option('--ends <YYYY-MM-DD>', 'last day of entries (New York time)');
  return command
    .option('--draw-on <YYYY-MM-DD>', 'the day winners are drawn (default: 3 days after the end)')
    .option('--winners <n>', 'how many winners are drawn (default 1)')
    .option('--hero-text <text>', 'the home page title (default: the title)')
    .option('--image-url <url>', 'the giveaway image (a site path or an https address)')
    .option('--rules <text>', 'extra terms for the official rules page')
    .option('--full-last-names', "publish winners' last names in full (default: an initial)")
    .option('--confirm-days <n>', 'days a potential winner has to confirm by the mailed link (default 7)');
}

export function registerGiveawayCommands(program: Command): void {
  const promotion = program
    .command('promotion')
    .description('create, edit, list and end giveaway promotions');

  promotionOptions(promotion.command('create').description('create a promotion (on at once)'), true)
    .option('--id <id>', 'an id of your choosing (default: generated)')
    .action(
      action(async (options: PromotionOptions & { id?: string }) => {
        const changes = promotionChanges(options) as NewPromotion;
        const drawOn =
          changes.draw_on ?? chainDay(Date.parse(`${changes.ends_on}T12:00:00Z`) + 3 * 86_400_000);
        const values = { ...changes, draw_on: drawOn };
        checkDates(values);
        await withDeps(async (deps) => {
          if (options.id && (await findPromotion(deps, options.id)))
            throw new CliError(`'${options.id}' exists`);
          console.log(`created ${show(await createPromotion(deps, values, options.id))}`);
        });
        await purgeAfterChange(['promotions']);
      }),
    );

  promotionOptions(promotion.command('edit <id>').description('change a promotion'), false)
    .addOption(new Option('--active', 'take entries again'))
    .addOption(new Option('--inactive', 'stop taking entries').conflicts('active'))
    .action(
      action(async (id: string, options: PromotionOptions & { inactive?: boolean }) => {
        const changes = promotionChanges({ ...options, active: options.inactive ? false : options.active });
        if (Object.keys(changes).length === 0)
          throw new CliError('nothing to change (see: promotion edit --help)');
        await withDeps(async (deps) => {
          checkDates({ ...(await requirePromotion(deps, id)), ...changes });
          console.log(`updated ${show((await updatePromotion(deps, id, changes)) as PromotionRow)}`);
        });
        await purgeAfterChange(['promotions']);
      }),
    );

  promotion
    .command('list')
    .description('every promotion, newest first')
    .option('--json', 'as JSON')
    .action(
      action(async (options: { json?: boolean }) => {
        await withDeps(async (deps) => {
          const rows = await deps.db
            .selectFrom('promotions')
            .selectAll()
            .orderBy('starts_on', 'desc')
            .execute();
          if (options.json) console.log(terminalJson(rows.map(toApiPromotion), 2));
          else console.log(rows.length ? rows.map(show).join('\n') : 'no promotions yet');
        });
      }),
    );

  promotion
    .command('end <id>')
    .description('stop taking entries now (the promotion and its entries stay for the draw)')
    .action(
      action(async (id: string) => {
        await withDeps(async (deps) => {
          await requirePromotion(deps, id);
          console.log(`ended ${show((await updatePromotion(deps, id, { active: 0 })) as PromotionRow)}`);
        });
        await purgeAfterChange(['promotions']);
      }),
    );

  registerDrawCommands(program);
}
