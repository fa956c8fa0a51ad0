// System tests (tests/system): the BUILT server as a real process, loaded, killed and restarted
// (tests/support/built-server.mjs). They need `npm run build` first and run one file at a time, since
// each file starts servers of its own on a 2-core machine. `npm run test:system` runs them with a
// throwaway PostgreSQL beside (tests/support/with-postgres.sh) for the tests that need one.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/system/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
