// POST /vitals: the Core Web Vitals of one sampled page view (src/features/vitals/vitals.ts), stored
// one row per metric. Nothing personal is kept: no IP, no user, no query string. A loose limit per
// address (its HMAC, never the address itself) stops one client from flooding the table.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../../server/deps.ts';
import { enforce, type Limit } from '../../server/rate-limit.ts';
import { clientIp } from '../../server/request.ts';
import { sign } from '../../server/tokens.ts';
import { json } from '../../server/validate.ts';
import { pageOf } from './metrics.ts';
import { vitalsPayload } from './vitals.ts';

/** A visitor sends at most one report per page view: 120 views in 10 minutes is already a lot. */
export const VITALS_LIMIT: Limit = { limit: 120, windowMs: 10 * 60_000 };

export const vitalsRoutes = new Hono<AppEnv>().post('/', json(vitalsPayload), async (c) => {
  const deps = c.var.deps;
  const payload = c.req.valid('json');
  // Per address; an unknown address skips the ceiling rather than share one bucket (docs/api.md, Limits).
  const ip = clientIp(c);
  if (ip) await enforce(deps, `vitals:${sign(deps.config.appSecret, 'vitals-ip', ip)}`, VITALS_LIMIT);
  const at = deps.now();
  const path = pageOf(payload.path);
  await deps.db
    .insertInto('vitals')
    .values(
      payload.metrics.map((m) => ({
        id: randomUUID(),
        path,
        name: m.name,
        value: m.value,
        rating: m.rating,
        device: payload.device,
        created_at: at,
      })),
    )
    .execute();
  return c.json({ stored: payload.metrics.length }, 202);
});
