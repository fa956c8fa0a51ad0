// A potential winner confirms or declines the prize by the link in the winner mail (product.md 2.12,
// docs/decisions/0015): the page's texts and the shape the API answers, shared by the page's island
// and the API.
import * as v from 'valibot';

/** The page a winner opens from the mail; the token is its only parameter. */
export const CONFIRM_PATH = '/giveaway/confirm';
/** The link's query parameter. */
export const CONFIRM_PARAM = 'winner_token';

export const confirmationSchema = v.object({
  token: v.pipe(v.string('The link is incomplete.'), v.regex(/^[\w-]{20,100}$/, 'The link is incomplete.')),
});

export const CONFIRMATION_MESSAGES = {
  invalid: 'This confirmation link is invalid, has been used or has expired.',
  confirmed: 'Thank you! Your prize is confirmed. We will contact you to arrange delivery.',
  declined: 'You have declined the prize. It will go to an alternate winner.',
  failed: 'Your answer could not be saved. Please try again.',
} as const;

/** What the page shows of a pending prize: nothing that identifies the winner beyond a first name. */
export interface PendingPrize {
  promotion: string;
  prize: string;
  first_name: string;
  /** The deadline, as an ISO instant. */
  confirm_by: string;
}
