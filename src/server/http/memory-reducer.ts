// Lets V8 give memory back after a burst, which Node 24 stops it from doing by itself.
//
// V8 has a "memory reducer": once a process goes quiet after a burst, it runs a garbage collection
// that compacts the heap and returns the free pages to the system. In Node 24 (V8 13.6) it never
// starts while the process is quiet: it waits until the allocation rate is low, and it reads the
// rate of V8's C++ heap (cppgc) as the highest there is when nothing was ever allocated there, which
// is the case in a plain Node server. Only its 100-second watchdog runs it, and any ordinary full
// collection in the meantime puts the watchdog off again. Measured here: 222-225 MB kept after the
// fuzzer, against 146-155 MB a few seconds after the burst with this (docs/decisions/0009).
// See it with `node --trace-memory-reducer` on any script that allocates, then idles: every 8 s it
// prints "Memory reducer: high alloc", however long the process is quiet.
//
// The known workaround: compiling a `vm.Script` allocates one small object on that C++ heap, so the
// rate reads as low, not as infinite. Once at start and every 30 s (the rate decays to exactly zero
// again within about 100 s of the last such object); the timer never keeps the process alive.
// Remove this once Node ships a V8 with the fix (the test in tests/system/fuzz.test.ts then passes
// without it).
import { Script } from 'node:vm';

export const MEMORY_REDUCER_NUDGE_MS = 30_000;

/** Starts the nudge; returns a function that stops it. */
export function keepMemoryReducerWorking(everyMs = MEMORY_REDUCER_NUDGE_MS): () => void {
  const nudge = () => new Script('0');
  nudge();
  const timer = setInterval(nudge, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
