// The production server's entry: `npm run serve` runs it as dist/http/serve.mjs (bundled by
// scripts/build-server.mjs). It only sets the environment, then loads the server (server.ts).
//
// The production server renders as production: React's server renderer and Astro's runtime read
// NODE_ENV when they load. Left unset, or `test` from a test runner, pages rendered with React's
// development build, slower and 1.5 MB more code kept in memory; `development` also added Astro's
// development attributes. So it is set here, before the server and everything it imports load: a
// static import would run first, hence the dynamic one (its own chunk in the bundle).
process.env.NODE_ENV = 'production';
await import('./server.ts');

export {};
