// Platform routes: health and form tickets.
import { Hono } from 'hono';
import type { CompiledQuery } from 'kysely';
import * as v from 'valibot';
import { text } from '../../lib/fields';
import type { AppDeps, AppEnv } from '../deps';
import { issueTicket, PUBLIC_FORMS } from '../form-ticket';
import { maintenanceState } from '../maintenance';
import { query } from '../validate';

const ticketQuery = v.object({
  form: v.pipe(text('Unknown form'), v.picklist(PUBLIC_FORMS, 'Unknown form')),
});

// The health probe's query, compiled once per database: monitors call it often, and building the
// query each time cost more than running it (bench/server.mjs).
const probes = new WeakMap<object, CompiledQuery>();
const probe = (db: AppDeps['db']) => {
  let compiled = probes.get(db);
  if (!compiled) {
    compiled = db.selectFrom('users').select('id').limit(1).compile();
    probes.set(db, compiled);
  }
  return compiled;
};

export const platformRoutes = new Hono<AppEnv>()
  .get('/health', async (c) => {
    const { db, dbKind } = c.var.deps;
    try {
      await db.executeQuery(probe(db));
    } catch (error) {
      console.error('[health] the database does not answer:', (error as Error).message);
      return c.json({ error: { code: 'unavailable', description: 'The database does not answer.' } }, 503);
    }
    // Monitors keep the server in rotation during maintenance (it answers the maintenance screen).
    const { on } = await maintenanceState(c.var.deps);
    return c.json({ ok: true, database: dbKind, maintenance: on });
  })
  .get('/form-ticket', query(ticketQuery), (c) => {
    const { form } = c.req.valid('query');
    return c.json({ ticket: issueTicket(c.var.deps, form) });
  });
