// `npm run admin -- mail list [--failed]` and `mail retry <id> | --all-failed | --all`: the durable
// queue of mail and deferred jobs (src/server/jobs/queue.ts) as operators see it. A retried job is
// queued again, due now; the servers' workers send it within JOB_POLL_MS. `mail retry --all` is also
// what sends a contact message's mails now (they are jobs like any mail).
import type { Command } from 'commander';
import { action, CliError, withDeps } from '../cli.ts';
import { listJobs, retryJobs } from './queue.ts';

const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());

export function registerMailCommands(program: Command): void {
  const mail = program.command('mail').description('the queue of outgoing mail and deferred jobs');
  mail
    .command('list')
    .description('newest first: id, status, tries, kind and what it is (failed ones with their last error)')
    .option('--failed', 'only the jobs that failed for good')
    .option('--limit <n>', 'at most this many', '200')
    .action(
      action(async (options: { failed?: boolean; limit: string }) => {
        const limit = Number(options.limit);
        if (!Number.isInteger(limit) || limit < 1) throw new CliError('--limit takes a whole number from 1');
        await withDeps(async (deps) => {
          const jobs = await listJobs(deps.db, { failed: options.failed, limit });
          for (const job of jobs) {
            const when =
              job.status === 'queued' ? `due ${iso(job.run_after)}` : `${job.status} ${iso(job.finished_at)}`;
            console.log(
              `${job.id}  ${job.status}  tries ${job.attempts}  ${job.kind}  ${job.summary}  (${when})`,
            );
            if (job.last_error) console.log(`    last error: ${job.last_error}`);
          }
          if (jobs.length === 0) console.log(options.failed ? 'no failed jobs' : 'the queue is empty');
        });
      }),
    );
  mail
    .command('retry')
    .description(
      'queue a failed or waiting job again (or every failed one, or every failed and waiting one), due now with a fresh count of tries',
    )
    .argument('[id]', 'the job (see: mail list)')
    .option('--all-failed', 'every failed job')
    .option('--all', 'every failed job and every job waiting for its next try after a failure')
    .action(
      action(async (id: string | undefined, options: { allFailed?: boolean; all?: boolean }) => {
        if ([id, options.allFailed, options.all].filter(Boolean).length !== 1)
          throw new CliError('name one job id, or --all-failed, or --all');
        const target = id
          ? { id }
          : options.all
            ? { allFailed: true as const, waiting: true as const }
            : { allFailed: true as const };
        await withDeps(async (deps) => {
          const count = await retryJobs(deps.db, target, deps.now());
          if (id && count === 0)
            throw new CliError(`there is no failed or waiting job '${id}' (see: mail list)`);
          console.log(`${count} job(s) queued again; a running server sends them within a minute.`);
        });
      }),
    );
}
