// Test support for the API: a fresh app on a throwaway database per test file (SQLite in a temp
// folder, or, when DATABASE_URL is set, a new PostgreSQL database created for the file), with a
// clock tests move forward, a replaceable fetch and an outbox folder to read mail from.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { insertMember, uniqueEmail } from '../../src/features/account/account.sample.ts';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import { MIN_DWELL_MS } from '../../src/lib/form-rules.ts';
import { createApp, registerJobs } from '../../src/server/app.ts';
import type { Config } from '../../src/server/config/index.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { type AppDeps, createDeps } from '../../src/server/deps.ts';
import { createLogger } from '../../src/server/log.ts';
import { createSession } from '../../src/server/sessions.ts';
import { type OutboxMail, readOutbox } from './outbox.ts';

export const START = Date.UTC(2026, 4, 1, 14, 0, 0);

export interface CallOptions {
  body?: unknown;
  /** Sent as is (for malformed bodies); overrides `body`. */
  raw?: BodyInit;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the answer holds
  json: any;
  headers: Headers;
  /**
   * An error answer's `request_id`, taken out of `json.error` (it differs on every call, so tests
   * compare the rest of the error as it is); the X-Request-Id header carries it too.
   */
  requestId?: string;
}

/** One line of the JSON log, parsed. */
// biome-ignore lint/suspicious/noExplicitAny: tests read whatever a line holds
export type LogLine = Record<string, any>;

/** A PostgreSQL database of its own for one test file, on the server DATABASE_URL names. */
export async function createPgDatabase(url: string) {
  const name = `kf_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** A logger at level info that keeps what it writes in memory: the text, and its lines parsed. */
export function memoryLog() {
  let text = '';
  const log = createLogger(
    {
      write(line: string) {
        text += line;
      },
    },
    { level: 'info' },
  );
  const lines = (): LogLine[] =>
    text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  return { log, text: () => text, lines };
}

/**
 * The environment of an operator command (scripts/admin.ts) that a test runs against its own
 * database: the test's folders, and on PostgreSQL the secrets every member of a server set must be
 * given (src/server/config/rules.ts settingProblems), here the test's own.
 */
export function adminEnv(config: Config): NodeJS.ProcessEnv {
  const shared = config.databaseUrl
    ? {
        APP_SECRET: 'test-secret-of-at-least-32-characters',
        ...(existsSync(config.applicationKeyFile)
          ? { APPLICATION_KEY_FILE: config.applicationKeyFile }
          : { APPLICATION_KEYS: `test:${Buffer.alloc(32, 7).toString('base64')}` }),
      }
    : {};
  return {
    ...process.env,
    DATA_DIR: config.dataDir,
    KEYS_DIR: config.keysDir,
    DATABASE_URL: config.databaseUrl ?? '',
    ...shared,
  };
}

export async function createTestApi(overrides: Partial<Config> = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'kwikfill-api-test-'));
  const pgDatabase = process.env.DATABASE_URL ? await createPgDatabase(process.env.DATABASE_URL) : undefined;
  // Keys in a folder of their own, as in production (outside the data folder); this test's only.
  const keysDir = join(dataDir, 'keys');
  mkdirSync(keysDir, { mode: 0o700 });
  const config: Config = {
    dataDir,
    keysDir,
    applicationKeyFile: join(keysDir, 'application-keys.json'),
    databaseUrl: pgDatabase?.url,
    mailFrom: '"Kwik Fill" <no-reply@kwikfill.example>',
    outboxDir: join(dataDir, 'outbox'),
    appSecret: 'test-secret-0123456789',
    publicApiKey: DEFAULT_API_KEY,
    trustProxy: false,
    siteUrl: 'http://localhost:4321',
    // As in production: no human check unless a test asks for one (localHumanCheck or Turnstile keys).
    localHumanCheck: false,
    localGiftCards: false,
    localRecruitingAssistant: false,
    ...overrides,
  };
  const handle = openDatabase(config);
  await migrateToLatest(handle.db);
  let now = START;
  const fetchMock: { impl: typeof fetch } = {
    impl: async () => {
      throw new Error('no network in tests');
    },
  };
  // The app's log, kept in memory (never printed): tests read it with logText() and logLines().
  const { log, text: logText, lines: logLines } = memoryLog();
  const deps: AppDeps = createDeps({
    config,
    db: handle.db,
    dbKind: handle.kind,
    now: () => now,
    fetch: (...args) => fetchMock.impl(...args),
    log,
  });
  registerJobs(deps.jobs);
  const app = createApp(deps);

  async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'X-API-Key': DEFAULT_API_KEY };
    const bodyless = method === 'GET' || method === 'HEAD'; // fetch allows them no body
    let body: BodyInit | undefined = bodyless ? undefined : options.raw;
    if (!bodyless && body === undefined && options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['Content-Type'] = 'application/json';
    }
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    Object.assign(headers, options.headers);
    const response = await app.request(
      `/api/v1${path}`,
      { method, headers, body },
      { clientAddress: options.ip ?? '203.0.113.7' },
    );
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = { notJson: text };
    }
    const error = (json as { error?: { request_id?: string } } | undefined)?.error;
    const requestId = error?.request_id;
    if (error) delete error.request_id;
    return { status: response.status, json, headers: response.headers, requestId };
  }

  return {
    app,
    deps,
    db: handle.db,
    config,
    call,
    /** Replaces the fetch used for Turnstile's siteverify. */
    mockFetch(impl: typeof fetch) {
      fetchMock.impl = impl;
    },
    advance(ms: number) {
      now += ms;
    },
    now: () => now,
    /** Everything the app logged so far, as written. */
    logText,
    logLines,
    /** A member created straight in the database, with a session; much faster than the forms. */
    async member(email = uniqueEmail(), password = 'Secret123') {
      const id = await insertMember(handle.db, { email, password }, now);
      return { id, email, password, token: await createSession(deps, id) };
    },
    /** A ticket for a public form, already old enough to be accepted. */
    async ticket(form: string) {
      const answer = await call('GET', `/form-ticket?form=${form}`);
      now += MIN_DWELL_MS;
      return answer.json.ticket as string;
    },
    async humanToken(action: string) {
      return (await call('POST', '/human-check/local', { body: { action } })).json.token as string;
    },
    /** The mail written to the outbox so far (after any mail still being sent), decoded. */
    async outbox(): Promise<OutboxMail[]> {
      await deps.settle();
      return readOutbox(config.outboxDir);
    },
    async close() {
      await deps.settle();
      await handle.close();
      await pgDatabase?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApi = Awaited<ReturnType<typeof createTestApi>>;
