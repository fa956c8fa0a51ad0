// A load balancer's two probes, at the root (not under /api/v1) and without the API key:
// - GET /healthz: alive. 200 as long as the process answers at all (restart it otherwise).
// - GET /readyz: send it traffic. 200 when the database answers within READY_TIMEOUT_MS and the
//   server is not draining (after SIGTERM, src/server/lifecycle.ts); 503 otherwise, so the balancer
//   takes it out of rotation while it finishes what it has.
// Answered by the Node server before anything else (src/server/http/server.ts) and, on Netlify and
// under `astro dev`, by src/pages/healthz.ts and readyz.ts. Never cached; their request-log lines are
// at debug level (src/server/http/request-log.ts), so a probe every few seconds does not fill the log.
import { sql } from 'kysely';
import { loadConfig, type Settings } from './config/index.ts';
import { sharedDatabase } from './db/shared.ts';

export const PROBE_PATHS: ReadonlySet<string> = new Set(['/healthz', '/readyz']);
/** Longer than this and the database counts as unreachable: a probe must answer before the balancer gives up. */
const READY_TIMEOUT_MS = 2000;

// On globalThis: the server's bundle and Astro's load separate copies of this module.
const DRAINING = Symbol.for('kwikfill.draining');
const scope = globalThis as typeof globalThis & { [DRAINING]?: boolean };

/** From now on /readyz answers 503 (SIGTERM: the server drains, then closes). */
export function startDraining(): void {
  scope[DRAINING] = true;
}
export const draining = (): boolean => scope[DRAINING] === true;

interface ProbeAnswer {
  status: 200 | 503;
  body: { ok: boolean; reason?: 'draining' | 'database' };
}

let processConfig: Settings | undefined;

interface ProbeOptions {
  /** The database's settings (the process's configuration by default). */
  config?: Settings;
  timeoutMs?: number;
}

async function databaseAnswers({ config, timeoutMs = READY_TIMEOUT_MS }: ProbeOptions): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((done) => {
    timer = setTimeout(() => done(false), timeoutMs);
  });
  const asked = (async () => {
    // The process's shared database: opened (and migrated) by the server's start, so this is one query.
    if (!config) processConfig ??= loadConfig();
    const { db } = await sharedDatabase(config ?? (processConfig as Settings));
    await sql`select 1`.execute(db);
    return true;
  })().catch(() => false);
  try {
    return await Promise.race([asked, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The answer to /healthz or /readyz. */
export async function probe(path: string, options: ProbeOptions = {}): Promise<ProbeAnswer> {
  if (path === '/healthz') return { status: 200, body: { ok: true } };
  if (draining()) return { status: 503, body: { ok: false, reason: 'draining' } };
  if (!(await databaseAnswers(options))) return { status: 503, body: { ok: false, reason: 'database' } };
  return { status: 200, body: { ok: true } };
}

export const PROBE_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
} as const;

/** The probe's answer as a web Response (the Astro endpoints src/pages/healthz.ts and readyz.ts). */
export async function probeResponse(path: string): Promise<Response> {
  const { status, body } = await probe(path);
  return Response.json(body, { status, headers: PROBE_HEADERS });
}
