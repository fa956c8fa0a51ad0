// The operator's `npm run admin -- ...` run for real in a test: scripts/admin.ts under tsx, as the npm
// script runs it, from the repository's root, with the settings the test gives (its data folder,
// DATABASE_URL, keys). One runner for the API, browser and system tests alike.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

const ROOT = join(import.meta.dirname, '../..');

/**
 * The test timeout of a file that runs operator commands (`vi.setConfig({ testTimeout })`): each
 * command is a process of its own that loads tsx and the settings, seconds each on a busy machine.
 */
export const ADMIN_TEST_TIMEOUT_MS = 180_000;
const run = promisify(execFile);

export interface AdminResult {
  /** The exit code: 0 done; otherwise the command's own (1 refused, 2 a wrong command line, 3 a failed CDN purge). */
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run admin -- ...args`; a non-zero exit is returned in `code`, not thrown. */
export async function runAdmin(
  args: string[],
  env: NodeJS.ProcessEnv,
  { timeout = 60_000 } = {},
): Promise<AdminResult> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', ...args], {
      env,
      cwd: ROOT,
      timeout,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number | string; stdout?: string; stderr?: string; message: string };
    // A command killed by the timeout, or that never started, has no numeric code.
    const code = typeof failed.code === 'number' ? failed.code : -1;
    return { code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? failed.message };
  }
}

/** Runs a command that must succeed: its output, or an error carrying what it printed. */
export async function admin(args: string[], env: NodeJS.ProcessEnv, options?: { timeout?: number }) {
  const result = await runAdmin(args, env, options);
  if (result.code !== 0) {
    throw new Error(`admin ${args.join(' ')} exited ${result.code}:\n${result.stderr}${result.stdout}`);
  }
  return result.stdout;
}
