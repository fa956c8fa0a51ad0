// The setup every file of operator-command tests shares: one test database for the file, and the
// commands of `npm run admin` (scripts/admin-commands.ts) run on it in the test's own process, with
// the settings, output and exit code a process of their own would have. Spawning tsx for each
// command cost a second or more of CPU each; `adminProcess` still runs one for real (tests/support/admin.ts)
// where a test checks the wiring of the process itself (its exit code).

import { format } from 'node:util';
import { CommanderError } from 'commander';
import { afterAll, beforeAll, vi } from 'vitest';
import { adminProgram } from '../../scripts/admin-commands.ts';
import { ADMIN_TEST_TIMEOUT_MS, type AdminResult, runAdmin } from './admin.ts';
import { adminEnv, createTestApi, type TestApi } from './test-api.ts';

/**
 * Runs `npm run admin -- ...args` in this process: process.env is exactly `env` meanwhile (as a
 * child's would be), what the command prints on stdout and stderr is captured, and its exit code
 * (process.exitCode, or commander's for a wrong command line) is returned; the process's own are restored.
 */
async function runAdminInProcess(args: string[], env: NodeJS.ProcessEnv): Promise<AdminResult> {
  const savedEnv = { ...process.env };
  const savedExitCode = process.exitCode;
  for (const name of Object.keys(process.env)) delete process.env[name];
  Object.assign(process.env, env);
  process.exitCode = undefined;
  let stdout = '';
  let stderr = '';
  const out = (text: string) => {
    stdout += text;
  };
  const err = (text: string) => {
    stderr += text;
  };
  const toStdout = (...parts: unknown[]) => out(`${format(...parts)}\n`);
  const toStderr = (...parts: unknown[]) => err(`${format(...parts)}\n`);
  const spies = [
    vi.spyOn(console, 'log').mockImplementation(toStdout),
    vi.spyOn(console, 'info').mockImplementation(toStdout),
    vi.spyOn(console, 'error').mockImplementation(toStderr),
    vi.spyOn(console, 'warn').mockImplementation(toStderr),
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      out(String(chunk));
      return true;
    }),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      err(String(chunk));
      return true;
    }),
  ];
  let code = 0;
  try {
    const program = adminProgram();
    // Commander exits the process on a wrong command line or --help: here it throws instead.
    const quiet = (command: typeof program) => {
      command.exitOverride().configureOutput({ writeOut: out, writeErr: err });
      for (const sub of command.commands) quiet(sub);
    };
    quiet(program);
    try {
      if (args.length === 0) program.help();
      await program.parseAsync(args, { from: 'user' });
      code = Number(process.exitCode ?? 0);
    } catch (error) {
      if (!(error instanceof CommanderError)) throw error;
      code = error.exitCode;
    }
  } finally {
    for (const spy of spies) spy.mockRestore();
    for (const name of Object.keys(process.env)) delete process.env[name];
    Object.assign(process.env, savedEnv);
    process.exitCode = savedExitCode;
  }
  return { code, stdout, stderr };
}

/**
 * Call at the top of the file: the database is made before its tests and handed to `ready` (the
 * file keeps it, and may fill it), and closed after them. Answers the runners of `npm run admin`;
 * a non-zero exit comes back in `code`.
 */
export function operatorCommandTests(ready: (api: TestApi) => void | Promise<void>) {
  let api: TestApi | undefined;
  beforeAll(async () => {
    api = await createTestApi();
    await ready(api);
  });
  afterAll(() => api?.close());
  const settings = (env: NodeJS.ProcessEnv) => {
    if (!api) throw new Error('operator commands run only inside the tests');
    return { ...adminEnv(api.config), ...env };
  };
  return {
    /** `npm run admin -- ...args` on the file's database. */
    admin: (...args: string[]) => runAdminInProcess(args, settings({})),
    /** The same with more settings (a CDN's, say). */
    adminWith: (env: NodeJS.ProcessEnv, ...args: string[]) => runAdminInProcess(args, settings(env)),
    /**
     * The same as a process of its own (tsx, as `npm run admin` runs it): seconds on a busy machine,
     * so the test that calls it sets `ADMIN_TEST_TIMEOUT_MS` as its timeout.
     */
    adminProcess: (env: NodeJS.ProcessEnv, ...args: string[]) => runAdmin(args, settings(env)),
  };
}

export { ADMIN_TEST_TIMEOUT_MS };
