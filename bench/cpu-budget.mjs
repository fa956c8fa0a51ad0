// A processor budget for a benchmark's server: a Linux control group whose CPU quota holds the
// processes put in it to a share of one core, as a server on a machine (or container) of that size
// of its own would be. bench/entry-scaling.mjs gives each server of its setups the same budget, so
// that a second server brings processor time of its own, as a second machine would, instead of
// sharing the two cores that PostgreSQL and the load generator already fill
// (docs/decisions/0021-postgresql-round-trips.md, "Two servers, each on a budget of its own").
// Both layouts are handled: cgroup v1's `cpu` hierarchy (cpu.cfs_quota_us) and cgroup v2 with the
// cpu controller on (cpu.max). Creating a group needs root and a writable cgroup file system; where
// there is none, cpuBudget returns undefined and the bench says the figure was not measured.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The quota's period. A short one spreads a held server's waits thinly: with 100 ms (the kernel's
 * default) a server on 0.4 of a core runs 40 ms, then waits 60 ms with its requests queued.
 */
export const PERIOD_US = 10_000;

const has = (file, word) => existsSync(file) && readFileSync(file, 'utf8').split(/\s+/).includes(word);

/** Where and how a group is made on this machine's cgroup file system (under `root`), or undefined. */
function layout(root) {
  // v2: the cpu controller must be on for the children of the root group.
  if (has(join(root, 'cgroup.controllers'), 'cpu') && has(join(root, 'cgroup.subtree_control'), 'cpu')) {
    return {
      parent: root,
      limit: (dir, quota) => writeFileSync(join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`),
    };
  }
  const v1 = join(root, 'cpu');
  if (existsSync(join(v1, 'cpu.cfs_quota_us'))) {
    return {
      parent: v1,
      limit: (dir, quota) => {
        writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
        writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(quota));
      },
    };
  }
  return undefined;
}

/**
 * @typedef {object} CpuBudget
 * @property {string} dir  the group's folder (its cpu.stat says how often it was held back)
 * @property {number} cores  the share of one core the group's processes may use together
 * @property {(pid: number) => void} add  moves a process (all its threads, and the children it starts later) into the group
 * @property {() => void} remove  moves what is left back to the parent group and deletes the group
 */

/**
 * A new group `name` whose processes together use at most `cores` (0.1 or more) of one core;
 * undefined where no group can be made (no cgroup file system, not root, no cpu controller, or a
 * group of that name already there).
 * @param {string} name
 * @param {number} cores
 * @param {string} [root]  the cgroup file system's mount point (a test passes a folder of its own)
 * @returns {CpuBudget | undefined}
 */
export function cpuBudget(name, cores, root = '/sys/fs/cgroup') {
  // The kernel takes no quota under 1 ms a period.
  if (!(cores * PERIOD_US >= 1000)) throw new RangeError(`a budget of ${cores} of a core is under 0.1`);
  const found = layout(root);
  if (!found) return undefined;
  const dir = join(found.parent, name);
  try {
    mkdirSync(dir);
  } catch {
    return undefined; // read-only, not allowed, or a group of that name exists (not ours to change)
  }
  try {
    found.limit(dir, Math.round(cores * PERIOD_US));
  } catch {
    rmdirSync(dir);
    return undefined;
  }
  const procs = (group) => join(group, 'cgroup.procs');
  return {
    dir,
    cores,
    add: (pid) => writeFileSync(procs(dir), String(pid)),
    remove: () => {
      const left = existsSync(procs(dir)) ? readFileSync(procs(dir), 'utf8').split('\n').filter(Boolean) : [];
      for (const pid of left) {
        try {
          writeFileSync(procs(found.parent), pid);
        } catch (error) {
          if (error.code !== 'ESRCH') throw error; // ESRCH: it ended meanwhile
        }
      }
      try {
        rmdirSync(dir);
      } catch (error) {
        // A process that arrived meanwhile keeps it: an empty group left behind harms nothing.
        console.warn(`cpu budget ${dir} left behind: ${error.message}`);
      }
    },
  };
}
