// Giveaway entries a second through one server on SQLite, one server on PostgreSQL and two servers
// on one PostgreSQL (bench/targets.mjs), in one run, so that the three are measured under the same
// load of the machine: all three setups are started first, and the entries are sent in rounds, one
// setup after the other in a turning order (this machine's speed drifts by a third within a minute;
// three setups measured one after the other measured the drift as much as the setups). Each setup
// has its own empty database with the sample data; each entry is a new person (bench/entry-load.mjs),
// sent with autocannon, 10 connections in all (5 to each server of two, as a round-robin balancer
// would spread them); a round's time ends with its last answer, and the figure is a setup's entries
// answered 201 per second of its rounds. Every server is warmed up first with WARM_UP entries of its
// own: in runs of 500 entries one after the other, a server on SQLite was at its speed from about the
// second run, one on PostgreSQL only from about the fourth, at 0.5-0.6 of it in the first; and the
// earlier warm-up of 300 per setup gave each of two servers half of what one server got. Run under a
// throwaway PostgreSQL (`bash tests/support/with-postgres.sh node --import tsx bench/entry-scaling.mjs`,
// as bench/run.mjs does); without DATABASE_URL only the SQLite figure is measured.
// BENCH_SCALING_ENTRIES sets the entries per setup (default 3000), in BENCH_SCALING_ROUNDS rounds
// (default 6: shorter rounds take turns more often, so the machine's drift falls more evenly on the setups).
// On one 2-core machine the two servers and PostgreSQL share the same cores: the figure shows what
// a second server costs or gains there, not what a second machine would add.
// Each setup's processor time per entry over its rounds (bench/process-cpu.mjs: the servers',
// PostgreSQL's and the load generator's, and the servers' preemptions) says how near it ran to the
// machine's cores, and so why it reached its figure.
// Then the same setups again, each server held to SERVER_CORES of one core (bench/cpu-budget.mjs, a
// Linux control group per server), as each on a machine of its own would be: on the shared cores one
// server on PostgreSQL already keeps both of them busy (its own work on one, PostgreSQL's and the load
// generator's on the other), so a second server there can only share them; with a budget of its own
// it brings its own processor time, and the figure shows whether the setup scales with its servers or
// stops at something they share (PostgreSQL, a lock, a commit). Where no control group can be made
// (not root, no cgroup file system) these figures are not measured.
import autocannon from 'autocannon';
import { DEFAULT_POOL_SIZE } from '../src/server/config/schema.ts';
import { startBuiltServer } from '../tests/support/built-server.mjs';
import { freshPostgresDatabase } from '../tests/system/helpers.ts';
import { cpuBudget } from './cpu-budget.mjs';
import { entryRequests, prepareEntries } from './entry-load.mjs';
import { addCpu, perEntry, readCpu } from './process-cpu.mjs';
import { writePart } from './results.mjs';
import { SERVER_CORES, SETUPS } from './scaling-setups.mjs';

const ENTRIES = Number(process.env.BENCH_SCALING_ENTRIES ?? 3000);
const ROUNDS = Number(process.env.BENCH_SCALING_ROUNDS ?? 6);
const PER_ROUND = ENTRIES / ROUNDS;
/** Warm-up entries per server. */
const WARM_UP = 2000;
const CONNECTIONS = 10;

/**
 * Sends the entries to one server with `connections`; resolves the moment of its last answer
 * (performance.now()). Not the moment autocannon resolves: a counted run ends on its one-second
 * tick, after the last answer.
 */
