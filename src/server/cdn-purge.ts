// Purging the CDN when an operator changes what public answers show (`npm run admin -- stores
// import|prices`, `offers import`, `promotion create|edit|end`; a winner's confirmation: queuePurge): every answer tagged
// with one of the changed tags (src/lib/cache-policy.ts) is dropped at the CDN, so visitors see
// the change at once rather than after the answers' TTL. Netlify's purge API by cache tag when
// NETLIFY_PURGE_TOKEN and NETLIFY_SITE_ID are set; else a webhook (PURGE_WEBHOOK_URL) that gets
// `{"tags": [...]}` for any other CDN; and, besides either, each Varnish of VARNISH_PURGE_URL gets a
// `PURGE` with the tags in its `xkey-purge` header (ops/varnish/default.vcl); with none, nothing (no
// CDN in front: nothing to purge). A failure of any of them is reported to the operator, never
// swallowed: the data change is committed already, so the command
// queues the purge (a job of the durable queue, src/server/jobs/: every server's worker retries it
// with growing waits, for up to the queue's 5 days), prints what to purge by hand and exits with code 3
// (docs/caching.md). Prices are kept at the CDN until purged: docs/decisions/0018-edge-holds-the-day.md.
import type { Kysely } from 'kysely';
import type { CacheTag } from '../lib/cache-policy.ts';
import { withDeps } from './cli.ts';
import { parseEnv } from './config/index.ts';
import { FINGERPRINT_REUSE_MS } from './data-fingerprint.ts';
import type { Database } from './db/schema.ts';
import { enqueue } from './jobs/queue.ts';
import type { JobHandler } from './jobs/worker.ts';

const NETLIFY_API = 'https://api.netlify.com';
/** A purge that takes longer has failed: the operator is told rather than kept waiting. */
const PURGE_TIMEOUT_MS = 10_000;
/** The exit code of a command whose change is saved but whose purge failed. */
export const PURGE_FAILED_EXIT_CODE = 3;
/** The job that purges again, with the queue's growing waits (src/server/jobs/queue.ts). */
export const PURGE_JOB = 'cdn-purge';

type Env = Record<string, string | undefined>;
/** Which purge: a CDN's API, the webhook, or Varnish (several joined by ' and ' when set together). */
type Via = 'netlify' | 'webhook' | 'varnish';
export type PurgeResult =
  | { status: 'purged'; via: string }
  | { status: 'not-configured' }
  | { status: 'failed'; via: string; reason: string };

interface Target {
  via: Via;
  url: string;
  request: (tags: readonly CacheTag[]) => RequestInit;
}

/** A purge API that takes the tags in a JSON body (Netlify's, the webhook). */
const postJson =
  (headers: Record<string, string>, body: (tags: readonly CacheTag[]) => object) =>
  (tags: readonly CacheTag[]): RequestInit => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body(tags)),
  });

function purgeTargets(environment: Env): Target[] {
  const { env } = parseEnv(environment);
  const targets: Target[] = [];
  if (env.NETLIFY_PURGE_TOKEN && env.NETLIFY_SITE_ID) {
    const siteId = env.NETLIFY_SITE_ID;
    targets.push({
      via: 'netlify',
      url: `${(env.NETLIFY_API_URL ?? NETLIFY_API).replace(/\/+$/, '')}/api/v1/purge`,
      request: postJson({ Authorization: `Bearer ${env.NETLIFY_PURGE_TOKEN}` }, (tags) => ({
        site_id: siteId,
        cache_tags: tags,
      })),
    });
  } else if (env.PURGE_WEBHOOK_URL) {
    targets.push({ via: 'webhook', url: env.PURGE_WEBHOOK_URL, request: postJson({}, (tags) => ({ tags })) });
  }
  // xkey's purge by tag (ops/varnish/default.vcl): the tags, space-separated, in one header.
  for (const url of env.VARNISH_PURGE_URL ?? []) {
    targets.push({
      via: 'varnish',
      url,
      request: (tags) => ({ method: 'PURGE', headers: { 'xkey-purge': tags.join(' ') } }),
    });
  }
  return targets;
}

/** One purge request; a failure is its reason, success undefined. Never throws. */
async function send(target: Target, tags: readonly CacheTag[]): Promise<string | undefined> {
  try {
    const answer = await fetch(target.url, {
      ...target.request(tags),
      signal: AbortSignal.timeout(PURGE_TIMEOUT_MS),
    });
    await answer.body?.cancel();
    if (answer.ok) return undefined;
    return `it answered ${answer.status} ${answer.statusText}`.trim();
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return cause ?? (error as Error).message;
  }
}

