// The server's log: JSON lines (pino), one per request and one per event worth an operator's eye,
// written to stdout asynchronously so that logging costs a request little (bench/server.mjs runs
// with it on, as production does). Nothing a visitor typed goes in: no bodies, query strings,
// headers (Authorization, Cookie), tokens, passwords, SSNs or email addresses; a request is known
// by its id, method, route pattern, status and time. LOG_LEVEL sets the level (info; silent under
// Vitest unless set). Bundled into the Node server too (src/server/http/).
import pino, { type DestinationStream, type Logger } from 'pino';
// The schema alone, not the settings' entry point (src/server/config/index.ts), whose warnings log here.
import { setting } from './config/schema.ts';

export type { Logger };

/** LOG_LEVEL through its schema entry (a mistake reads as unset: the start then refuses it); VITEST is Vitest's own. */
const level = () => setting('LOG_LEVEL') ?? (process.env.VITEST ? 'silent' : 'info');

/** Email addresses, wherever an error message quotes one (a driver's detail, say). */
const EMAIL = /[^\s@"'<>()[\],;:]+@[^\s@"'<>()[\],;:]+\.[A-Za-z]{2,}/g;
/** Runs of digits as long as an SSN, a card or an account number. */
const LONG_NUMBER = /\d(?:[\s-]?\d){7,}/g;

/** What an error may say in a log line: its kind, code and message (scrubbed) and where it came from. */
export function errorFields(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: scrub(String(error)) };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    message: scrub(error.message),
    stack: error.stack ? scrub(error.stack) : undefined,
  };
}

export const scrub = (text: string): string =>
  text.replace(EMAIL, '[email]').replace(LONG_NUMBER, '[number]');

/**
 * pino's isoTime (`,"time":"2026-11-28T02:50:00.000Z"`), formatted once per millisecond: a busy server
 * logs several answers in one, and formatting the date for each line was 3% of a static page's answer
 * (a V8 profile under bench/server.mjs).
 */
let stampedAt = Number.NaN;
let stamp = '';
function isoTime(): string {
  const now = Date.now();
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = `,"time":"${new Date(now).toISOString()}"`;
  }
  return stamp;
}

/** A logger writing to `destination` (default: standard output, see stdout below). */
export function createLogger(destination?: DestinationStream, options: { level?: string } = {}): Logger {
  return pino(
    {
      level: options.level ?? level(),
      base: undefined,
      timestamp: isoTime,
      formatters: { level: (label) => ({ level: label }) },
      serializers: { err: errorFields },
    },
    destination ?? stdout(),
  );
}

/**
 * Standard output, written in blocks of 4 KB rather than a write per line (a write per line cost
 * the health check a fifth of its time, bench/server.mjs), and at least once a second so that a
 * quiet server's lines do not wait; whatever is left goes out when the process exits.
 */
function stdout(): DestinationStream {
  // A Netlify function (AWS Lambda) may be frozen as soon as it has answered: write at once there.
  // (The platform's own variable, not a setting of ours.)
  if (process.env.AWS_LAMBDA_FUNCTION_NAME) return pino.destination({ dest: 1, sync: true });
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => {
    try {
      destination.flush();
    } catch {
      // Standard output is gone (closed, or the process is ending): nothing left to do.
    }
  }, 1000).unref();
  return destination;
}

/** The process's logger. */
export const log: Logger = createLogger();

const WARNED_AT_RUN_TIME = Symbol.for('kwikfill.run-time-warnings');

/**
 * Logs a warning about the setup found while serving (e.g. a proxy in front without TRUST_PROXY),
 * once per process and kind, in the same form as the start-up warnings (src/server/config/warnings.ts).
 */
export function warnOnce(kind: string, warning: string): void {
  const scope = globalThis as typeof globalThis & { [WARNED_AT_RUN_TIME]?: Set<string> };
  scope[WARNED_AT_RUN_TIME] ??= new Set();
  const seen = scope[WARNED_AT_RUN_TIME];
  if (seen.has(kind)) return;
  seen.add(kind);
  log.warn({ warning: kind }, warning);
}
