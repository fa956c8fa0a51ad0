// What the system tests send to a running server (tests/support/built-server.mjs): visitors going through
// the real public-form guard, as a browser does: a form ticket, the 3-second dwell, a token of the
// local human-check stand-in (HUMAN_CHECK=local), and, under TRUST_PROXY=1, an address of their own
// (X-Forwarded-For) so that many visitors from one test stay under the per-address ceiling.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { uniqueEmail } from '../../src/features/account/account.sample.ts';
import { flatContact } from '../../src/features/contact/contact.sample.ts';
import { entryValues } from '../../src/features/giveaway/giveaway.sample.ts';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import { waitOutDwellAfterTicket } from '../e2e/dwell.ts';

export const API = '/api/v1';
/** The running promotion of the sample data (`startBuiltServer({ seed: true })`). */
export const SAMPLE_PROMOTION = 'sample-free-gas-for-a-year';

/** A distinct documentation-range-free address per visitor number (10.x.y.z). */
export const visitorAddress = (n: number): string => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

export const apiHeaders = (address?: string): Record<string, string> => ({
  'X-API-Key': DEFAULT_API_KEY,
  'Content-Type': 'application/json',
  ...(address ? { 'X-Forwarded-For': address } : {}),
});

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A form ticket for `form` (GET /form-ticket); it is accepted 3 seconds after it was issued. */
export const formTicket = async (base: string, form: string, address?: string): Promise<string> =>
  (
    await json<{ ticket: string }>(
      await fetch(`${base}${API}/form-ticket?form=${form}`, { headers: apiHeaders(address) }),
    )
  ).ticket;

/** A token of the local human-check stand-in for `action` (valid 5 minutes, accepted once). */
export const humanCheckToken = async (base: string, action: string, address?: string): Promise<string> =>
  (
    await json<{ token: string }>(
      await fetch(`${base}${API}/human-check/local`, {
        method: 'POST',
        headers: apiHeaders(address),
        body: JSON.stringify({ action }),
      }),
    )
  ).token;

export interface Submission {
  /** The visitor's number: its own address and email. */
  n: number;
  path: string;
  address: string;
  body: Record<string, unknown>;
}

/** What the form sends besides its fields, for one visitor. */
async function guardFields(base: string, form: string, address: string) {
  const [form_ticket, human_check_token] = await Promise.all([
    formTicket(base, form, address),
    humanCheckToken(base, form, address),
  ]);
  return { website: '', form_ticket, human_check_token };
}

/** A giveaway entry of a new person (visitor `n`), ready to send once the dwell has passed. */
export async function prepareEntry(
  base: string,
  n: number,
  promotion = SAMPLE_PROMOTION,
): Promise<Submission> {
  const address = visitorAddress(n);
  const body = {
    ...entryValues(uniqueEmail(`entrant${n}`)),
    ...(await guardFields(base, 'giveaway', address)),
  };
  return { n, path: `${API}/promotion/${promotion}/entry`, address, body };
}

/** A contact message of a new person (visitor `n`). */
export async function prepareContact(base: string, n: number): Promise<Submission> {
  const address = visitorAddress(n);
  const body = {
    ...flatContact({ email: uniqueEmail(`sender${n}`), subject: `Question ${n}` }),
    ...(await guardFields(base, 'contact', address)),
  };
  return { n, path: `${API}/contact`, address, body };
}

/** Prepares many submissions, a few at a time, then waits out the forms' dwell. */
export async function prepareAll(
  count: number,
  prepare: (n: number) => Promise<Submission>,
  { concurrency = 16 } = {},
): Promise<Submission[]> {
  const out: Submission[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const n = next++;
        out[n] = await prepare(n);
      }
    }),
  );
  await waitOutDwellAfterTicket();
  return out;
}

/** Sends one submission; the status and JSON answer, or the network error when there was no answer. */
export async function submit(
  base: string,
  s: Submission,
): Promise<{ status: number; body: Record<string, unknown> } | { error: Error }> {
  try {
    const response = await fetch(`${base}${s.path}`, {
      method: 'POST',
      headers: apiHeaders(s.address),
      body: JSON.stringify(s.body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  } catch (error) {
    return { error: error as Error };
  }
}

/**
 * A new, empty PostgreSQL database beside the one `tests/support/with-postgres.sh` made (DATABASE_URL), so
 * that a test's server starts on its own data; undefined without DATABASE_URL.
 */
export async function freshPostgresDatabase(): Promise<
  { url: string; drop: () => Promise<void> } | undefined
> {
  const outer = process.env.DATABASE_URL;
  if (!outer) return undefined;
  const { default: pg } = await import('pg');
  const name = `kwikfill_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: outer });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(outer);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Stops and starts the throwaway PostgreSQL cluster of `tests/support/with-postgres.sh` (see its header);
 * undefined when the test does not run under it.
 */
export function postgresCluster():
  | { stop: () => void; start: () => void; freeze: () => void; thaw: () => void }
  | undefined {
  const { WITH_PG_BIN: bin, WITH_PG_DATA: data, WITH_PG_LOG: log, WITH_PG_OPTIONS: options } = process.env;
  if (!bin || !data || !log || !options) return undefined;
  const user = process.env.WITH_PG_OS_USER;
  const pgCtl = (...args: string[]) => {
    const command = [join(bin, 'pg_ctl'), '-D', data, '-w', '-t', '60', ...args];
    const [file, ...rest] = user ? ['runuser', '-u', user, '--', ...command] : command;
    execFileSync(file as string, rest, { stdio: 'pipe' });
  };
  return {
    // Fast: open connections are ended at once, as when the database server goes down.
    stop: () => pgCtl('-m', 'fast', 'stop'),
    start: () => pgCtl('-l', log, '-o', options, 'start'),
    // SIGSTOP to the cluster's own processes (by id): a server that takes connections and queries
    // but never answers, as behind a network that dropped, until thaw() (SIGCONT).
    freeze: () => signalCluster(data, 'SIGSTOP'),
    thaw: () => signalCluster(data, 'SIGCONT'),
  };
}

/** The process ids of the cluster in `data`: its postmaster, then its children (backends, writers). */
export function clusterProcessIds(data: string): number[] {
  const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(postmaster)], { encoding: 'utf8' })
    .split('\n')
    .map(Number)
    .filter((pid) => pid > 0);
  return [postmaster, ...children];
}

/** Sends `signal` to the postmaster of the cluster in `data` and to its children, by process id. */
function signalCluster(data: string, signal: NodeJS.Signals): void {
  for (const pid of clusterProcessIds(data)) process.kill(pid, signal);
}
