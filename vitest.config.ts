/// <reference types="vitest/config" />
// Unit and API tests live beside the code (*.test.ts). Browser tests are Playwright's (tests/e2e).
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/unit/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
