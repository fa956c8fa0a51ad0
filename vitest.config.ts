/// <reference types="vitest/config" />
// Unit and API tests live beside the code (*.test.ts). Browser tests are Playwright's (tests/e2e).
import { availableParallelism } from 'node:os';
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // A worker per core and one more. Vitest's default (cores - 1) is a single worker on a 2-core CI
    // machine, and many files spend their time waiting (PostgreSQL, servers, child processes), not computing.
    maxWorkers: availableParallelism() + 1,
  },
});