const names = (targets: readonly Target[]) => [...new Set(targets.map((target) => target.via))].join(' and ');

/**
 * Asks the CDN (every one configured, each Varnish of VARNISH_PURGE_URL) to drop every answer tagged
 * with one of `tags`. Any of them failing is a failure. Never throws: a failure is a result.
 */
export async function purgeTags(
  tags: readonly CacheTag[],
  environment: Env = process.env,
): Promise<PurgeResult> {
  const targets = purgeTargets(environment);
  if (targets.length === 0) return { status: 'not-configured' };
  const reasons = await Promise.all(targets.map((target) => send(target, tags)));
  const failed = targets.filter((_, i) => reasons[i] !== undefined);
  if (failed.length === 0) return { status: 'purged', via: names(targets) };
  // Several Varnish addresses: say which one failed.
  const reason = targets
    .flatMap((target, i) =>
      reasons[i] === undefined
        ? []
        : [target.via === 'varnish' && targets.length > 1 ? `${target.url}: ${reasons[i]}` : reasons[i]],
    )
    .join('; ');
  return { status: 'failed', via: names(failed), reason };
}

/**
 * For an operator command, after its change is saved: purges `tags`, says so on stdout, or on a
 * failure says loudly on stderr what to purge by hand and sets exit code 3. Without a CDN
 * configured it says nothing (a Node server alone keeps nothing to purge).
 */
export async function purgeAfterChange(
  tags: readonly CacheTag[],
  environment: Env = process.env,
  { quietWhenNotConfigured = true, waitForServers = true } = {},
): Promise<void> {
  // Every server reads its data's fingerprint at most once a second (src/server/data-fingerprint.ts):
  // a CDN that asked again within that second of the change would keep the old answer until its
  // next purge, so the purge waits until every server has seen the change.
  if (waitForServers && purgeTargets(environment).length > 0)
    await new Promise((resolve) => setTimeout(resolve, FINGERPRINT_REUSE_MS + 250));
  const result = await purgeTags(tags, environment);
  const list = tags.join(', ');
  if (result.status === 'purged') console.log(`CDN purged (${result.via}): ${list}`);
  if (result.status === 'not-configured' && !quietWhenNotConfigured)
    console.log(
      'no CDN purge is configured (NETLIFY_PURGE_TOKEN and NETLIFY_SITE_ID, PURGE_WEBHOOK_URL or VARNISH_PURGE_URL)',
    );
  if (result.status !== 'failed') return;
  const queued = await withDeps((deps) => enqueue(deps.db, purgeJob(tags), deps.now())).catch(
    () => undefined,
  );
  console.error(
    `warning: the change is saved, but the CDN purge (${result.via}) failed: ${result.reason}.\n` +
      (queued
        ? `  It is queued: the servers try it again with growing waits, for up to 5 days (npm run admin -- mail list shows the job).\n`
        : '') +
      `  Visitors may see the old answers until it succeeds (docs/caching.md). Purge by hand:\n` +
      `  npm run admin -- cdn purge ${tags.join(' ')}`,
  );
  process.exitCode = PURGE_FAILED_EXIT_CODE;
}

/** The queue's job for a purge that failed: retried with the queue's growing waits. */
export const purgeJob = (tags: readonly CacheTag[]) => ({
  kind: PURGE_JOB,
  payload: { tags },
  summary: `CDN purge: ${tags.join(', ')}`,
});

/**
 * A purge caused by a visitor's own change (a winner's confirmation), queued in the transaction that
 * makes it: a worker sends it once every server has seen the change (the wait of purgeAfterChange),
 * and retries it like any job. Without a CDN configured the job does nothing.
 */
export const queuePurge = (db: Kysely<Database>, tags: readonly CacheTag[], now: number) =>
  enqueue(db, { ...purgeJob(tags), runAfter: now + FINGERPRINT_REUSE_MS + 250 }, now);

/** Runs a queued purge; a failure throws, so the queue tries again later. */
export const runPurgeJob: JobHandler = async (_deps, payload) => {
  const { tags } = payload as { tags: CacheTag[] };
  const result = await purgeTags(tags);
  if (result.status === 'failed') throw new Error(`the CDN purge (${result.via}) failed: ${result.reason}`);
};
