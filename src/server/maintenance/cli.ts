// Operator commands for the maintenance switch (state.ts):
// `npm run admin -- maintenance on|off|status|link`. The switch takes effect on every running server
// within a second; no restart, no rebuild.
import type { Command } from 'commander';
import { CACHE_TAGS } from '../../lib/cache-policy.ts';
import { purgeAfterChange } from '../cdn-purge.ts';
import { action, withDeps } from '../cli.ts';
import type { AppDeps } from '../deps.ts';
import { createOperatorPass, PASS_LIFETIME_MS, PASS_PATH, readMaintenance, setMaintenance } from './state.ts';

async function printLink(deps: AppDeps): Promise<void> {
  const token = await createOperatorPass(deps.db, deps.now());
  console.log(
    `Operator link (works once, for ${PASS_LIFETIME_MS / 60_000} minutes; opens the site for that browser during this maintenance):`,
  );
  console.log(`  ${deps.config.siteUrl}${PASS_PATH}?token=${token}`);
}

async function printStatus(deps: AppDeps): Promise<void> {
  const state = await readMaintenance(deps.db);
  if (!state.on) console.log('Maintenance is off: the site answers as usual.');
  else if (state.source === 'environment')
    console.log(
      'Maintenance is on (MAINTENANCE=1 is set for this process; the setting of the command is off).',
    );
  else console.log(`Maintenance is on since ${new Date(state.since).toISOString()}.`);
}

export function registerMaintenanceCommands(program: Command): void {
  const maintenance = program
    .command('maintenance')
    .description(
      "The 'We'll be back!' screen on every page and 503 from the API, while operators still get in",
    );

  maintenance
    .command('on')
    .description('Turn maintenance on (within a second, on every server) and print a one-time operator link')
    .action(
      action(async () => {
        await withDeps(async (deps) => {
          await setMaintenance(deps.db, true, deps.now());
          await printStatus(deps);
          await printLink(deps);
        });
        // A CDN in front keeps pages until a deploy (docs/caching.md): drop them, so the next
        // visitor reaches a server and gets the screen (which no cache keeps). Netlify's edge
        // function answers before its cache, so there it changes nothing.
        await purgeAfterChange(CACHE_TAGS);
      }),
    );

  maintenance
    .command('off')
    .description('Turn maintenance off: the site answers as usual again (operator cookies stop working)')
    .action(
      action(() =>
        withDeps(async (deps) => {
          await setMaintenance(deps.db, false, deps.now());
          await printStatus(deps);
        }),
      ),
    );

  maintenance
    .command('status')
    .description('Say whether maintenance is on, and since when')
    .action(action(() => withDeps(printStatus)));

  maintenance
    .command('link')
    .description('Print another one-time operator link (one per operator or browser)')
    .action(action(() => withDeps(printLink)));
}
