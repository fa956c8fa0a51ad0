// A part of an island whose code is fetched later (the locator's map): when that fetch fails on a
// dropped connection, the part shows the same short message and Retry as an island that did not load
// (src/inline/island-retry.js), instead of taking the whole island down with it; Retry fetches again.
import {
  Component,
  type ComponentType,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useMemo,
  useState,
} from 'react';

/** Word for word the text of src/inline/island-retry.js (a test keeps them the same). */
export const CHUNK_FAILED_MESSAGE =
  "This part of the page didn't load. Check your connection, then try again.";

/** product.md 8: ChunkLoadError 'Loading chunk {id} failed' with the reason. */
export const chunkFailedText = (name: string, reason: string) => `Loading chunk ${name} failed.\n(${reason})`;

interface BoundaryProps {
  name: string;
  onRetry: () => void;
  children: ReactNode;
}

class ChunkBoundary extends Component<BoundaryProps, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, _info: ErrorInfo) {
    console.error(
      Object.assign(new Error(chunkFailedText(this.props.name, error.message)), { name: 'ChunkLoadError' }),
    );
  }
  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <ChunkFailed name={this.props.name} reason={error.message} onRetry={this.props.onRetry} />;
  }
}

/** The short message and Retry of a part whose code did not load (also for a library: SignatureField). */
export function ChunkFailed({
  name,
  reason,
  onRetry,
}: {
  name: string;
  reason: string;
  onRetry: () => void;
}) {
  return (
    <div className="island-error" role="alert">
      <p>{CHUNK_FAILED_MESSAGE}</p>
      <p className="island-error__detail">{chunkFailedText(name, reason)}</p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

interface Props<P> {
  /** The chunk's name in the message ('StoreMap'). */
  name: string;
  load: () => Promise<{ default: ComponentType<P> }>;
  props: P;
  fallback: ReactNode;
}

export function LazyPart<P extends object>({ name, load, props, fallback }: Props<P>) {
  const [attempt, setAttempt] = useState(0);
  // A failed lazy() keeps its failure: each retry makes a new one, which fetches again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is the point
  const Part = useMemo(() => lazy(load), [attempt]);
  return (
    <ChunkBoundary key={attempt} name={name} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={fallback}>
        <Part {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}
