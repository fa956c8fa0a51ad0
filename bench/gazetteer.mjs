// Gazetteer benchmark: the heap the local gazetteer (src/features/locator/gazetteer.server.ts) keeps
// once loaded, in a process of its own (run with --expose-gc, under tsx). Its target, in
// bench/targets.mjs: under 16 MB (the `zipcodes` package's own file took 43 MB). The unit test
// keeps only the behaviour (it loads and answers); the number lives here.
import { findAddress } from '../src/features/locator/gazetteer.server.ts';
import { writePart } from './results.mjs';

if (typeof globalThis.gc !== 'function') throw new Error('run with node --expose-gc');
globalThis.gc();
const before = process.memoryUsage().heapUsed;
await findAddress('16365');
globalThis.gc();
const heapMb = Math.round(((process.memoryUsage().heapUsed - before) / 1024 / 1024) * 10) / 10;
console.log(`gazetteer: ${heapMb} MB of heap once loaded`);
writePart('gazetteer', { heapMb });
