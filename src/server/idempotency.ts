// A retried submission stores once (docs/decisions/0016-retries-uploads-and-lingering-close.md): the
// creating routes (app.ts IDEMPOTENT_ROUTES) honour the `Idempotency-Key` request header of the IETF
// httpapi draft "The Idempotency-Key HTTP Header Field". The first successful answer is kept a day
// in the database (every server sees it) and a retry with the same key and the same body gets it
// back, status and body, before the route runs: no second human check, nothing stored or mailed
// twice. The request claims its key first; the route keeps its answer in the one transaction that
// stores the submission and its jobs (keepAnswer), so once stored, the answer to replay is too. The same key with another body is refused (422), a retry while the first is still being
// answered too (409), as the draft says. A failed answer is not kept: the visitor may fix and resend.
// Keys are scoped by route and caller (the session's token, the form's ticket: secrets of that
// browser), so one visitor's key never reaches another's answer; only hashes of the key, scope and
// body are stored, and the answer (a new session's token, a reference) is sealed with a key derived
// from the client's key, which is never stored.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler, Next } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Kysely } from 'kysely';
import { GUARD_HEADERS } from '../lib/form-rules.ts';
import type { Database } from './db/schema.ts';
import type { AppDeps, AppEnv } from './deps.ts';
import { ApiError, ERRORS } from './errors.ts';
import { LARGEST_BODY_BYTES, REQUEST_TIMEOUT_MS } from './http/timeouts.ts';
import { multipartFingerprint } from './idempotency-fingerprint.ts';
import { type Body, readJsonObject } from './request.ts';
import { sha256 } from './tokens.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** How long a first answer is kept (the draft leaves it to the server; a day covers a visitor's retries). */
export const KEEP_ANSWER_MS = 24 * 60 * 60 * 1000;
/** A claim whose server died is taken over after the longest a request may take. */
const LEASE_MS = REQUEST_TIMEOUT_MS + 60_000;

const invalidKey = () =>
  new ApiError(
    400,
    'invalid_idempotency_key',
    'The Idempotency-Key header must be a string of 1 to 255 characters.',
  );
const keyReused = () =>
  new ApiError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key was already used for a different request.',
  );
const inProgress = () =>
  new ApiError(409, 'request_in_progress', 'This request is still being processed. Please wait a moment.');

