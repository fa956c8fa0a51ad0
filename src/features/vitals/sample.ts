// Real-user speed (docs/metrics.md): once per page view, a share of visits (PUBLIC_VITALS_SAMPLE_RATE,
// default 10 %) is measured. Only then is web-vitals loaded (collect.ts); the rest load nothing more
// than this function. Called on every page by the chrome's script (src/components/chrome/chrome.client.ts).
import { DEFAULT_SAMPLE_RATE } from './metrics.ts';

export function sampleRealUserSpeed(): void {
  const rate = Number(import.meta.env.PUBLIC_VITALS_SAMPLE_RATE ?? DEFAULT_SAMPLE_RATE);
  if (Math.random() < rate) void import('./collect.ts');
}
