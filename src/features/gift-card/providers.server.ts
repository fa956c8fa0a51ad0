// Where balances come from: the card processor (GIFT_CARD_API_URL) in production, the local
// stand-in with a few sample cards when asked for (GIFT_CARD_PROVIDER=local, as `npm start` and
// the browser tests do), or none: the check then answers that it is unavailable.
import { timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../server/deps.ts';

export type BalanceResult =
  | { kind: 'found'; balanceCents: number }
  | { kind: 'not_found' }
  | { kind: 'unavailable' };

export interface GiftCardProvider {
  /** True for the local stand-in, which the page marks as such. */
  standIn: boolean;
  balance(cardNumber: string, pin: string): Promise<BalanceResult>;
}

/**
 * LOCAL STAND-IN ONLY: sample cards for development, demos and tests. They exist in no processor;
 * the stand-in is used only when GIFT_CARD_PROVIDER=local is set and no processor is configured.
 */
export const SAMPLE_GIFT_CARDS = [
  { cardNumber: '6006491234560001', pin: '1234', balanceCents: 2500 },
  { cardNumber: '6006491234560002', pin: '5678', balanceCents: 10_050 },
  { cardNumber: '6006491234560003', pin: '2468', balanceCents: 0 },
] as const;

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const localStandIn: GiftCardProvider = {
  standIn: true,
  async balance(cardNumber, pin) {
    const card = SAMPLE_GIFT_CARDS.find((c) => c.cardNumber === cardNumber);
    return card && same(card.pin, pin)
      ? { kind: 'found', balanceCents: card.balanceCents }
      : { kind: 'not_found' };
  },
};

const PROCESSOR_TIMEOUT_MS = 8000;

/**
 * The card processor's balance endpoint: POST JSON `{ account_number, pin }` with the key as a bearer
 * token; it answers 200 `{ balance_cents }` (or `{ balance }` in dollars), 404 (or 400/422) for an
 * unknown card or wrong PIN. Anything else (timeouts, 5xx, odd bodies) reads as unavailable.
 */
export function processor(deps: AppDeps, url: string, key?: string): GiftCardProvider {
  return {
    standIn: false,
    async balance(cardNumber, pin) {
      try {
        const response = await deps.fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(key ? { Authorization: `Bearer ${key}` } : {}) },
          body: JSON.stringify({ account_number: cardNumber, pin }),
          signal: AbortSignal.timeout(PROCESSOR_TIMEOUT_MS),
        });
        if ([400, 404, 422].includes(response.status)) return { kind: 'not_found' };
        if (!response.ok) throw new Error(`the processor answered ${response.status}`);
        const body = (await response.json()) as { balance_cents?: unknown; balance?: unknown };
        const cents =
          typeof body.balance_cents === 'number'
            ? body.balance_cents
            : typeof body.balance === 'number'
              ? Math.round(body.balance * 100)
              : Number.NaN;
        if (!Number.isInteger(cents) || cents < 0) throw new Error('the processor gave no balance');
        return { kind: 'found', balanceCents: cents };
      } catch (error) {
        // Never the card number or PIN in the log.
        console.warn('[gift-card] balance check failed:', (error as Error)?.message ?? error);
        return { kind: 'unavailable' };
      }
    },
  };
}

/** The configured provider, or undefined when none is (the check is then unavailable). */
export function giftCardProvider(deps: AppDeps): GiftCardProvider | undefined {
  const { giftCardApiUrl, giftCardApiKey, localGiftCards } = deps.config;
  if (giftCardApiUrl) return processor(deps, giftCardApiUrl, giftCardApiKey);
  return localGiftCards ? localStandIn : undefined;
}
