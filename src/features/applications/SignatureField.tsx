// A drawn signature (product.md 3, 4, 9): signature_pad on a 666x167 pad for mouse, pen and touch, its
// PNG image as the field's value, and the [clear] link that empties it. The pad shrinks with the
// screen (its bitmap follows its displayed size, so strokes land under the finger). People who
// cannot draw (keyboard only) may type their name instead; it is drawn on the pad as the image.
// The pad's code arrives when the pad nears the screen (useSignaturePadLibrary); typing works
// before it does.

import { memo, useEffect, useRef, useState } from 'react';
import type SignaturePad from 'signature_pad';
import { ChunkFailed } from '../../components/lazy/LazyPart.tsx';
import { Message, useBound } from './ApplicationControls.tsx';
import { SIGNATURE_GETTING_READY, SIGNATURE_INSTRUCTION } from './rules.ts';
import type { ApplicationForm } from './useApplication.ts';
import { useSignaturePadLibrary } from './useSignaturePadLibrary.ts';

export const PAD = { width: 666, height: 167 } as const;

function fitToDisplay(canvas: HTMLCanvasElement, pad: SignaturePad) {
  if (canvas.offsetWidth === 0) return; // hidden (a closed section): fitted once it shows
  const ratio = Math.max(window.devicePixelRatio || 1, 1);
  const data = pad.toData();
  canvas.width = canvas.offsetWidth * ratio;
  canvas.height = canvas.offsetHeight * ratio;
  canvas.getContext('2d')?.scale(ratio, ratio);
  pad.clear();
  pad.fromData(data);
}

interface Props {
  name: string;
  label: string;
}

/** The field's own value and message into a memo'd view, as the other controls (ApplicationControls.tsx). */
export default function SignatureField(props: Props) {
  return <SignatureView {...props} {...useBound(props.name)} />;
}

const SignatureView = memo(function SignatureView({
  name,
  label,
  id,
  value,
  error,
  set,
}: Props & { id: string; value: string; error?: string; set: ApplicationForm['set'] }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [typed, setTyped] = useState('');
  const { library, retry } = useSignaturePadLibrary(canvasRef);
  const Pad = library.state === 'ready' ? library.value : undefined;

  // biome-ignore lint/correctness/useExhaustiveDependencies: one pad per mounted field
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !Pad) return;
    const pad = new Pad(canvas, { backgroundColor: 'rgba(0,0,0,0)', penColor: '#1b1f1d' });
    padRef.current = pad;
    fitToDisplay(canvas, pad);
    const save = () => set(name, pad.isEmpty() ? '' : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', save);
    // Also fires when a hidden section opens, which is when a pad there first gets a size.
    const observer = new ResizeObserver(() => fitToDisplay(canvas, pad));
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      pad.off();
      padRef.current = null;
    };
  }, [name, Pad]);

  // A value emptied elsewhere (the form was reset) empties the pad too.
  useEffect(() => {
    if (!value) padRef.current?.clear();
  }, [value]);

  /** Empties the drawing: through the pad, or on the canvas itself before the pad's code came. */
  function wipe(canvas: HTMLCanvasElement | null) {
    if (padRef.current) padRef.current.clear();
    else canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
  }

  function clear() {
    wipe(canvasRef.current);
    setTyped('');
    set(name, '');
  }

  function type(text: string) {
    setTyped(text);
    const canvas = canvasRef.current;
    if (!canvas) return;
    wipe(canvas);
    const context = canvas.getContext('2d');
    if (context && text.trim()) {
      context.font = 'italic 40px "Brush Script MT", "Segoe Script", cursive, serif';
      context.fillStyle = '#1b1f1d';
      context.fillText(text.trim(), 16, canvas.offsetHeight * 0.62, canvas.offsetWidth - 32);
    }
    set(name, text.trim() ? canvas.toDataURL('image/png') : '');
  }

  return (
    <div className="field field--wide signature">
      <span className="signature__label" id={`${id}-label`}>
        {label}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </span>
      <canvas
        ref={canvasRef}
        id={id}
        className="signature__pad"
        width={PAD.width}
        height={PAD.height}
        role="img"
        tabIndex={-1}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-instruction`}
      />
      {library.state === 'failed' && (
        <ChunkFailed name="SignaturePad" reason={library.reason} onRetry={retry} />
      )}
      <p className="signature__instruction" id={`${id}-instruction`}>
        {Pad ? SIGNATURE_INSTRUCTION : SIGNATURE_GETTING_READY}{' '}
        <button type="button" className="link-button" onClick={clear}>
          [clear]<span className="visually-hidden"> {label}</span>
        </button>
      </p>
      <div className="field">
        <label htmlFor={`${id}-typed`}>Or type your full name to sign ({label.toLowerCase()})</label>
        <input
          id={`${id}-typed`}
          type="text"
          autoComplete="off"
          value={typed}
          onChange={(event) => type(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <Message id={id} text={error} />
    </div>
  );
});
