// /giveaway/confirm?winner_token=... (product.md 2.12): a potential winner confirms or declines the
// prize. The token leaves the address bar at once (readLinkToken); the answer is sent once.
import { useEffect, useRef, useState } from 'react';
import { CHAIN_TIME_ZONE } from '../../lib/dates.ts';
import { forgetLinkToken, readLinkToken } from '../account/reset-token.ts';
import { newIdempotencyKey, publicApi, read, withIdempotencyKey } from '../session/api.ts';
import { CONFIRM_PARAM, CONFIRMATION_MESSAGES, type PendingPrize } from './confirmation.ts';
import '../../components/form/fields.css'; // the status lines' look (form-message, form-note)

type View =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'pending'; prize: PendingPrize; token: string; busy: boolean; failed: boolean }
  | { kind: 'done'; message: string };

const deadline = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: CHAIN_TIME_ZONE,
  });

export default function WinnerConfirmation() {
  const [view, setView] = useState<View>({ kind: 'loading' });
  const keys = useRef<Partial<Record<'confirm' | 'decline', string>>>({});

  useEffect(() => {
    const token = readLinkToken(CONFIRM_PARAM);
    if (!token) {
      setView({ kind: 'invalid' });
      return;
    }
    read(publicApi.winner.status.$post({ json: { token } }))
      .then((prize) =>
        setView({ kind: 'pending', prize: prize as PendingPrize, token, busy: false, failed: false }),
      )
      .catch(() => setView({ kind: 'invalid' }));
  }, []);

  async function answer(decision: 'confirm' | 'decline') {
    if (view.kind !== 'pending') return;
    setView({ ...view, busy: true, failed: false });
    try {
      const call = decision === 'confirm' ? publicApi.winner.confirm : publicApi.winner.decline;
      // One key per decision on this page: a retry after a lost reply gets the first reply, not
      // 'link invalid' for the link the first try used (docs/decisions/0016).
      const key = keys.current[decision] ?? newIdempotencyKey();
      keys.current[decision] = key;
      await withIdempotencyKey(key, () => read(call.$post({ json: { token: view.token } })));
      forgetLinkToken(CONFIRM_PARAM);
      setView({
        kind: 'done',
        message: decision === 'confirm' ? CONFIRMATION_MESSAGES.confirmed : CONFIRMATION_MESSAGES.declined,
      });
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 404) setView({ kind: 'invalid' });
      else setView({ ...view, busy: false, failed: true });
    }
  }

  if (view.kind === 'loading') return <p className="form-note">Checking your link…</p>;
  if (view.kind === 'invalid') {
    return (
      <p className="form-message form-message--error" role="alert">
        {CONFIRMATION_MESSAGES.invalid}
      </p>
    );
  }
  if (view.kind === 'done') {
    return (
      <p className="form-message form-message--success" role="status">
        {view.message}
      </p>
    );
  }
  const { prize, busy, failed } = view;
  return (
    <section aria-labelledby="winner-heading">
      <h2 id="winner-heading">Congratulations, {prize.first_name}!</h2>
      <p>
        You were drawn as a winner of the {prize.promotion}. Your prize: {prize.prize}.
      </p>
      <p>
        Please confirm by {deadline(prize.confirm_by)} (Eastern Time). A prize not confirmed by then goes to
        an alternate winner.
      </p>
      {failed && (
        <p className="form-message form-message--error" role="alert">
          {CONFIRMATION_MESSAGES.failed}
        </p>
      )}
      <div className="winner-confirm__actions">
        <button type="button" className="button" disabled={busy} onClick={() => answer('confirm')}>
          Confirm my prize
        </button>{' '}
        <button
          type="button"
          className="button button--outline"
          disabled={busy}
          onClick={() => answer('decline')}
        >
          Decline the prize
        </button>
      </div>
    </section>
  );
}
