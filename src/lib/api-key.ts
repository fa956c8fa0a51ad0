// The public API key (docs/api.md): it names the web client, it is not a secret. One constant for
// the server's default (src/server/config/schema.ts), the browser client and the tests. Imported natively
// by scripts (bench/server.mjs) and bundled into the Node server (src/server/http/), where import.meta.env does not
// exist.

export const DEFAULT_API_KEY = 'kwikfill-public-web';

/** What the browser sends: the build's PUBLIC_API_KEY, else the default the server also falls back to. */
export const PUBLIC_API_KEY: string = import.meta.env?.PUBLIC_API_KEY ?? DEFAULT_API_KEY;
