// What the site refuses to run with in a Netlify function (docs/decisions/0006), each
// with a message naming what to change, answered as a 503 JSON by the API and logged once:
// - SQLite: a function's disk is read-only and not kept, so it needs PostgreSQL (DATABASE_URL);
// - a deploy preview or branch deploy on the production database: the database carries the
//   context it serves (a `deploy_context` row in site_settings, set by
//   `npm run admin -- db migrate --context production`), and a function of another context refuses it.
// The Node server checks neither: it has a disk, and it has no deploy contexts.
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';

/** Netlify's deploy context of the production site (context.deploy.context, CONTEXT at build). */
export const PRODUCTION_CONTEXT = 'production';
const SETTING = 'deploy_context';

/** A setup the function will not serve with: the message says what to set. Config changes need a deploy. */
export class PlatformRefusal extends Error {
  override name = 'PlatformRefusal';
}

export const SQLITE_ON_NETLIFY =
  'DATABASE_URL is not set: a Netlify function cannot keep an SQLite database (its disk is read-only ' +
  "and not kept), so the site refuses to serve. Set DATABASE_URL to PostgreSQL's pooled connection " +
  "string in the site's environment variables (scope: Functions), then deploy again.";

/** Refuses SQLite on Netlify: before the configuration is loaded (which would try to write DATA_DIR). */
export function refuseSqlite(env: Record<string, string | undefined>): void {
  if (!env.DATABASE_URL?.trim()) throw new PlatformRefusal(SQLITE_ON_NETLIFY);
}

/** The context the database was marked for, if any. */
export async function readDeployContext(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db
    .selectFrom('site_settings')
    .select('value')
    .where('name', '=', SETTING)
    .executeTakeFirst();
  return row?.value;
}

/** Marks the database as the one of a deploy context (`production`, or a preview's own name). */
export async function markDeployContext(db: Kysely<Database>, context: string, now: number): Promise<void> {
  await db.deleteFrom('site_settings').where('name', '=', SETTING).execute();
  await db.insertInto('site_settings').values({ name: SETTING, value: context, updated_at: now }).execute();
}

/**
 * Refuses a database marked for production in any other context, and a production deploy on a
 * database marked for something else (a preview's copy). An unmarked database is served (and the
 * first-deploy checklist of 0006 marks production's).
 */
export async function refuseForeignDatabase(db: Kysely<Database>, deployContext: string): Promise<void> {
  const marked = await readDeployContext(db);
  if (marked === undefined) return;
  if ((marked === PRODUCTION_CONTEXT) === (deployContext === PRODUCTION_CONTEXT)) return;
  throw new PlatformRefusal(
    `This ${deployContext} deploy was given the ${marked} database (DATABASE_URL), so it refuses to ` +
      `serve: a ${deployContext === PRODUCTION_CONTEXT ? 'production deploy must not use a copy' : 'preview must never touch production data'}. ` +
      'Scope DATABASE_URL per deploy context in Netlify (Site configuration, Environment variables: ' +
      "'Deploy Previews' and 'Branch deploys' get their own database), then deploy again.",
  );
}
