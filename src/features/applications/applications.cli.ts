// Operator commands for the card applications (`npm run admin -- applications <command>`): list
// them (no sensitive field), export one opened as PDF and JSON, purge those past the retention
// period, and rotate the encryption key (re-sealing every stored record and file).
import type { Command } from 'commander';
import { action, CliError, progress, withDeps } from '../../server/cli.ts';
import { terminalJson, terminalText } from '../../server/terminal-text.ts';
import { APPLICATION_KINDS, type ApplicationKind, isApplicationKind } from './applications.ts';
import { type ExportFormat, exportApplication } from './export.server.ts';
import { addKeyToFile, keyringFor, retireKeys } from './keys.server.ts';
import { keysInUse, listApplications, purgeBefore, resealAll } from './sealed-records.server.ts';
import { applicationSettings } from './settings.server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function positiveDays(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const days = Number(text);
  if (!Number.isInteger(days) || days < 1)
    throw new CliError('--older-than-days takes a whole number of days, 1 or more');
  return days;
}

export function registerApplicationsCommands(program: Command): void {
  const applications = program
    .command('applications')
    .description('Charge card and fleet fueling applications (stored encrypted)');

  applications
    .command('list')
    .description('Newest first: reference, kind, time received and name; never a sensitive field')
    .option('--kind <kind>', `only one kind (${APPLICATION_KINDS.join(' or ')})`)
    .option('--limit <n>', 'at most this many', '100')
    .option('--json', 'as JSON instead of lines', false)
    .action(
      action(async (options: { kind?: string; limit: string; json: boolean }) => {
        if (options.kind && !isApplicationKind(options.kind))
          throw new CliError(`unknown kind ${options.kind}`);
        const limit = Number(options.limit);
        if (!Number.isInteger(limit) || limit < 1)
          throw new CliError('--limit takes a whole number, 1 or more');
        const rows = await withDeps((deps) =>
          listApplications(deps.db, { kind: options.kind as ApplicationKind | undefined, limit }),
        );
        const items = rows.map(({ reference, kind, created_at, summary }) => ({
          reference,
          kind,
          received_at: new Date(created_at).toISOString(),
          name: summary,
        }));
        if (options.json) console.log(terminalJson(items, 2));
        else
          for (const item of items)
            console.log(
              `${item.reference}  ${item.kind.padEnd(13)}  ${item.received_at}  ${terminalText(item.name)}`,
            );
        if (!options.json && items.length === 0) console.log('no applications');
      }),
    );

  applications
    .command('export <reference>')
    .description(
      'Write one application, decrypted, as a PDF and a JSON file (and its attached files) into a folder',
    )
    .option('--out <dir>', 'folder to write into (created with mode 700; files mode 600)', 'exports')
    .option('--format <format>', 'pdf, json or both', 'both')
    .action(
      action(async (reference: string, options: { out: string; format: string }) => {
        if (!['pdf', 'json', 'both'].includes(options.format))
          throw new CliError('--format is pdf, json or both');
        const written = await withDeps((deps) =>
          exportApplication(deps.db, keyringFor(deps.config), reference, {
            outDir: options.out,
            format: options.format as ExportFormat,
          }),
        );
        if (!written) throw new CliError(`no application ${reference}`);
        for (const path of written) console.log(path);
        console.error('These files hold Social Security numbers and bank details: delete them when done.');
      }),
    );

  applications
    .command('purge')
    .description(
      'Delete applications (with their files) older than the retention period (APPLICATION_RETENTION_DAYS, default 365)',
    )
    .option('--older-than-days <days>', 'override the retention period')
    .option('--dry-run', 'only count what would be deleted', false)
    .action(
      action(async (options: { olderThanDays?: string; dryRun: boolean }) => {
        const days = positiveDays(options.olderThanDays, applicationSettings().retentionDays);
        await withDeps(async (deps) => {
          const cutoff = deps.now() - days * DAY_MS;
          if (options.dryRun) {
            const old = (await listApplications(deps.db, { limit: 1_000_000 })).filter(
              (a) => a.created_at < cutoff,
            );
            console.log(`dry run: ${old.length} applications older than ${days} days would be deleted`);
            return;
          }
          console.log(`deleted ${await purgeBefore(deps.db, cutoff)} applications older than ${days} days`);
        });
      }),
    );

  applications
    .command('rotate-keys')
    .description(
      'Make a new key active (in the key file; with APPLICATION_KEYS, put the new key first there yourself) and re-encrypt every stored application with it',
    )
    .option('--retire', 'afterwards, drop old keys no stored record needs from the key file', false)
    .action(
      action(async (options: { retire: boolean }) => {
        await withDeps(async (deps) => {
          const { config } = deps;
          const keyring = config.applicationKeys ? keyringFor(config) : addKeyToFile(config);
          console.log(`active key: ${keyring.activeId}`);
          const result = await resealAll(deps.db, keyring, (done, total) =>
            progress('re-encrypting', done, total),
          );
          console.log(`re-encrypted ${result.changed} records and files`);
          if (result.failed.length > 0) {
            throw new CliError(
              `could not open (altered or key missing), left as they are: ${result.failed.join(', ')}`,
            );
          }
          if (options.retire) {
            const dropped = retireKeys(config, await keysInUse(deps.db));
            console.log(dropped.length > 0 ? `retired keys: ${dropped.join(', ')}` : 'no key to retire');
          }
        });
      }),
    );
}
