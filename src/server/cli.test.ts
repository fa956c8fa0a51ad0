import { Command } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { action, commandGroup, withDeps, withOldName } from './cli.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

describe('operator commands', () => {
  it('read the settings through the same schema as the server, and stop on its mistakes (exit 2)', async () => {
    vi.stubEnv('DATABASE_URL', ''); // SQLite, also under with-postgres.sh: only the two mistakes below
    vi.stubEnv('TRUST_PROXY', 'yes');
    vi.stubEnv('APP_SECRET', 'short');
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const work = vi.fn(async () => {});
    await action(() => withDeps(work))();
    expect(work).not.toHaveBeenCalled();
    expect(process.exitCode).toBe(2);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/^error: The configuration has 2 mistakes/));
    const message = String(error.mock.calls[0]?.[0]);
    expect(message).toContain('\n- APP_SECRET must be at least 32 characters long');
    expect(message).toContain('\n- TRUST_PROXY must be 1 (one proxy)');
  });
});

describe('command names', () => {
  const program = (ran: string[]) => {
    const root = new Command('admin').exitOverride();
    const group = commandGroup(root, 'db', 'The database');
    withOldName(group, 'backup', 'db:backup', (command) =>
      command.argument('<file>').action((file: string) => void ran.push(file)),
    );
    return root;
  };

  it('are "group command"; an old name still runs the command, after a note naming the new one', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const ran: string[] = [];
    await program(ran).parseAsync(['db', 'backup', 'a.sqlite'], { from: 'user' });
    expect(error).not.toHaveBeenCalled();
    await program(ran).parseAsync(['db:backup', 'b.sqlite'], { from: 'user' });
    expect(ran).toEqual(['a.sqlite', 'b.sqlite']);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('`db:backup` is now `db backup`'));
  });

  it('lists only the new names in the help', () => {
    const help = program([]).helpInformation();
    expect(help).toContain('db');
    expect(help).not.toContain('db:backup');
  });
});
