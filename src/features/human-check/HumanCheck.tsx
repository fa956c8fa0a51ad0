// The human check for React islands (register, giveaway, contact). Reports its token through
// onToken (null when there is none: not done yet, expired, failed, reset). Changing resetKey starts
// it over: forms do that after each failed submit (SPEC 4).
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import './human-check.css';
import {
  clearBeforeExpiry,
  LOAD_ERROR,
  loadTurnstile,
  requestLocalToken,
  SITE_KEY,
  STAND_IN_NOTE,
} from './human-check.client';

export interface HumanCheckProps {
  action: string;
  onToken: (token: string | null) => void;
  resetKey?: number;
}

type WidgetProps = Required<HumanCheckProps>;

export default function HumanCheck({ action, onToken, resetKey = 0 }: HumanCheckProps) {
  return SITE_KEY ? (
    <TurnstileCheck siteKey={SITE_KEY} action={action} resetKey={resetKey} onToken={onToken} />
  ) : (
    <LocalCheck action={action} resetKey={resetKey} onToken={onToken} />
  );
}

function TurnstileCheck({ siteKey, action, resetKey, onToken }: WidgetProps & { siteKey: string }) {
  // The parent may pass a new function on every render; the widget must not restart for that.
  const emit = useEffectEvent((token: string | null) => onToken(token));
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey and attempt exist to re-render the widget
  useEffect(() => {
    let cancelled = false;
    let widgetId: string | null | undefined;
    emit(null);
    setFailed(false);
    loadTurnstile().then(
      (turnstile) => {
        if (cancelled || !box.current) return;
        widgetId = turnstile.render(box.current, {
          sitekey: siteKey,
          action,
          callback: (token) => emit(token),
          'expired-callback': () => emit(null),
          'timeout-callback': () => emit(null),
          'error-callback': (code) => {
            console.warn('Security check error', code);
            emit(null);
          },
        });
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      if (widgetId) globalThis.turnstile?.remove(widgetId);
    };
  }, [siteKey, action, resetKey, attempt]);

  return (
    <div className="human-check">
      <div ref={box} className="human-check__turnstile" />
      <p className="human-check__error" role="alert">
        {failed ? LOAD_ERROR : ''}
      </p>
      {failed && (
        <button type="button" className="button button--outline" onClick={() => setAttempt((n) => n + 1)}>
          Try again
        </button>
      )}
    </div>
  );
}

type LocalState = 'idle' | 'busy' | 'verified' | 'failed';

function LocalCheck({ action, resetKey, onToken }: WidgetProps) {
  const emit = useEffectEvent((token: string | null) => onToken(token));
  const noteId = useId();
  const [state, setState] = useState<LocalState>('idle');
  const [lifetime, setLifetime] = useState(0);
  // Answers that arrive after a reset belong to the old round and are dropped.
  const round = useRef(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey exists to start over
  useEffect(() => {
    round.current += 1;
    setState('idle');
    emit(null);
  }, [action, resetKey]);

  useEffect(() => {
    if (state !== 'verified') return;
    const timer = setTimeout(() => {
      setState('idle');
      emit(null);
    }, clearBeforeExpiry(lifetime));
    return () => clearTimeout(timer);
  }, [state, lifetime]);

  async function toggle() {
    if (state === 'busy') return;
    const mine = ++round.current;
    if (state === 'verified') {
      setState('idle');
      onToken(null);
      return;
    }
    setState('busy');
    try {
      const { token, expiresInMs } = await requestLocalToken(action);
      if (mine !== round.current) return;
      setLifetime(expiresInMs);
      setState('verified');
      onToken(token);
    } catch (error) {
      if (mine !== round.current) return;
      console.warn('Security check error', error);
      setState('failed');
      onToken(null);
    }
  }

  return (
    <div className="human-check human-check--local" aria-busy={state === 'busy'}>
      <div className="human-check__row">
        <label className="human-check__box">
          <input
            type="checkbox"
            className="human-check__input"
            checked={state === 'verified'}
            onChange={toggle}
            aria-describedby={noteId}
          />
          I am not a robot
        </label>
        <span className="human-check__status" role="status">
          {state === 'verified' ? 'Verified' : ''}
        </span>
      </div>
      <p id={noteId} className="human-check__note">
        {STAND_IN_NOTE}
      </p>
      <p className="human-check__error" role="alert">
        {state === 'failed' ? LOAD_ERROR : ''}
      </p>
    </div>
  );
}
