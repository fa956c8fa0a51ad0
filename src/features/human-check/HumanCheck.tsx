// The human check for React islands (register, giveaway, contact): a thin wrapper around the
// plain-form widget, the same markup (HumanCheckMarkup) driven by the same script (mount.ts).
// Reports its token through onToken (null when there is none: not done yet, expired, failed,
// reset). Changing resetKey starts it over: forms do that after each failed submit (SPEC 4).
import { useEffect, useEffectEvent, useId, useMemo, useRef } from 'react';
import './human-check.css';
import HumanCheckMarkup from './HumanCheckMarkup';
import { RESET_EVENT, TOKEN_EVENT } from './human-check.client';
import { mountHumanCheck } from './mount';

export interface HumanCheckProps {
  action: string;
  onToken: (token: string | null) => void;
  resetKey?: number;
}

export default function HumanCheck({ action, onToken, resetKey = 0 }: HumanCheckProps) {
  const root = useRef<HTMLDivElement>(null);
  const noteId = useId();
  // The parent may pass a new function on every render; the widget must not restart for that.
  const emit = useEffectEvent((token: string | null) => onToken(token));

  // biome-ignore lint/correctness/useExhaustiveDependencies: mount.ts reads the action from the markup
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const forward = (event: Event) => emit((event as CustomEvent<{ token: string | null }>).detail.token);
    element.addEventListener(TOKEN_EVENT, forward);
    const unmount = mountHumanCheck(element);
    return () => {
      unmount();
      element.removeEventListener(TOKEN_EVENT, forward);
    };
  }, [action]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey exists to start over
  useEffect(() => {
    root.current?.dispatchEvent(new Event(RESET_EVENT));
  }, [resetKey]);

  // The same element on every render, so React never touches what mount.ts changed in the DOM.
  return useMemo(() => <HumanCheckMarkup ref={root} action={action} noteId={noteId} />, [action, noteId]);
}
