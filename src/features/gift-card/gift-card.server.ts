// /gift-card: the balance check behind our API, so the PIN never goes from the browser to a third
// party, through the public-form guard (ticket, human check), with guessing limited per card
// number and per address. GET /gift-card/config tells the page whether a provider is configured.
import { Hono } from 'hono';
import type { AppEnv } from '../../server/deps.ts';
import { ApiError } from '../../server/errors.ts';
import { guardForm } from '../../server/form-guard.ts';
import { enforce } from '../../server/rate-limit.ts';
import { clientIp } from '../../server/request.ts';
import { sha256 } from '../../server/tokens.ts';
import {
  type BalanceAnswer,
  balanceRequestSchema,
  GIFT_CARD_MESSAGES,
  HUMAN_CHECK_ACTION,
} from './gift-card.ts';
import { giftCardProvider } from './providers.server.ts';

const HOUR = 60 * 60 * 1000;
export const GIFT_CARD_LIMITS = {
  /** Tries for one card number, whoever makes them: a PIN cannot be guessed. */
  perCard: { limit: 5, windowMs: HOUR },
  /** A loose ceiling per address: many customers share one (a store's Wi-Fi, a mobile network). */
  perIp: { limit: 30, windowMs: HOUR },
};

const unavailable = () => new ApiError(503, 'unavailable', GIFT_CARD_MESSAGES.unavailable);

export const giftCardRoutes = new Hono<AppEnv>()
  .get('/config', (c) => {
    const provider = giftCardProvider(c.var.deps);
    return c.json({ available: !!provider, stand_in: provider?.standIn ?? false });
  })
  .post('/balance', guardForm('gift-card', balanceRequestSchema, HUMAN_CHECK_ACTION), async (c) => {
    const { deps } = c.var;
    const { account_number, pin } = c.req.valid('json');
    const provider = giftCardProvider(deps);
    if (!provider) throw unavailable();
    const ip = clientIp(c); // unknown: no shared bucket for everyone (docs/api.md, Limits)
    if (ip) await enforce(deps, `gift-card-ip:${ip}`, GIFT_CARD_LIMITS.perIp);
    await enforce(deps, `gift-card-card:${sha256(account_number).slice(0, 32)}`, GIFT_CARD_LIMITS.perCard);
    const result = await provider.balance(account_number, pin);
    if (result.kind === 'unavailable') throw unavailable();
    if (result.kind === 'not_found') throw new ApiError(400, 'card_not_found', GIFT_CARD_MESSAGES.notFound);
    const answer: BalanceAnswer = {
      balance_cents: result.balanceCents,
      currency: 'USD',
      stand_in: provider.standIn,
    };
    return c.json(answer);
  });
