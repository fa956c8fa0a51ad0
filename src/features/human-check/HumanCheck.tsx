// The human check for React islands (register, giveaway, contact, applications): a thin wrapper
// around the plain-form widget, the same markup (HumanCheckMarkup) driven by the same script
// (mount.ts). That script is fetched when the check comes near the screen (it sits at the end of
// every form, far down a long application), not with the form: the islands' JavaScript before any
// interaction stays under 80 KB (bench/page-weight.ts). A fetch that fails is told with the usual
// message and Retry (product.md 8's chunk-load failure).
// Reports its token through onToken (null when there is none: not done yet, expired, failed,
// reset). Changing resetKey starts it over: forms do that after each failed submit (product.md 4).
import { useEffect, useEffectEvent, useId, useMemo, useRef } from 'react';
import { ChunkFailed } from '../../components/lazy/LazyPart.tsx';
import { useLoadWhen } from '../../components/lazy/useLoadWhen.ts';
import { useWhenNear } from '../../components/lazy/useWhenNear.ts';
import './human-check.css';
import HumanCheckMarkup from './HumanCheckMarkup.tsx';
import { RESET_EVENT, TOKEN_EVENT } from './texts.ts';

const loadWidget = () => import('./mount.ts');

export interface HumanCheckProps {
  action: string;
  onToken: (token: string | null) => void;
  resetKey?: number;
}

export default function HumanCheck({ action, onToken, resetKey = 0 }: HumanCheckProps) {
  const root = useRef<HTMLDivElement>(null);
  const noteId = useId();
  const { loaded: widget, retry } = useLoadWhen(useWhenNear(root, '600px 0px'), loadWidget);
  // The parent may pass a new function on every render; the widget must not restart for that.
  const emit = useEffectEvent((token: string | null) => onToken(token));

  // biome-ignore lint/correctness/useExhaustiveDependencies: mount.ts reads the action from the markup
  useEffect(() => {
    const element = root.current;
    if (!element || widget.state !== 'ready') return;
    const forward = (event: Event) => emit((event as CustomEvent<{ token: string | null }>).detail.token);
    element.addEventListener(TOKEN_EVENT, forward);
    const unmount = widget.value.mountHumanCheck(element);
    return () => {
      unmount();
      element.removeEventListener(TOKEN_EVENT, forward);
    };
  }, [action, widget]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey exists to start over
  useEffect(() => {
    root.current?.dispatchEvent(new Event(RESET_EVENT));
  }, [resetKey]);

  // The same element on every render, so React never touches what mount.ts changed in the DOM.
  const markup = useMemo(
    () => <HumanCheckMarkup ref={root} action={action} noteId={noteId} />,
    [action, noteId],
  );
  return (
    <>
      {markup}
      {widget.state === 'failed' && <ChunkFailed name="HumanCheck" reason={widget.reason} onRetry={retry} />}
    </>
  );
}
