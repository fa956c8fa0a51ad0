// Code a part of an island needs only later (the signature pad's library, the security check's
// script): fetched once `wanted` turns true, and fetched again on Retry after a failure (a dropped
// connection: the part then shows ChunkFailed from LazyPart.tsx, product.md 8's message).
import { useEffect, useState } from 'react';

export type Loaded<T> =
  | { state: 'waiting' }
  | { state: 'ready'; value: T }
  | { state: 'failed'; reason: string };

export function useLoadWhen<T>(wanted: boolean, load: () => Promise<T>) {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'waiting' });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a module-level function; a new attempt fetches again
  useEffect(() => {
    if (!wanted || loaded.state === 'ready') return;
    let current = true;
    load().then(
      (value) => current && setLoaded({ state: 'ready', value }),
      (error: unknown) =>
        current && setLoaded({ state: 'failed', reason: String((error as Error)?.message ?? error) }),
    );
    return () => {
      current = false;
    };
  }, [wanted, attempt]);

  const retry = () => {
    setLoaded({ state: 'waiting' });
    setAttempt((n) => n + 1);
  };
  return { loaded, retry };
}
