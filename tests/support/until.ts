// Waiting for something another process does (a server, Prometheus, a queue), for the tests that
// cannot be told when it happened: the condition is asked again until it holds or the tries run out.
import { setTimeout as sleep } from 'node:timers/promises';

export interface UntilOptions {
  /** How long to keep asking: seconds * 1000 / everyMs tries (longer when the condition is slow). */
  seconds?: number;
  /** The pause after a try that failed. */
  everyMs?: number;
  /** What the failure adds to its message (a process's output). */
  detail?: () => string;
}

/** Waits for `condition`, failing with 'timed out waiting for <what>' once its tries are used up. */
export async function until(
  what: string,
  condition: () => boolean | Promise<boolean>,
  { seconds = 60, everyMs = 100, detail }: UntilOptions = {},
): Promise<void> {
  for (let i = 0; i < (seconds * 1000) / everyMs; i++) {
    if (await condition()) return;
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}${detail ? `\n${detail()}` : ''}`);
}
