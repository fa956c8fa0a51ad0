// System tests (tests/system): the BUILT server as a real process, loaded, killed and restarted
// (tests/support/built-server.mjs). They need `npm run build` first. `npm run test:system` runs them
// with a throwaway PostgreSQL beside (tests/support/with-postgres.sh) for the tests that need one.
// Two files at a time: each starts its own servers on spare ports, with its own data folders,
// PostgreSQL databases and Varnish, Prometheus and dist-* folders, so they share nothing but the
// cluster. The file that stops and freezes that cluster runs after all the others, alone.
import { defineConfig } from 'vitest/config';

const ALONE = ['tests/system/postgres-down.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 180_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'system',
          include: ['tests/system/**/*.test.ts'],
          exclude: ALONE,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'system-alone',
          include: ALONE,
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
