// Operator commands for contact messages: `npm run admin -- contact list|export|handle`. Their mails
// are jobs of the queue: `mail list`, `mail retry` (src/server/jobs/mail.cli.ts).
import type { Command } from 'commander';
import { action, CliError, withDeps } from '../../server/cli.ts';
import { findMessages, type MessageFilter, markHandled, messageLine, messagesCsv } from './admin.server.ts';
import { DEPARTMENT_IDS, DEPARTMENT_NAMES, type DepartmentId } from './departments.ts';

interface FilterOptions {
  department?: string;
  from?: string;
  to?: string;
  unhandled?: boolean;
}

function toFilter(options: FilterOptions): MessageFilter {
  const department = options.department === undefined ? undefined : Number(options.department);
  if (department !== undefined && !DEPARTMENT_IDS.includes(department as DepartmentId))
    throw new CliError(
      `--department must be one of 1 to 9 (${DEPARTMENT_IDS.map((id) => `${id} ${DEPARTMENT_NAMES[id]}`).join(', ')})`,
    );
  for (const day of [options.from, options.to])
    if (day !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(day))
      throw new CliError(`dates are written YYYY-MM-DD, not "${day}"`);
  return { department, from: options.from, to: options.to, unhandled: options.unhandled };
}

const withFilters = (command: Command) =>
  command
    .option('--department <n>', 'only this department (1 to 9)')
    .option('--from <date>', 'received on or after this day (YYYY-MM-DD, store time)')
    .option('--to <date>', 'received on or before this day (YYYY-MM-DD, store time)')
    .option('--unhandled', 'only messages not yet marked handled');

export function registerContactCommands(program: Command): void {
  const contact = program.command('contact').description('Messages sent with the contact form on /help');

  withFilters(
    contact
      .command('list')
      .description('One line per message: reference, day, department, sender, subject, state'),
  ).action(
    action(async (options: FilterOptions) => {
      const rows = await withDeps((deps) => findMessages(deps, toFilter(options)));
      for (const row of rows) console.log(messageLine(row));
      console.error(`${rows.length} messages`);
    }),
  );

  withFilters(contact.command('export').description('The messages as CSV on standard output')).action(
    action(async (options: FilterOptions) => {
      const rows = await withDeps((deps) => findMessages(deps, toFilter(options)));
      process.stdout.write(messagesCsv(rows));
    }),
  );

  contact
    .command('handle <references...>')
    .description('Mark messages handled, by reference number (KF-XXXX-XXXX)')
    .action(
      action(async (references: string[]) => {
        const unknown = await withDeps((deps) => markHandled(deps, references));
        if (unknown.length > 0)
          throw new CliError(`no message with reference ${unknown.join(', ')} (the others were marked)`);
        console.log(`marked ${references.length} handled`);
      }),
    );
}
