// Giveaway entries a second through one server on SQLite, one server on PostgreSQL and two servers
// on one PostgreSQL (bench/targets.mjs), in one run, so that the three are measured
// under the same load of the machine. Each setup starts on its own empty database with the sample
// data; each entry is a new person (bench/entry-load.mjs), sent with autocannon, 10 connections in
// all (5 to each server of two, as a round-robin balancer would spread them); the figure is entries
// answered 201 per second to the last answer. Run under a throwaway PostgreSQL
// (`bash tests/support/with-postgres.sh node --import tsx bench/entry-scaling.mjs`, as bench/run.mjs
// does); without DATABASE_URL only the SQLite figure is measured. BENCH_SCALING_ENTRIES sets the
// entries per setup (default 3000, after 300 of warm-up).
// On one 2-core machine the two servers and PostgreSQL share the same cores: the figure shows what
// a second server costs or gains there, not what a second machine would add.
import autocannon from 'autocannon';
import { startBuiltServer } from '../tests/support/built-server.mjs';
import { freshPostgresDatabase } from '../tests/system/helpers.ts';
import { entryRequests, prepareEntries } from './entry-load.mjs';
import { writePart } from './results.mjs';

const ENTRIES = Number(process.env.BENCH_SCALING_ENTRIES ?? 3000);
const WARM_UP = 300;
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

/** Entries a second through `servers`, each taking its share of the connections and entries. */
async function measure(servers) {
  const share = (count, offset) =>
    Promise.all(
      servers.map((server, i) =>
        prepareEntries(server.base, count / servers.length, 16, offset + (i * count) / servers.length),
      ),
    );
  const warm = await share(WARM_UP, 0);
  await Promise.all(servers.map((server, i) => send(server.base, warm[i], CONNECTIONS / servers.length)));
  const batches = await share(ENTRIES, WARM_UP);
  const started = performance.now();
  const lastAnswers = await Promise.all(
    servers.map((server, i) => send(server.base, batches[i], CONNECTIONS / servers.length)),
  );
  // Both run at once, from one start: the setup's time ends with the later one's last answer.
  const wall = (Math.max(...lastAnswers) - started) / 1000;
  return { entries: ENTRIES, seconds: Number(wall.toFixed(2)), perSecond: Math.round(ENTRIES / wall) };
}

/** Starts a setup's servers (the first seeds), measures it, stops them. */
async function setup(name, count, env) {
  const first = await startBuiltServer({ seed: true, env });
  const servers = [first];
  try {
    for (let i = 1; i < count; i++) {
      // Its own data folder: the servers share nothing but the database (and their settings).
      servers.push(await startBuiltServer({ env: { ...env, MIGRATE_ON_START: '0' } }));
    }
    const figures = { setup: name, servers: count, ...(await measure(servers)) };
    console.log(JSON.stringify(figures));
    return figures;
  } finally {
    for (const server of servers) await server.close();
  }
}

const base = { TRUST_PROXY: '1', LOG_LEVEL: 'warn' };
const setups = [await setup('one server, SQLite', 1, base)];
for (const count of [1, 2]) {
  const database = await freshPostgresDatabase();
  if (!database) break;
  try {
    const name = count === 1 ? 'one server, PostgreSQL' : 'two servers, one PostgreSQL';
    setups.push(await setup(name, count, { ...base, DATABASE_URL: database.url }));
  } finally {
    await database.drop();
  }
}
writePart('scaling', { connections: CONNECTIONS, setups });
