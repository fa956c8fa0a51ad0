// An application's upload while it goes (docs/decisions/0016-retries-uploads-and-lingering-close.md): a
// progress bar with sent of total, percent and time left, and a Cancel button. Screen readers hear it
// politely and only every quarter (worthAnnouncing), not on every progress event.
import { useEffect, useRef, useState } from 'react';
import type { UploadProgress } from '../../lib/upload.ts';
import { progressText, worthAnnouncing } from '../../lib/upload-progress.ts';

interface Props {
  progress: UploadProgress & { startedAt: number };
  onCancel: () => void;
}

export default function UploadStatus({ progress, onCancel }: Props) {
  const { text, percent } = progressText(progress.sent, progress.total, Date.now() - progress.startedAt);
  const [announced, setAnnounced] = useState('');
  const lastPercent = useRef<number | null>(null);
  useEffect(() => {
    if (!worthAnnouncing(lastPercent.current, percent)) return;
    lastPercent.current = percent;
    setAnnounced(text);
  }, [percent, text]);
  return (
    <div className="upload-status">
      <label htmlFor="upload-progress">Sending your application</label>
      <progress id="upload-progress" max={100} value={percent} aria-valuetext={text} />
      <p className="upload-status__text" aria-hidden="true">
        {text}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announced}
      </p>
      <button type="button" className="button" onClick={onCancel}>
        Cancel sending
      </button>
    </div>
  );
}
