// The gift card balance check (product.md 2.8): card number and PIN, digits only, plus the human check.
// One schema and the visitor-facing texts for the page's script and POST /gift-card/balance.
import * as v from 'valibot';
import { guardFields } from '../../lib/fields.ts';

export const GIFT_CARD_MESSAGES = {
  accountNumber: 'Enter your account number.',
  pin: 'Enter your PIN.',
  digits: 'The account number and PIN take digits only (0 to 9).',
  notFound: 'We could not find a gift card with that number and PIN. Check both and try again.',
  unavailable:
    'The online balance check is unavailable right now. Please call gift card customer service, Monday to Friday, 8:00 AM to 3:00 PM.',
} as const;

const digits = (label: string, empty: string, min: number, max: number) =>
  v.pipe(
    v.string(empty),
    v.trim(),
    v.nonEmpty(empty),
    v.regex(/^\d+$/, GIFT_CARD_MESSAGES.digits),
    v.minLength(min, `${label} is too short.`),
    v.maxLength(max, `${label} is too long.`),
  );

export const balanceSchema = v.object({
  account_number: digits('The account number', GIFT_CARD_MESSAGES.accountNumber, 12, 19),
  pin: digits('The PIN', GIFT_CARD_MESSAGES.pin, 4, 8),
});
/** What POST /gift-card/balance reads: the two fields and the public-form guard's fields. */
export const balanceRequestSchema = v.object({ ...balanceSchema.entries, ...guardFields });

/** What the API answers for a found card. */
export interface BalanceAnswer {
  balance_cents: number;
  currency: 'USD';
  /** True when the answer came from the local stand-in (sample cards), never a real processor. */
  stand_in: boolean;
}

export const formatBalance = (cents: number): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

export const balanceSentence = (answer: BalanceAnswer): string =>
  `Your gift card balance is ${formatBalance(answer.balance_cents)}.`;

/** Where the human check's token is bound: the same action name as the page's widget. */
export const HUMAN_CHECK_ACTION = 'gift-card-balance';
