// The entry bench's processor accounting (bench/process-cpu.mjs): what it adds up per setup is what
// the report's table of processor time per entry says.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addCpu, cpuMs, perEntry, readCpu } from '../../bench/process-cpu.mjs';

const reading = (servers: number, postgres: [number, number][], loadGenerator: number) => ({
  servers,
  preemptions: servers / 10,
  postgres: new Map(postgres),
  loadGenerator,
});

/** Keeps this process busy until it has used `ms` of processor. */
function burn(ms: number): void {
  const start = process.cpuUsage();
  while (true) {
    const used = process.cpuUsage(start);
    if ((used.user + used.system) / 1000 >= ms) return;
  }
}

describe.runIf(existsSync('/proc/self/stat'))('the bench processor accounting', () => {
  it("reads a process's processor time, and none once it is gone", () => {
    const before = readCpu([process.pid], undefined);
    burn(200);
    const total = addCpu({}, before, readCpu([process.pid], undefined));
    // /proc counts in ticks of 10 ms: at least most of what was burned.
    expect(total.servers).toBeGreaterThanOrEqual(150);
    expect(total.loadGenerator).toBeGreaterThanOrEqual(200);
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    expect(cpuMs(gone)).toBe(0);
  });

  it('counts each PostgreSQL process on its own: a new one from its start, an ended one loses only its time', () => {
    const before = reading(
      100,
      [
        [1, 100],
        [2, 50],
      ],
      10,
    );
    const after = reading(
      160,
      [
        [1, 130],
        [3, 20],
      ],
      30,
    );
    // Process 1 used 30, process 3 started and used 20; process 2 ended (its 50 is not taken off).
    expect(addCpu({}, before, after)).toEqual({
      servers: 60,
      preemptions: 6,
      loadGenerator: 20,
      postgres: 50,
    });
    // Rounds add up.
    expect(addCpu(addCpu({}, before, after), before, after).postgres).toBe(100);
  });

  it("gives PostgreSQL's share per entry only for a setup that uses it", () => {
    const total = { servers: 900, preemptions: 50, loadGenerator: 300, postgres: 0 };
    expect(perEntry(total, 1000, false)).toEqual({
      serversMs: 0.9,
      loadGeneratorMs: 0.3,
      serverPreemptions: 0.05,
    });
    expect(perEntry({ ...total, postgres: 550 }, 1000, true)).toMatchObject({ postgresMs: 0.55 });
  });
});
