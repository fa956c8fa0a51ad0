// `npm run admin -- vitals report --from 2026-11-01 --to 2026-11-30`: the 75th percentile of LCP,
// INP and CLS of real visits per page for a range of days (UTC), as the sampled visits reported them.
import type { Command } from 'commander';
import { action, CliError, commandGroup, withDeps, withOldName } from '../../server/cli.ts';
import { dayStart, formatReport, vitalsReport } from './report.server.ts';

export function registerVitalsCommands(program: Command): void {
  const vitals = commandGroup(program, 'vitals', "Real visits' speed (Core Web Vitals)");
  // Its old name, vitals:report, still works, with a note.
  withOldName(vitals, 'report', 'vitals:report', (command) =>
    command
      .description("Print the 75th percentile of real visits' LCP, INP and CLS per page for a range of days")
      .requiredOption('--from <day>', 'first day, YYYY-MM-DD (UTC)')
      .requiredOption('--to <day>', 'last day, YYYY-MM-DD (UTC), included')
      .action(
        action(async (options: { from: string; to: string }) => {
          const from = dayStart(options.from);
          const to = dayStart(options.to);
          if (from === undefined)
            throw new CliError(`--from must be a day as YYYY-MM-DD, not ${options.from}`);
          if (to === undefined) throw new CliError(`--to must be a day as YYYY-MM-DD, not ${options.to}`);
          if (to < from) throw new CliError('--to is before --from');
          const pages = await withDeps((deps) => vitalsReport(deps.db, from, to));
          if (pages.length === 0) {
            console.log(`No speed samples from ${options.from} to ${options.to}.`);
            return;
          }
          console.log(`Real-user speed, ${options.from} to ${options.to} (75th percentile):`);
          console.log(formatReport(pages));
        }),
      ),
  );
}
