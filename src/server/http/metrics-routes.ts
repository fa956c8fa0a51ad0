// The route label of a request the Node server answered, for the request metrics
// (kwikfill_http_request_duration_seconds, src/server/http/metrics-registry.ts): a pattern, never the
// path a visitor typed, so the label has a few dozen values however many addresses are asked for.
// The API's route pattern (/api/v1/store/:number), an on-demand page's (/stores/[number],
// cached-pages.ts), or what kind of answer it was: (static) a prebuilt file, (rendered) another
// page of Astro's, (not found), (maintenance), (method not allowed), (invalid path) (request-path.ts),
// (redirect) a path with a trailing slash sent to the one without;
// the probes and /metrics by name.
import type { IncomingMessage } from 'node:http';
import { cachedPage } from './cached-pages.ts';

const ROUTE = Symbol('metrics route');
type Labelled = IncomingMessage & { [ROUTE]?: string };

const STATIC_ROUTE = '(static)';
const RENDERED_ROUTE = '(rendered)';

/** Names the kind of answer server.ts gives this request (the default: a prebuilt file). */
export function routeAs(req: IncomingMessage, route: string): void {
  (req as Labelled)[ROUTE] = route;
}

/** An on-demand page's pattern, or (rendered). */
export const pageRoute = (path: string): string => cachedPage(path)?.route ?? RENDERED_ROUTE;

/** The label: `api` is the API's matched pattern (null: no route matched), undefined off the API. */
export function routeLabel(req: IncomingMessage, status: number, api: string | null | undefined): string {
  if (api !== undefined) return api ?? '(api: no route)';
  if (status === 404) return '(not found)';
  return (req as Labelled)[ROUTE] ?? STATIC_ROUTE;
}