/** The key: a Structured Field string (`"..."`, as the draft writes it), or the bare text. */
export function parseKey(header: string): string {
  const quoted = /^"((?:[^"\\]|\\["\\])*)"$/.exec(header.trim());
  const key = quoted ? (quoted[1] ?? '').replace(/\\(["\\])/g, '$1') : header.trim();
  if (key.length < 1 || key.length > 255 || !/^[\x20-\x7e]+$/.test(key)) throw invalidKey();
  return key;
}

/** The guard's values change between tries (a new human check, a renewed ticket): not the request's content. */
const GUARD_FIELDS = new Set(['website', 'form_ticket', 'human_check_token']);

/** A JSON value with its object keys sorted, so the same content always reads the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Body)[key])]),
    );
  }
  return value;
}

const jsonFingerprint = (body: Body) =>
  sha256(
    JSON.stringify(canonical(Object.fromEntries(Object.entries(body).filter(([k]) => !GUARD_FIELDS.has(k))))),
  );

const isMultipart = (c: Context<AppEnv>) =>
  /^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '');

/**
 * The query as part of what is sent, but `cb` (product.md 7's cache buster, a new one on every try of
 * the giveaway entry): sorted, so the same query always reads the same.
 */
const queryPrint = (c: Context<AppEnv>) =>
  JSON.stringify([...new URL(c.req.url).searchParams].filter(([name]) => name !== 'cb').sort());

/** Who is asking: the session's token and the form's ticket, as sent (both secrets of one browser). */
async function caller(c: Context<AppEnv>): Promise<string> {
  const ticket = isMultipart(c)
    ? c.req.header(GUARD_HEADERS.form_ticket)
    : (await readJsonObject(c)).form_ticket;
  return `${c.req.header('authorization') ?? ''}|${typeof ticket === 'string' ? ticket : ''}`;
}

/** The sealing key of one answer: from the client's key, never stored, and the server's secret. */
const sealingKey = (deps: AppDeps, scope: string, key: string) =>
  createHmac('sha256', deps.config.appSecret).update(`idempotency-answer|${scope}|${key}`).digest();

function seal(secret: Buffer, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secret, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

function unseal(secret: Buffer, stored: string): string {
  const bytes = Buffer.from(stored, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', secret, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

interface StoredAnswer {
  status: number;
  type: string;
  body: string;
}

type Row = { fingerprint: string | null; status: number | null; answer: string | null; created_at: number };

/**
 * Claims the key for this request; answers the row already there when another request holds it
 * or answered it. A claim past its lease (its server died) or an answer past its day is taken over.
 */
async function claim(deps: AppDeps, keyHash: string): Promise<{ claimed: number } | { row: Row }> {
  const now = deps.now();
  const fresh = { locked_until: now + LEASE_MS, expires_at: now + KEEP_ANSWER_MS, created_at: now };
  const inserted = await deps.db
    .insertInto('idempotency_keys')
    .values({ key_hash: keyHash, fingerprint: null, status: null, answer: null, ...fresh })
    .onConflict((oc) => oc.column('key_hash').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { claimed: now };
  const row = await deps.db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status', 'answer', 'created_at', 'locked_until', 'expires_at'])
    .where('key_hash', '=', keyHash)
    .executeTakeFirst();
  if (!row) return claim(deps, keyHash); // removed in between (a failed first try)
  const stale = row.expires_at <= now || (row.status === null && row.locked_until <= now);
  if (!stale) return { row };
  const taken = await deps.db
    .updateTable('idempotency_keys')
    .set({ fingerprint: null, status: null, answer: null, ...fresh })
    .where('key_hash', '=', keyHash)
    .where('created_at', '=', row.created_at)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1 ? { claimed: now } : { row: { ...row, status: null } };
}

/** The body's fingerprint for a retry: a JSON body's content, or a multipart body read to its end. */
async function fingerprintOf(c: Context<AppEnv>): Promise<string> {
  if (!isMultipart(c)) return jsonFingerprint(await readJsonObject(c));
  const hash = multipartFingerprint(c.req.header('content-type') ?? '');
  let read = 0;
  for await (const chunk of c.req.raw.body ?? []) {
    read += chunk.byteLength;
    if (read > LARGEST_BODY_BYTES) throw ApiError.of(ERRORS.payloadTooLarge);
    hash.update(chunk);
  }
  return hash.digest();
}

/**
 * A multipart body passes through a hash on its way to the route (which reads it itself); its
 * fingerprint is known once the route has read it all.
 */
function hashOnTheWay(c: Context<AppEnv>): () => string {
  const hash = multipartFingerprint(c.req.header('content-type') ?? '');
  const raw = c.req.raw;
  if (!raw.body) return () => hash.digest();
  const body = raw.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        hash.update(chunk);
        controller.enqueue(chunk);
      },
    }),
  );
  c.req.raw = new Request(raw.url, {
    method: raw.method,
    headers: raw.headers,
    body,
    signal: raw.signal,
    duplex: 'half',
  } as RequestInit);
  return () => hash.digest();
}

/** The answer kept for this key, as it was first sent. */
function replay(c: Context<AppEnv>, secret: Buffer, sealed: string) {
  const answer = JSON.parse(unseal(secret, sealed)) as StoredAnswer;
  return c.body(answer.body, answer.status as ContentfulStatusCode, {
    'Content-Type': answer.type,
    'Idempotent-Replayed': 'true',
  });
}

/**
 * The middleware of the creating routes (app.ts): requests without the header pass as before.
 * `uploads`: the route takes only a multipart body, which it streams under its own limits; any other
 * body is left unread for the route to refuse (read here, it would have no size limit).
 */
export const idempotent =
  ({ uploads = false } = {}): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const header = c.req.header(IDEMPOTENCY_HEADER);
    if (header === undefined || (c.req.method !== 'POST' && c.req.method !== 'PUT')) return next();
    if (uploads && !isMultipart(c)) return next();
    return keepFirstAnswer(c, next, parseKey(header));
  };

async function keepFirstAnswer(c: Context<AppEnv>, next: Next, key: string) {
  const deps = c.var.deps;
  const scope = `${c.req.method} ${c.req.path}|${await caller(c)}`;
  const query = queryPrint(c);
  // With the server's secret: after APP_SECRET changes, a kept answer (sealed with the old one) is
  // simply not found, rather than found and unreadable.
  const keyHash = createHmac('sha256', deps.config.appSecret)
    .update(`idempotency|${scope}|${key}`)
    .digest('hex');
  const secret = sealingKey(deps, scope, key);
  const claimed = await claim(deps, keyHash);
  if ('row' in claimed) {
    const { row } = claimed;
    if (row.status === null || !row.answer) throw inProgress();
    if (sha256(`${query}|${await fingerprintOf(c)}`) !== row.fingerprint) throw keyReused();
    return replay(c, secret, row.answer);
  }
  // A JSON body is already read (app.ts jsonBodies); a multipart one as the route reads it.
  const fingerprint = isMultipart(c)
    ? hashOnTheWay(c)
    : (
        (print: string) => () =>
          print
      )(jsonFingerprint(await readJsonObject(c)));
  /** The answer onto this request's claim; a claim taken over meanwhile (past its lease) is not ours. */
  const keepOn = async (db: Kysely<Database>, answer: StoredAnswer) => {
    const result = await db
      .updateTable('idempotency_keys')
      .set({
        fingerprint: sha256(`${query}|${fingerprint()}`),
        status: answer.status,
        answer: seal(secret, JSON.stringify(answer)),
        locked_until: 0,
      })
      .where('key_hash', '=', keyHash)
      .where('created_at', '=', claimed.claimed)
      .where('status', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw inProgress();
  };
  let kept = false;
  // The route keeps its answer in the transaction that stores the submission and its jobs: both
  // commit, or neither (a retry then finds the answer, or a free key and nothing stored).
  c.set('idempotency', {
    async keep(trx, status, body) {
      await keepOn(trx, { status, type: 'application/json', body: JSON.stringify(body) });
      kept = true;
    },
  });
  let success = false;
  try {
    await next();
    success = c.res.status >= 200 && c.res.status < 300;
    // A creating route that stored nothing of its own to keep the answer with: kept after it.
    if (success && !kept)
      await keepOn(deps.db, {
        status: c.res.status,
        type: c.res.headers.get('content-type') ?? 'application/json',
        body: await c.res.clone().text(),
      }).catch((error: unknown) => deps.log.warn({ err: error }, 'idempotency answer not kept'));
  } finally {
    // Not answered with a success: the key is free again, for the visitor's corrected try (an
    // answer kept with what was stored stays, whatever came after).
    if (!success)
      await deps.db
        .deleteFrom('idempotency_keys')
        .where('key_hash', '=', keyHash)
        .where('created_at', '=', claimed.claimed)
        .where('status', 'is', null)
        .execute()
        .catch((error: unknown) => deps.log.warn({ err: error }, 'idempotency claim not released'));
  }
}

/**
 * The route's part, in the transaction that stores the submission: `keep(trx, body)` keeps the
 * answer it will send with `status` (nothing without an Idempotency-Key).
 */
export type KeepAnswer = (trx: Kysely<Database>, body: unknown) => Promise<void>;
export const keepAnswer =
  (c: Context<AppEnv>, status: ContentfulStatusCode): KeepAnswer =>
  async (trx, body) => {
    await c.var.idempotency?.keep(trx, status, body);
  };

/** The retention job's part (src/features/retention.server.ts): answers past their day. */
export async function purgeExpiredKeys(db: AppDeps['db'], now: number): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
