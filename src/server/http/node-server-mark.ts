// Whether this process is the Node server (server.ts): Astro's API endpoint
// (src/pages/api/v1/[...path].ts), the way in on Netlify and under `astro dev`, is none there, where
// the API has its own route (api-binding.ts) behind the server's rules. The server and Astro's
// handler are bundled apart (scripts/build-server.mjs), so the mark is a global symbol, not a module's.
const MARK = Symbol.for('kwikfill.node-server');
type Marked = { [MARK]?: true };

/** Called once by server.ts as it loads (`false`: a test's clean-up). */
export function markNodeServer(on = true): void {
  if (on) (globalThis as Marked)[MARK] = true;
  else delete (globalThis as Marked)[MARK];
}

export const underNodeServer = (): boolean => (globalThis as Marked)[MARK] === true;
