// The giveaway's API (product.md 7, docs/api.md): the active promotion, one promotion, entries through
// the public-form guard, and the previous winners.

import { Hono, type MiddlewareHandler } from 'hono';
import * as v from 'valibot';
import { chainDay } from '../../lib/dates.ts';
import type { AppEnv } from '../../server/deps.ts';
import { ApiError, ERRORS } from '../../server/errors.ts';
import { guardForm } from '../../server/form-guard.ts';
import { keepAnswer } from '../../server/idempotency.ts';
import { bearerToken, findSessionUser } from '../../server/sessions.ts';
import { sha256 } from '../../server/tokens.ts';
import { json, query } from '../../server/validate.ts';
import { decide, invalidLink, pendingPrize } from './confirmation.server.ts';
import { confirmationSchema } from './confirmation.ts';
import { type Member, recordEntry } from './entries.server.ts';
import { entrySchema, GIVEAWAY_FORM } from './giveaway.ts';
import { GIVEAWAY_MESSAGES } from './policy.ts';
import {
  findPromotion,
  findSchedule,
  isRunning,
  listPromotions,
  toApiPromotion,
} from './promotions.server.ts';
import { previousWinners, WINNERS_PAGE_SIZE } from './winners.server.ts';

const promotionQuery = v.object({
  active_only: v.optional(v.picklist(['true', 'false'], 'active_only must be true or false'), 'false'),
});

const integerText = (name: string, min: number, max: number) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, `${name} must be a whole number`),
    v.transform(Number),
    v.minValue(min, `${name} must be at least ${min}`),
    v.maxValue(max, `${name} must be at most ${max}`),
  );
const winnersQuery = v.object({
  page: v.optional(integerText('page', 0, 100_000), '0'),
  limit: v.optional(integerText('limit', 1, WINNERS_PAGE_SIZE), String(WINNERS_PAGE_SIZE)),
});

/** product.md 7's cache breaker. */
const cbQuery = v.object({ cb: v.optional(v.string()) });

const notFound = () => new ApiError(404, 'not_found', 'There is no such giveaway.');

/**
 * Before the entry's guard: a member's entry is linked to the account (a stale token is a 401,
 * product.md 4, before any attempt counts), and the promotion must exist and run today.
 */
const entryGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const deps = c.var.deps;
  const token = bearerToken(c);
  const user = token ? await findSessionUser(deps, sha256(token)) : undefined;
  if (token && !user) throw ApiError.of(ERRORS.unauthorized);
  if (user) c.set('user', user);
  const promotion = await findSchedule(deps, c.req.param('id') ?? '');
  if (!promotion) throw notFound();
  if (!isRunning(promotion, chainDay(deps.now()))) {
    throw new ApiError(409, 'not_running', GIVEAWAY_MESSAGES.notRunning);
  }
  await next();
};

export const giveawayRoutes = new Hono<AppEnv>()
  .get('/promotion', query(promotionQuery), async (c) => {
    const { active_only } = c.req.valid('query');
    const rows = await listPromotions(c.var.deps, { activeOnly: active_only === 'true' });
    return c.json({ items: rows.map(toApiPromotion) });
  })

  .get('/promotion/:id', async (c) => {
    const row = await findPromotion(c.var.deps, c.req.param('id'));
    if (!row) throw notFound();
    return c.json({ ...toApiPromotion(row), rules: row.rules });
  })

  // `?cb=` (product.md 7) only defeats caches; the answer is never cached anyway.
  .post(
    '/promotion/:id/entry',
    entryGate,
    query(cbQuery),
    // The limits count the mailbox (mailboxHash), as the once-a-day key does (mailboxOf): one table.
    guardForm(GIVEAWAY_FORM, entrySchema, { person: (entry) => entry.email }),
    async (c) => {
      const deps = c.var.deps;
      const entry = c.req.valid('json');
      const user = c.get('user') as Member | undefined;
      const keep = keepAnswer(c, 201);
      return c.json(await recordEntry(deps, c.req.param('id') ?? '', entry, user ?? null, { keep }), 201);
    },
  )

  .get('/previous-winners', query(winnersQuery), async (c) => {
    const { page, limit } = c.req.valid('query');
    return c.json({ items: await previousWinners(c.var.deps, page, limit) });
  })

  // The winner's link (product.md 2.12): the token in the body, never in an API address; a
  // malformed token is a bad link like an unknown one.
  .post('/winner/status', json(confirmationSchema, invalidLink), async (c) =>
    c.json(await pendingPrize(c.var.deps, c.req.valid('json').token)),
  )
  .post('/winner/confirm', json(confirmationSchema, invalidLink), async (c) =>
    c.json(await decide(c.var.deps, c.req.valid('json').token, 'confirm', keepAnswer(c, 200))),
  )
  .post('/winner/decline', json(confirmationSchema, invalidLink), async (c) =>
    c.json(await decide(c.var.deps, c.req.valid('json').token, 'decline', keepAnswer(c, 200))),
  );
