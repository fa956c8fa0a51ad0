// The operators' commands of `npm run admin` (scripts/admin.ts runs them), gathered in one program.
// Each feature registers its own commands from `src/features/<feature>/<feature>.cli.ts`; this file
// only gathers them. A new program each call: commander keeps parsed options on the program, so the
// API tests that run commands in-process (tests/support/operator-commands.ts) take a fresh one each time.
import { Command } from 'commander';
import { registerAccountCommands } from '../src/features/account/account.cli.ts';
import { registerApplicationsCommands } from '../src/features/applications/applications.cli.ts';
import { registerContactCommands } from '../src/features/contact/contact.cli.ts';
import { registerGiveawayCommands } from '../src/features/giveaway/giveaway.cli.ts';
import { registerLocatorCommands } from '../src/features/locator/locator.cli.ts';
import { registerOffersCommands } from '../src/features/offers/offers.cli.ts';
import { registerVitalsCommands } from '../src/features/vitals/vitals.cli.ts';
import { registerCdnCommands } from '../src/server/cdn.cli.ts';
import { registerDatabaseCommands } from '../src/server/db/db.cli.ts';
import { registerMigrateCommand } from '../src/server/db/migrate.cli.ts';
import { registerMailCommands } from '../src/server/jobs/mail.cli.ts';
import { registerMaintenanceCommands } from '../src/server/maintenance/cli.ts';

export function adminProgram(): Command {
  const program = new Command('admin')
    .description('Operator commands of the Kwik Fill website (database from DATA_DIR or DATABASE_URL)')
    .showHelpAfterError()
    .configureOutput({ outputError: (text, write) => write(text) });

  // The platform's own commands (backups, moving to PostgreSQL).
  registerDatabaseCommands(program);
  registerMigrateCommand(program);
  registerMaintenanceCommands(program);
  registerMailCommands(program);
  registerCdnCommands(program);

  // Feature commands: a feature adds its import above and its line here.
  registerAccountCommands(program);
  registerGiveawayCommands(program);
  registerContactCommands(program);
  registerOffersCommands(program);
  registerApplicationsCommands(program);
  registerLocatorCommands(program);
  registerVitalsCommands(program);
  return program;
}
