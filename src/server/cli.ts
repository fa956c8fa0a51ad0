// What every operator command shares (`npm run admin -- <command>`, scripts/admin.ts): the
// configured database (migrated, never seeded), app dependencies (mailer, clock), a progress line
// for long work, and one way to fail with a clear message and exit code 2.

import type { Command } from 'commander';
import { ConfigError, loadConfig, prepareFiles } from './config/index.ts';
import { type AppDeps, createDeps } from './deps.ts';
import { closeDatabase, prepareDatabase } from './lifecycle.ts';
import { terminalLines } from './terminal-text.ts';

/** A mistake the operator can fix (bad option, unknown id): printed without a stack trace. */
export class CliError extends Error {
  override name = 'CliError';
}

/** The settings, checked as the server checks them; their mistakes, every one, as the operator's to fix. */
function settings() {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
}

/** Opens the database for one command and always closes it (and sends pending mail) afterwards. */
export async function withDeps<T>(work: (deps: AppDeps) => Promise<T>): Promise<T> {
  const config = prepareFiles(settings());
  const handle = await prepareDatabase();
  const deps = createDeps({ config, db: handle.db, dbKind: handle.kind });
  try {
    return await work(deps);
  } finally {
    await deps.settle();
    await closeDatabase();
  }
}

/** Progress on stderr (so stdout stays clean for CSV and JSON): one line, rewritten in place on a terminal. */
export function progress(label: string, done: number, total: number): void {
  const line = `${label}: ${done}/${total}`;
  if (process.stderr.isTTY) process.stderr.write(`\r${line}${done >= total ? '\n' : ''}`);
  else if (done === total || done % 1000 === 0) process.stderr.write(`${line}\n`);
}

/** Runs a command's action, turning CliError (and any other failure) into a message and exit code. */
export function action<A extends unknown[]>(run: (...args: A) => Promise<void>) {
  return async (...args: A): Promise<void> => {
    try {
      await run(...args);
    } catch (error) {
      if (error instanceof CliError) {
        // A message may quote a row of an import file, or stored text: printed escaped.
        console.error(`error: ${terminalLines(error.message)}`);
        process.exitCode = 2;
      } else {
        console.error('error: the command failed:', error);
        process.exitCode = 1;
      }
    }
  };
}

/**
 * The group of commands `name` (`db`, `vitals`): every command is `<group> <command>`, as `stores
 * import` and `mail list` are; one group may be filled from several files.
 */
export function commandGroup(program: Command, name: string, description: string): Command {
  return (
    program.commands.find((command) => command.name() === name) ??
    program.command(name).description(description)
  );
}

/**
 * Defines a command under its group and, hidden from the help, under its old name (`db:backup`),
 * which still works but first says the new one on stderr.
 */
export function withOldName(
  group: Command,
  name: string,
  oldName: string,
  define: (command: Command) => void,
): void {
  define(group.command(name));
  const parent = group.parent as Command;
  const newName = `${group.name()} ${name}`;
  const alias = parent.command(oldName, { hidden: true });
  define(alias);
  alias.hook('preAction', () => {
    console.error(`note: \`${oldName}\` is now \`${newName}\`; the old name will go in a later release.`);
  });
}
