// One case of bench/server.mjs: our server and the bare one, in alternating short autocannon runs so
// that other work on a shared machine weighs on both alike. Figures over all rounds (p50/p99: the
// worst round's); any answer that is not a 2xx fails the benchmark (a 429 or 409 would mean the
// load measured a limit, not the server).
import autocannon from 'autocannon';
import { cpuMs } from './process-cpu.mjs';

const CONNECTIONS = 10;
const ROUNDS = 3;

/**
 * @param {{ base: string, pid: number }} server
 * @param {{ path?: string, headers?: object, requests?: object, amount?: number }} test  `amount`:
 *   count requests (ours) instead of timing; `requests`: autocannon's requests option per server
 */
async function run(name, server, test, duration, share = 1) {
  const before = cpuMs(server.pid);
  const counted = test.amount && name === 'ours';
  const started = performance.now();
  let lastAnswer = started;
  const instance = autocannon({
    url: server.base + (test.path ?? ''),
    headers: test.headers,
    requests: test.requests?.[name],
    connections: CONNECTIONS,
    ...(counted ? { amount: Math.round(test.amount * share) } : { duration }),
  });
  instance.on('response', () => {
    lastAnswer = performance.now();
  });
  const result = await instance;
  // A counted run ends on autocannon's one-second tick, after the last answer: its `duration` is
  // whole seconds (4,000 entries answered in 2.1 s read as 3 s). The time to the last answer is
  // the run's true length.
  const seconds = counted ? (lastAnswer - started) / 1000 : result.duration || duration;
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) {
    const codes = Object.entries(result.statusCodeStats ?? {}).map(
      ([code, { count }]) => `${code}: ${count}`,
    );
    throw new Error(`${name} ${test.path ?? ''}: ${failed} failed answers (${codes.join(', ')})`);
  }
  return {
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUs: ((cpuMs(server.pid) - before) * 1000) / result.requests.total,
  };
}

const mean = (list, key) => list.reduce((sum, r) => sum + r[key], 0) / list.length;
const summary = (list) => ({
  rps: Math.round(mean(list, 'rps')),
  p50Ms: Math.max(...list.map((r) => r.p50)),
  p99Ms: Math.max(...list.map((r) => r.p99)),
  cpuUsPerRequest: Math.round(mean(list, 'cpuUs')),
});

export async function measureCase(servers, test, seconds) {
  await run('bare', servers.bare, test, 1, 0.5); // warm-up (JIT, caches), not counted
  await run('ours', servers.ours, test, 1, 0.5);
  const results = { ours: [], bare: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of ['bare', 'ours']) {
      results[name].push(await run(name, servers[name], test, seconds / ROUNDS));
    }
  }
  const [ours, bare] = [summary(results.ours), summary(results.bare)];
  return { case: test.name, ours, bare, ratio: Number((ours.rps / bare.rps).toFixed(2)) };
}
