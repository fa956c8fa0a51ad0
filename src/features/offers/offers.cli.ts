// Operator commands for offers: `npm run admin -- offers import <file>` (CSV or JSON; --dry-run
// checks without writing) and `offers list` (what runs today).
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { purgeAfterChange } from '../../server/cdn-purge.ts';
import { action, CliError, withDeps } from '../../server/cli.ts';
import { parseEnv } from '../../server/config/index.ts';
import { terminalJson } from '../../server/terminal-text.ts';
import { importOffers } from './import.server.ts';
import { offersRunning } from './offers.server.ts';

/** The project's public/ copy (kept by the next build) and the built site's copy (served now). */
const mediaDirs = () => [
  join(process.cwd(), 'public/media/offers'),
  resolve(parseEnv().env.DIST_DIR, 'client/media/offers'),
];

export function registerOffersCommands(program: Command): void {
  const offers = program.command('offers').description('In-store offers shown on /specials');

  offers
    .command('import <file>')
    .description(
      'Import offers from a CSV (header: title,description,price,image,category,starts_on,ends_on,display_order[,id]) ' +
        'or JSON file (an array of such objects). Every row is checked; nothing is written unless all are valid. ' +
        'An image given as a file name is copied from --images into the site.',
    )
    .option('--images <dir>', 'folder holding the image files the rows name (default: the file’s folder)')
    .option('--dry-run', 'check the file and report, without writing anything', false)
    .action(
      action(async (file: string, options: { images?: string; dryRun: boolean }) => {
        const result = await withDeps((deps) =>
          importOffers(deps, {
            file,
            imagesDir: options.images,
            mediaDirs: mediaDirs(),
            dryRun: options.dryRun,
          }),
        );
        if (result.errors.length > 0) {
          throw new CliError(`nothing imported; fix these rows:\n  ${result.errors.join('\n  ')}`);
        }
        const what = `${result.created} new, ${result.updated} updated offers; ${result.images} images`;
        console.log(
          options.dryRun ? `dry run: the file is valid (${what} would be imported)` : `imported ${what}`,
        );
        if (!options.dryRun) await purgeAfterChange(['offers']);
      }),
    );

  offers
    .command('list')
    .description('The offers running today, as /specials shows them (JSON)')
    .action(
      action(async () => {
        const items = await withDeps((deps) => offersRunning(deps.db, deps.now()));
        console.log(terminalJson(items, 2));
      }),
    );
}
