// Giveaway entries through one server on SQLite, one server on PostgreSQL and two servers on one
// PostgreSQL, each against the floor of bench/scaling-setups.mjs (entries a second and the 99th
// percentile answer at 10 connections; judged by bench/targets.mjs). All three setups are started
// first and send their entries in rounds, one setup after the other in a turning order, so that the
// machine's drift (its speed moves by a third within a minute) falls on all three alike. Each setup
// has its own empty database with the sample data; each entry is a new person (bench/entry-load.mjs),
// sent with autocannon, 10 connections in all (5 to each server of two, as a round-robin balancer
// would spread them); a round's time ends with its last answer, and the figure is a setup's entries
// answered 201 per second of its rounds. Every server is warmed up first with WARM_UP entries of its
// own (a fresh server on PostgreSQL is at its speed only after a few thousand). Run under a
// throwaway PostgreSQL (`bash tests/support/with-postgres.sh node --import tsx bench/entry-scaling.mjs`,
// as bench/run.mjs does); without DATABASE_URL only the SQLite figure is measured.
// BENCH_SCALING_ENTRIES sets the entries per setup (default 3000), in BENCH_SCALING_ROUNDS rounds
// (default 6). Each setup's processor time per entry (bench/process-cpu.mjs: the servers',
// PostgreSQL's and the load generator's) says how near it ran to the machine's cores: on one 2-core
// machine the servers, PostgreSQL and the load generator share them.
import autocannon from 'autocannon';
import { DEFAULT_POOL_SIZE } from '../src/server/config/schema.ts';
import { startBuiltServer } from '../tests/support/built-server.mjs';
import { freshPostgresDatabase } from '../tests/system/helpers.ts';
import { entryRequests, prepareEntries } from './entry-load.mjs';
import { addCpu, perEntry, readCpu } from './process-cpu.mjs';
import { writePart } from './results.mjs';
import { ENTRY_FLOOR, percentile, SETUPS } from './scaling-setups.mjs';

const ENTRIES = Number(process.env.BENCH_SCALING_ENTRIES ?? 3000);
const ROUNDS = Number(process.env.BENCH_SCALING_ROUNDS ?? 6);
const PER_ROUND = ENTRIES / ROUNDS;
/** Warm-up entries per server. */
const WARM_UP = 2000;
const CONNECTIONS = ENTRY_FLOOR.connections;

/**
 * Sends the entries to one server with `connections`, each answer's time (ms) added to `latencies`;
 * resolves the moment of its last answer (performance.now()). Not the moment autocannon resolves: a
 * counted run ends on its one-second tick, after the last answer.
 */
async function send(base, entries, connections, latencies) {
  let last = performance.now();
  const instance = autocannon({
    url: base,
    requests: entryRequests(entries),
    connections,
    amount: entries.length,
  });
  instance.on('response', (_client, _status, _bytes, ms) => {
    latencies.push(ms);
    last = performance.now();
  });
  const result = await instance;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    const statuses = Object.entries(result.statusCodeStats ?? {}).map(
      ([code, { count }]) => `${count} ${code}`,
    );
    throw new Error(`${base}: ${failed} entries not stored (answers: ${statuses.join(', ')})`);
  }
  return last;
}

/**
 * One round of a setup: its servers send their batches from one start; the time ends with the later
 * last answer. The processes' processor time of the round is added to `cpu`, the answers' times to
 * `latencies`.
 */
async function round(setup, batches, cpu, latencies = []) {
  const { servers } = setup;
  const pids = servers.map((server) => server.child.pid);
  const before = readCpu(pids, setup.pgData);
  const started = performance.now();
  const lastAnswers = await Promise.all(
    servers.map((server, i) => send(server.base, batches[i], CONNECTIONS / servers.length, latencies)),
  );
  const seconds = (Math.max(...lastAnswers) - started) / 1000;
  addCpu(cpu, before, readCpu(pids, setup.pgData));
  return seconds;
}

/**
 * `count` entries ready for a setup (tickets past their dwell, human checks passed), each server's
 * share in a batch of its own, each entry a new person of the setup. Made just before they are sent:
 * a human check is good for five minutes, and on a busy machine making every round's entries first
 * took longer than that.
 */
async function prepare(setup, count) {
  const { servers } = setup;
  const share = count / servers.length;
  const first = setup.people;
  setup.people += count;
  return Promise.all(servers.map((server, i) => prepareEntries(server.base, share, 16, first + i * share)));
}

/** The setups take turns, ROUNDS rounds each; a round's entries are made ready before its time starts. */
async function measure(setups) {
  for (let r = 0; r < ROUNDS; r++) {
    for (let k = 0; k < setups.length; k++) {
      const setup = setups[(r + k) % setups.length];
      const batches = await prepare(setup, PER_ROUND);
      setup.seconds.push(await round(setup, batches, setup.cpu, setup.latencies));
    }
  }
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
  return { name, servers, pgData, people: 0, seconds: [], cpu: {}, latencies: [] };
}

const base = { TRUST_PROXY: '1', LOG_LEVEL: 'warn' };
const setups = [];
const databases = [];
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
  for (const setup of setups) await round(setup, await prepare(setup, WARM_UP * setup.servers.length), {});
  await measure(setups);
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
  for (const database of databases) await attempt('dropping a database', () => database.drop());
}
/** A setup's figures over its rounds. */
function figuresOf({ name, servers, pgData, seconds, cpu, latencies }) {
  const total = seconds.reduce((sum, s) => sum + s, 0);
  const ms = (share) => Number(percentile(latencies, share).toFixed(1));
  return {
    setup: name,
    servers: servers.length,
    entries: ENTRIES,
    seconds: Number(total.toFixed(2)),
    perSecond: Math.round(ENTRIES / total),
    p50Ms: ms(0.5),
    p99Ms: ms(0.99),
    rounds: seconds.map((s) => Math.round(PER_ROUND / s)),
    cpuPerEntry: perEntry(cpu, ENTRIES, Boolean(pgData)),
  };
}
const figures = setups.map(figuresOf);
for (const figure of figures) console.log(JSON.stringify(figure));
writePart('scaling', { connections: CONNECTIONS, rounds: ROUNDS, warmUp: WARM_UP, setups: figures });
