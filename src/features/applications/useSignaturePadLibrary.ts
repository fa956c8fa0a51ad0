// The signature pad's code (signature_pad, about 5 KB) is fetched when the pad comes near the
// screen, not with the form: the pad sits at the end of a long form, and the forms' JavaScript
// before any interaction must stay under 80 KB (bench/page-weight.ts). A fetch that fails (a
// dropped connection) is told with the usual message and Retry (product.md 8's chunk-load failure).
import { type RefObject, useEffect, useState } from 'react';
import type SignaturePad from 'signature_pad';
import { useLoadWhen } from '../../components/lazy/useLoadWhen.ts';
import { useWhenNear } from '../../components/lazy/useWhenNear.ts';

export type SignaturePadClass = typeof SignaturePad;

const loadSignaturePad = (): Promise<SignaturePadClass> =>
  import('signature_pad').then((module) => module.default);

/** The library once the canvas is near the screen (or touched first), and a retry after a failure. */
export function useSignaturePadLibrary(canvas: RefObject<HTMLCanvasElement | null>) {
  const near = useWhenNear(canvas, '600px 0px');
  const [touched, setTouched] = useState(false);

  // A visitor quicker than the page's load event (or without IntersectionObserver) asks for it.
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const touch = () => setTouched(true);
    element.addEventListener('pointerdown', touch, { once: true });
    return () => element.removeEventListener('pointerdown', touch);
  }, [canvas]);

  const { loaded, retry } = useLoadWhen(near || touched, loadSignaturePad);
  return { library: loaded, retry };
}
