// Loaded only on a sampled page view (sample.ts decides): measures LCP, INP and CLS with
// web-vitals and sends them once, when the visitor leaves the page (or hides it), to our own API.
// Through the one typed client: this module loads only on sampled views, after the page, so its
// weight is no content page's. keepalive lets the request outlive the page (unlike sendBeacon it
// carries the API key header).
import { type Metric, onCLS, onINP, onLCP } from 'web-vitals';
import { publicApi } from '../session/api.ts';
import { deviceClass } from './metrics.ts';
import type { VitalsPayload } from './vitals.ts';

const latest = new Map<Metric['name'], Metric>();
let sent = false;

function send(): void {
  if (sent || latest.size === 0) return;
  sent = true; // one report per page view, so a page view counts once in the percentiles
  const payload: VitalsPayload = {
    path: location.pathname.slice(0, 200), // never the query string or fragment
    device: deviceClass(window.innerWidth),
    metrics: [...latest.values()].map(({ name, value, rating }) => ({
      name: name as VitalsPayload['metrics'][number]['name'],
      value,
      rating,
    })),
  };
  // Speed figures are worth nothing to the visitor: never an error for them.
  publicApi.vitals.$post({ json: payload }, { init: { keepalive: true } }).catch(() => {});
}

const keep = (metric: Metric) => latest.set(metric.name, metric);
onLCP(keep);
onINP(keep);
onCLS(keep);
// web-vitals reports the final values when the page is hidden (leaving it hides it too), from a
// capture listener, so this one runs after it. Not on pagehide: that comes first, before CLS is final.
addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') send();
});
