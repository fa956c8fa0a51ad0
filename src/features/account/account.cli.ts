// Operator commands for the account area's mailing lists: `npm run admin -- mailing-list export|remove`.
import type { Command } from 'commander';
import { action, CliError, withDeps } from '../../server/cli.ts';
import { mailingListCsv, removeFromMailingLists } from './mailing-list.server.ts';

export function registerAccountCommands(program: Command): void {
  const mailingList = program
    .command('mailing-list')
    .description('Mailing-list sign-ups made in the account area');

  mailingList
    .command('export')
    .description(
      'Every sign-up of a confirmed address as CSV on standard output: email, first and last name, lists, first sign-up',
    )
    .action(
      action(async () => {
        process.stdout.write(await withDeps((deps) => mailingListCsv(deps)));
      }),
    );

  mailingList
    .command('remove <email>')
    .description('Remove an address from every mailing list (case does not matter)')
    .action(
      action(async (email: string) => {
        const removed = await withDeps((deps) => removeFromMailingLists(deps, email));
        if (removed === 0) throw new CliError(`no mailing-list sign-up for ${email}`);
        console.log(`removed ${email} from ${removed} ${removed === 1 ? 'list' : 'lists'}`);
      }),
    );
}
