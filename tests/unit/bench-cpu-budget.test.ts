// The entry bench's processor budget per server (bench/cpu-budget.mjs): a control group whose quota
// is the share of a core it was asked for, on either layout of the cgroup file system, and none
// where no group can be made.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cpuBudget, PERIOD_US } from '../../bench/cpu-budget.mjs';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A folder laid out as a cgroup file system's mount point, with the given files. */
function fakeRoot(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kwikfill-cgroup-'));
  folders.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const read = (path: string) => readFileSync(path, 'utf8');

describe('a processor budget for a bench server', () => {
  it("cgroup v1: the cpu hierarchy's period and quota, and a process added to the group", () => {
    const root = fakeRoot({ 'cpu/cpu.cfs_quota_us': '-1' });
    const budget = cpuBudget('server-a', 0.4, root);
    const dir = join(root, 'cpu', 'server-a');
    expect(budget?.dir).toBe(dir);
    expect(read(join(dir, 'cpu.cfs_period_us'))).toBe(String(PERIOD_US));
    expect(read(join(dir, 'cpu.cfs_quota_us'))).toBe(String(0.4 * PERIOD_US));
    budget?.add(1234);
    expect(read(join(dir, 'cgroup.procs'))).toBe('1234');
  });

  it('cgroup v2: cpu.max, when the cpu controller is on for the groups below the root', () => {
    const root = fakeRoot({
      'cgroup.controllers': 'cpuset cpu io memory',
      'cgroup.subtree_control': 'cpu memory',
    });
    const budget = cpuBudget('server-b', 0.25, root);
    expect(read(join(root, 'server-b', 'cpu.max'))).toBe(`${0.25 * PERIOD_US} ${PERIOD_US}`);
    expect(budget?.cores).toBe(0.25);
  });

  it('none without a cpu controller to hold the group (v2 with cpu off below the root, or no cgroup)', () => {
    expect(
      cpuBudget('x', 0.4, fakeRoot({ 'cgroup.controllers': 'cpu', 'cgroup.subtree_control': 'memory' })),
    ).toBe(undefined);
    expect(cpuBudget('x', 0.4, fakeRoot({}))).toBe(undefined);
    expect(cpuBudget('x', 0.4, join(tmpdir(), 'no-such-cgroup-mount'))).toBe(undefined);
  });

  it('none for a group of that name already there (not ours to change or remove)', () => {
    const root = fakeRoot({ 'cpu/cpu.cfs_quota_us': '-1', 'cpu/taken/cpu.cfs_quota_us': '2000' });
    expect(cpuBudget('taken', 0.4, root)).toBe(undefined);
    expect(read(join(root, 'cpu', 'taken', 'cpu.cfs_quota_us'))).toBe('2000');
  });

  it('refuses a share under 0.1 of a core, which the kernel would not take', () => {
    expect(() => cpuBudget('x', 0.05, fakeRoot({ 'cpu/cpu.cfs_quota_us': '-1' }))).toThrow(RangeError);
  });
});

// On this machine's own cgroup file system, either layout, where it may make groups (as root on
// the CI machine): a group made and removed at once says so.
const usable = (() => {
  const probe = cpuBudget(`kwikfill-probe-${process.pid}`, 0.5);
  probe?.remove();
  return probe !== undefined;
})();

describe.runIf(usable)('a processor budget on the real cgroup file system', () => {
  it('holds a busy process back, and is gone once removed', async () => {
    const budget = cpuBudget(`kwikfill-test-${process.pid}`, 0.1);
    if (!budget) throw new Error('no group, though the probe made one');
    const busy = spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' });
    try {
      // Never 0: that would move this test's own process into the group.
      if (!busy.pid) throw new Error('the busy process did not start');
      budget.add(busy.pid);
      expect(read(join(budget.dir, 'cgroup.procs')).trim()).toBe(String(busy.pid));
      // The kernel counts each period in which the group used up its quota and was held back
      // (cpu.stat's nr_throttled, in both layouts).
      const throttled = () => Number(read(join(budget.dir, 'cpu.stat')).match(/^nr_throttled (\d+)/m)?.[1]);
      await vi.waitFor(() => expect(throttled()).toBeGreaterThan(0), { timeout: 10_000, interval: 50 });
    } finally {
      busy.kill('SIGKILL');
      if (busy.exitCode === null && busy.signalCode === null)
        await new Promise((resolve) => busy.once('exit', resolve));
      budget.remove();
    }
    expect(existsSync(budget.dir)).toBe(false);
  });
});
