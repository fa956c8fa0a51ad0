// The WebKit harness's new session (tests/support/webkit-page.mjs newSession): a WebKitWebDriver
// whose browser never comes up must not hold a test until its time runs out. A fake driver here
// answers `POST /session` as each case says; the real one runs in `npm run test:engines`.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newSession } from '../support/webkit-page.mjs';

type Answer = 'hang' | 'drop' | 'session';
/** The time limit given to a session here: long enough for the fake's answer on a busy machine. */
const HANG_MS = 1_500;

/** A driver whose `POST /session` answers are `answers`, one per request, and whose restart is counted. */
async function fakeDriver(answers: Answer[]) {
  const server: Server = createServer((req, res) => {
    req.resume();
    const answer = answers.shift();
    if (answer === 'hang') return; // MiniBrowser never started: no answer at all
    if (answer === 'drop') return req.socket.destroy(); // the driver went away mid-request
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ value: { sessionId: 'the-session', capabilities: {} } }));
  });
  server.listen(0, '127.0.0.1'); // the kernel's pick: no port is guessed
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const driver = { base, restarts: 0, restart: async () => void driver.restarts++ };
  return { driver, server };
}

describe('a new WebKit session', () => {
  const open: Server[] = [];
  afterEach(() => {
    for (const server of open.splice(0)) {
      server.closeAllConnections();
      server.close();
    }
    vi.restoreAllMocks();
  });
  const driverAnswering = async (answers: Answer[]) => {
    const fake = await fakeDriver(answers);
    open.push(fake.server);
    return fake.driver;
  };
  // The warning the harness prints on a retry, kept out of the test's output.
  const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => {});

  it('is asked for once more from a restarted driver when the first request never answers', async () => {
    quiet();
    const driver = await driverAnswering(['hang', 'session']);
    expect(await newSession(driver, {}, HANG_MS)).toBe('the-session');
    expect(driver.restarts).toBe(1);
  });

  it('is asked for once more when the driver drops the connection', async () => {
    quiet();
    const driver = await driverAnswering(['drop', 'session']);
    expect(await newSession(driver, {}, 5_000)).toBe('the-session');
    expect(driver.restarts).toBe(1);
  });

  it('comes at once, with no restart, from a driver that answers', async () => {
    const driver = await driverAnswering(['session']);
    expect(await newSession(driver, {}, 5_000)).toBe('the-session');
    expect(driver.restarts).toBe(0);
  });

  it('fails after the second try, rather than trying for ever', async () => {
    quiet();
    const driver = await driverAnswering(['hang', 'hang', 'session']);
    await expect(newSession(driver, {}, HANG_MS)).rejects.toThrow();
    expect(driver.restarts).toBe(1);
  });
});
