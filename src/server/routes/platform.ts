// Platform routes: health and form tickets.
import { Hono } from 'hono';
import type { CompiledQuery } from 'kysely';
import * as v from 'valibot';
import { text } from '../../lib/fields.ts';
import type { AppDeps, AppEnv } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { issueTicket, PUBLIC_FORMS } from '../form-ticket.ts';
import { knownOff, maintenanceState } from '../maintenance/state.ts';
import { query } from '../validate.ts';

const ticketQuery = v.object({
  form: v.pipe(text('Unknown form'), v.picklist(PUBLIC_FORMS, 'Unknown form')),
});

/**
 * How long a database that answered the health probe is taken to be up. Monitors and load
 * balancers call /health often, at once from many places; asking the database each time cost about
 * a third of the request (Kysely's connection hand-off around a one-row query, bench/server.mjs), so
 * a passing probe is reused for up to a second. A failing one is never reused: the next call asks
 * again, so recovery shows at once, and an outage shows within a second (any other route that needs
 * the database answers 503 at once anyway).
 */
export const HEALTH_PASS_MS = 1000;

// The probe's query, compiled once per database, and when it last passed (by the deps' clock).
const probes = new WeakMap<object, { query: CompiledQuery; passedAt: number }>();
const probe = (db: AppDeps['db']) => {
  let entry = probes.get(db);
  if (!entry) {
    entry = { query: db.selectFrom('users').select('id').limit(1).compile(), passedAt: -Infinity };
    probes.set(db, entry);
  }
  return entry;
};

export const platformRoutes = new Hono<AppEnv>()
  .get('/health', async (c) => {
    const { db, dbKind, now } = c.get('deps');
    const entry = probe(db);
    const time = now();
    if (time - entry.passedAt >= HEALTH_PASS_MS) {
      try {
        await db.executeQuery(entry.query);
        entry.passedAt = time;
      } catch (error) {
        entry.passedAt = -Infinity;
        c.get('deps').log.error(
          { request_id: c.get('requestId'), err: error },
          'the database does not answer',
        );
        throw new ApiError(503, 'unavailable', 'The database does not answer.');
      }
    }
    // Monitors keep the server in rotation during maintenance (it answers the maintenance screen).
    // Read within the second and off (the common case): no wait for the cached state.
    const state = knownOff(c.get('deps')) ? undefined : await maintenanceState(c.get('deps'));
    // Since when: the operator cookie names the maintenance it belongs to, and Netlify's edge
    // function checks it as the server does (netlify/edge-functions/maintenance.ts).
    const since = state?.on ? { maintenance_since: state.since } : {};
    return c.json({ ok: true, database: dbKind, maintenance: state?.on ?? false, ...since });
  })
  .get('/form-ticket', query(ticketQuery), (c) => {
    const { form } = c.req.valid('query');
    return c.json({ ticket: issueTicket(c.var.deps, form) });
  });
