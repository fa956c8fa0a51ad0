// Production (`npm run serve`) and the tests and benchmarks that start the built server
// (tests/support/built-server.mjs) must run it with the same V8 flags: what is measured is what runs.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from './node-flags.ts';

it('npm run serve starts the built server with the flags the tests and benchmarks use', () => {
  const { scripts } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
  expect(scripts.serve).toBe(
    `npm run require-node24 && node ${SERVER_NODE_FLAGS.join(' ')} \${DIST_DIR:-dist}/${SERVER_ENTRY}`,
  );
});
