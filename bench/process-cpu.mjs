// Processor time of the processes a benchmark drives, read from Linux's /proc: how much of the
// machine's cores a setup's servers, its PostgreSQL and the load generator (this process) each used
// per entry, and how often the servers were taken off their core while they could have run on
// (involuntary context switches). On a machine whose cores the three share, these say why a setup
// reached the figure it did (bench/results/analysis.md). Elsewhere (no /proc)
// every figure is undefined and the report says so.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { clusterProcessIds } from '../tests/system/helpers.ts';

const available = existsSync('/proc/self/stat');
/** Clock ticks a second of /proc's times (getconf CLK_TCK; 100 on Linux's usual builds). */
const ticksPerSecond = available ? Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) : 100;

const read = (path) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // the process ended meanwhile: its time is lost to the figure, not an error
  }
};

/** Milliseconds of processor (user and system) a process used so far; 0 once it is gone. */
export function cpuMs(pid) {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return 0;
  const [utime, stime] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number);
  return ((utime + stime) * 1000) / ticksPerSecond;
}

/** Involuntary context switches of a process's main thread so far. */
function preemptions(pid) {
  const line = read(`/proc/${pid}/status`)?.match(/^nonvoluntary_ctxt_switches:\s+(\d+)/m);
  return line ? Number(line[1]) : 0;
}

const sum = (pids, of) => pids.reduce((total, pid) => total + of(pid), 0);

/**
 * A reading now: the servers' processor and preemptions, PostgreSQL's processor (every process of
 * the throwaway cluster in `pgData`, when given) and this process's own.
 */
export function readCpu(serverPids, pgData) {
  if (!available) return undefined;
  // Per process: a backend started during the round counts from its start, one ended loses its time.
  const postgres = new Map((pgData ? clusterProcessIds(pgData) : []).map((pid) => [pid, cpuMs(pid)]));
  const own = process.cpuUsage(); // last: the reading's own work falls outside a round's start
  return {
    servers: sum(serverPids, cpuMs),
    preemptions: sum(serverPids, preemptions),
    postgres,
    loadGenerator: (own.user + own.system) / 1000,
  };
}

/** What happened between two readings, added to `total` (all zero at first). */
export function addCpu(total, before, after) {
  if (!before || !after) return total;
  for (const key of ['servers', 'preemptions', 'loadGenerator']) {
    total[key] = (total[key] ?? 0) + after[key] - before[key];
  }
  let postgres = 0;
  for (const [pid, ms] of after.postgres) postgres += ms - (before.postgres.get(pid) ?? 0);
  total.postgres = (total.postgres ?? 0) + postgres;
  return total;
}

/**
 * The totals per entry: milliseconds of processor per kind of process (PostgreSQL's only when the
 * setup uses it), and the servers' preemptions.
 */
export function perEntry(total, entries, withPostgres) {
  if (!available || entries === 0) return undefined;
  const per = (value) => Number(((value ?? 0) / entries).toFixed(3));
  return {
    serversMs: per(total.servers),
    ...(withPostgres && { postgresMs: per(total.postgres) }),
    loadGeneratorMs: per(total.loadGenerator),
    serverPreemptions: per(total.preemptions),
  };
}
