// Netlify's scheduled function (docs/decisions/0006): a function lives only for its request, so the
// deferred work the Node server runs on a timer (src/server/scheduled-work.ts) runs here every five
// minutes, through the same entry. Netlify bundles this file itself (netlify/functions is its
// default folder); tests/unit/netlify-build.test.ts bundles and calls it the same way.
import type { NetlifyLocals } from '@astrojs/netlify';
import { getDeps, runOnNetlify } from '../../src/server/runtime.ts';
import { runDueWork } from '../../src/server/scheduled-work.ts';

type Context = NetlifyLocals['netlify']['context'];

export default async (_request: Request, context: Context): Promise<Response> => {
  runOnNetlify(context.deploy?.context);
  return Response.json(await runDueWork(await getDeps()));
};

// Cron, in UTC; Netlify reads it from this export at deploy time.
export const config = { schedule: '*/5 * * * *' };
