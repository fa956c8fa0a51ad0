// The WebKit journeys' server (vitest.webkit.config.ts globalSetup): the built site with the sample
// data and the local stand-ins, as playwright.config.ts's webServer starts it for the Playwright specs.
import type { TestProject } from 'vitest/node';
import { startBuiltServer } from '../support/built-server.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startBuiltServer({ seed: true });
  project.provide('baseURL', server.base);
  project.provide('dataDir', server.dataDir);
  return () => server.close();
}
