// The WebKit harness's new session (tests/support/webkit-page.mjs newSession): a WebKitWebDriver
// whose browser never comes up must not hold a test until its time runs out. A fake driver here
// answers `POST /session` as each case says; the real one runs in `npm run test:engines`.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newSession, newWebKitPage } from '../support/webkit-page.mjs';

type Answer = 'hang' | 'drop' | 'refuse' | 'session';
/** The first request's limit here; the second has the harness's own (NEW_SESSION_MS) unless a case says. */
const FIRST_MS = 300;

/** A driver whose `POST /session` answers are `answers`, one per request; requests and restarts counted. */
async function fakeDriver(answers: Answer[]) {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    requests++;
    const answer = answers.shift();
    if (answer === 'hang') return; // MiniBrowser never started: no answer at all
    if (answer === 'drop') return req.socket.destroy(); // the driver went away mid-request
    if (answer === 'refuse') {
      res.statusCode = 500;
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify({ value: { error: 'session not created', message: 'no such binary' } }));
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ value: { sessionId: 'the-session', capabilities: {} } }));
  });
  server.listen(0, '127.0.0.1'); // the kernel's pick: no port is guessed
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const driver = {
    base,
    sessions: new Set<string>(),
    restarts: 0,
    restart: async () => void driver.restarts++,
    requests: () => requests,
  };
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
    const onRetry = vi.fn();
    expect(await newSession(driver, {}, { timeoutMs: FIRST_MS, onRetry })).toBe('the-session');
    expect(driver.restarts).toBe(1);
    expect(onRetry).toHaveBeenCalledOnce();
    expect(driver.sessions).toEqual(new Set(['the-session']));
  });

  it('is asked for once more when the driver drops the connection', async () => {
    quiet();
    const driver = await driverAnswering(['drop', 'session']);
    expect(await newSession(driver, {})).toBe('the-session');
    expect(driver.restarts).toBe(1);
  });

  it('comes at once, with no restart, from a driver that answers', async () => {
    const driver = await driverAnswering(['session']);
    expect(await newSession(driver, {})).toBe('the-session');
    expect(driver.restarts).toBe(0);
    expect(driver.requests()).toBe(1);
  });

  it("is not asked for again after WebDriver's own refusal, which a restart would not change", async () => {
    const driver = await driverAnswering(['refuse', 'session']);
    await expect(newSession(driver, {})).rejects.toThrow('session not created');
    expect(driver.restarts).toBe(0);
    expect(driver.requests()).toBe(1);
  });

  it('is not asked for again while another window of the driver is open: a restart would end it', async () => {
    const driver = await driverAnswering(['hang', 'session']);
    driver.sessions.add('a-page-kept-across-tests');
    await expect(newSession(driver, {}, { timeoutMs: FIRST_MS })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(driver.restarts).toBe(0);
  });

  it('counts a window as open until it is closed, so that a restart never ends a window in use', async () => {
    // The fake answers the window's close (DELETE) as it answers a session: 200.
    const driver = await driverAnswering(['session', 'session']);
    const page = await newWebKitPage(driver, {
      baseURL: 'http://localhost',
      viewport: undefined, // no resize: the fake answers nothing else
      timeout: 1000,
      expectTimeout: 1000,
      request: undefined,
    });
    expect(driver.sessions).toEqual(new Set(['the-session']));
    await page.close();
    expect(driver.sessions.size).toBe(0);
  });

  it('fails after the second try, rather than trying for ever', async () => {
    quiet();
    const driver = await driverAnswering(['hang', 'hang', 'session']);
    await expect(
      newSession(driver, {}, { timeoutMs: FIRST_MS, retryTimeoutMs: FIRST_MS }),
    ).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    expect(driver.restarts).toBe(1);
    expect(driver.requests()).toBe(2);
  });
});