async function send(base, entries, connections) {
  let last = performance.now();
  const instance = autocannon({
    url: base,
    requests: entryRequests(entries),
    connections,
    amount: entries.length,
  });
  instance.on('response', () => {
    last = performance.now();
  });
  const result = await instance;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${base}: ${failed} entries not stored`);
  return last;
}

/**
 * One round of a setup: its servers send their batches from one start; the time ends with the later
 * last answer. The processes' processor time of the round is added to `cpu`.
 */
async function round(setup, batches, cpu) {
  const { servers } = setup;
  const pids = servers.map((server) => server.child.pid);
  const before = readCpu(pids, setup.pgData);
  const started = performance.now();
  const lastAnswers = await Promise.all(
    servers.map((server, i) => send(server.base, batches[i], CONNECTIONS / servers.length)),
  );
  const seconds = (Math.max(...lastAnswers) - started) / 1000;
  addCpu(cpu, before, readCpu(pids, setup.pgData));
  return seconds;
}

/**
 * A setup's entries for `warmUp` (all its servers together) and then ROUNDS rounds, each server's
 * share of each; `offset` numbers the first person, so that every entry is a new one.
 */
async function prepare(setup, warmUp, offset) {
  const { servers } = setup;
  const count = warmUp + ENTRIES;
  const entries = await Promise.all(
    servers.map((server, i) =>
      prepareEntries(server.base, count / servers.length, 16, offset + (i * count) / servers.length),
    ),
  );
  const per = (n) => n / servers.length; // each server's share
  const slice = (from, n) => entries.map((mine) => mine.slice(per(from), per(from + n)));
  const batches = Array.from({ length: ROUNDS }, (_, r) => slice(warmUp + r * PER_ROUND, PER_ROUND));
  return { warm: slice(0, warmUp), batches, seconds: [], cpu: {} };
}

/** The setups take turns, ROUNDS rounds each, on the batches of `phase` (shared or budgeted). */
async function measure(setups, phase) {
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < setups.length; k++) {
      const { [phase]: run, ...setup } = setups[(r + k) % setups.length];
      run.seconds.push(await round(setup, run.batches[r], run.cpu));
    }
  }
}

/**
 * One budget for each server of every setup (its process not in it yet), or none at all where a
 * control group cannot be made.
 */
function budgets(setups) {
  const made = [];
  for (const [k, setup] of setups.entries()) {
    for (const [i, server] of setup.servers.entries()) {
      const budget = cpuBudget(`kwikfill-bench-${process.pid}-${k}-${i}`, SERVER_CORES);
      if (!budget) {
        for (const other of made) other.remove();
        return [];
      }
      made.push(Object.assign(budget, { pid: server.child.pid }));
    }
  }
  return made;
}

/** Starts a setup's servers (the first seeds). */
async function start(name, count, env) {
  const servers = [await startBuiltServer({ seed: true, env })];
  for (let i = 1; i < count; i++) {
    // Its own data folder: the servers share nothing but the database (and their settings).
    servers.push(await startBuiltServer({ env: { ...env, MIGRATE_ON_START: '0' } }));
  }
  // PostgreSQL's processes are the throwaway cluster's (tests/support/with-postgres.sh), when it runs one.
  const pgData = env.DATABASE_URL ? process.env.WITH_PG_DATA : undefined;
  return { name, servers, pgData };
}

const base = { TRUST_PROXY: '1', LOG_LEVEL: 'warn' };
const setups = [];
const databases = [];
let held = []; // the servers' budgets
try {
  setups.push(await start(SETUPS.sqlite, 1, base));
  for (const count of [1, 2]) {
    const database = await freshPostgresDatabase();
    if (!database) break;
    databases.push(database);
    const name = count === 1 ? SETUPS.onePostgres : SETUPS.twoPostgres;
    // The servers share PostgreSQL's connections as the settings say (docs/operations.md: DATABASE_POOL_SIZE,
    // about twice its cores divided among the servers): the default for one, half each for two.
    const pool = String(DEFAULT_POOL_SIZE / count);
    setups.push(await start(name, count, { ...base, DATABASE_URL: database.url, DATABASE_POOL_SIZE: pool }));
  }
  // Every round's entries are ready (tickets past their dwell, human checks passed) before the first
  // round, so that the rounds send and nothing else.
  for (const setup of setups) setup.shared = await prepare(setup, WARM_UP * setup.servers.length, 0);
  // Warmed up after the entries were made ready (which runs other code in the servers).
  for (const setup of setups) await round(setup, setup.shared.warm, {});
  await measure(setups, 'shared');
  held = budgets(setups);
  if (held.length > 0) {
    try {
      // Their entries are made ready while the servers still have the whole machine (a minute or
      // two before the last is sent: human checks are good for five).
      for (const setup of setups) {
        setup.budgeted = await prepare(setup, 0, (WARM_UP + ENTRIES) * setup.servers.length);
      }
      for (const budget of held) budget.add(budget.pid);
      await measure(setups, 'budgeted');
    } catch (error) {
      // The figures on the shared cores stand; these are reported as not measured.
      console.warn(`entries with a budget per server not measured: ${error.message}`);
      for (const setup of setups) delete setup.budgeted;
    }
  } else {
    console.warn('entries with a budget per server not measured: no control group could be made (as root?)');
  }
} finally {
  // Each step on its own: one that fails leaves the others to do their part.
  const attempt = async (what, step) => {
    try {
      await step();
    } catch (error) {
      console.warn(`${what}: ${error.message}`);
    }
  };
  for (const setup of setups) {
    for (const server of setup.servers) await attempt('closing a server', () => server.close());
  }
  for (const budget of held) await attempt('removing a budget', () => budget.remove());
  for (const database of databases) await attempt('dropping a database', () => database.drop());
}
/** A setup's figures over the rounds of one phase. */
function figuresOf({ servers, pgData }, { seconds, cpu }) {
  const total = seconds.reduce((sum, s) => sum + s, 0);
  return {
    seconds: Number(total.toFixed(2)),
    perSecond: Math.round(ENTRIES / total),
    rounds: seconds.map((s) => Math.round(PER_ROUND / s)),
    cpuPerEntry: perEntry(cpu, ENTRIES, Boolean(pgData)),
    // How much of a core each server used on average: under a budget, about SERVER_CORES at most.
    coresPerServer:
      cpu.servers === undefined
        ? undefined
        : Number((cpu.servers / 1000 / total / servers.length).toFixed(2)),
  };
}
const figures = setups.map((setup) => ({
  setup: setup.name,
  servers: setup.servers.length,
  entries: ENTRIES,
  ...figuresOf(setup, setup.shared),
  budgeted: setup.budgeted && { serverCores: SERVER_CORES, ...figuresOf(setup, setup.budgeted) },
}));
for (const figure of figures) console.log(JSON.stringify(figure));
writePart('scaling', { connections: CONNECTIONS, rounds: ROUNDS, warmUp: WARM_UP, setups: figures });
