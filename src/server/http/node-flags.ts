// The V8 flags the production server runs with: `npm run serve` (package.json) and every test or
// benchmark that starts the built server (tests/support/built-server.mjs); a test keeps the two the same.
// --max-semi-space-size=16: V8 sizes the young generation from the machine's memory (up to 134 MB
// of it on a 24 GB machine), and keeps what it grew. Rendering pages on request under load (the
// locator, the store pages, the application forms) took the server to 360-400 MB and kept it
// there; with 16 MB semi-spaces, 270-300 MB, at no cost measured to the API's speed
// (bench/results/analysis.md, 2026-11-25).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];

/** The built server's entry (src/server/http/serve.ts, bundled by scripts/build-server.mjs), in the dist folder. */
export const SERVER_ENTRY = 'http/serve.mjs';
