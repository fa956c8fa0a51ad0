// What an upload's progress says (src/lib/upload.ts): sent of total, percent and time left, from the
// rate so far. Pure, so the island and its tests read the same words.

export interface ProgressText {
  /** 'Sent 1.2 MB of 10.0 MB (12%), about 3 minutes left' */
  text: string;
  percent: number;
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** 'about 40 seconds', 'about 3 minutes'; '' while the rate is not known yet. */
export function timeLeft(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '';
  if (seconds < 60) return `about ${Math.max(5, Math.ceil(seconds / 5) * 5)} seconds`;
  const minutes = Math.round(seconds / 60);
  return `about ${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** The progress of `sent` of `total` bytes, `elapsedMs` after the upload started. */
export function progressText(sent: number, total: number, elapsedMs: number): ProgressText {
  const percent = total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;
  const rate = elapsedMs > 0 ? sent / elapsedMs : 0; // bytes per ms
  const left = rate > 0 && sent > 0 ? timeLeft((total - sent) / rate / 1000) : '';
  const text = `Sent ${mb(sent)} of ${mb(total)} (${percent}%)${left ? `, ${left} left` : ''}`;
  return { text, percent };
}

/**
 * True when a screen reader should hear the progress again: every 25 percent and at the end, not
 * on every event (polite, docs/decisions/0016-retries-uploads-and-lingering-close.md).
 */
export const worthAnnouncing = (lastPercent: number | null, percent: number): boolean =>
  lastPercent === null || percent === 100 || Math.floor(percent / 25) > Math.floor(lastPercent / 25);
