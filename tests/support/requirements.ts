// What a system test needs from the machine (a PostgreSQL, root for mounts). Run by hand without
// it, the test is skipped and says why; under CI (process.env.CI set) a missing need fails the run
// instead, so a suite can never pass there by quietly skipping itself.

/** True when the test must be skipped for want of `what`; throws under CI instead. */
export function skipWithout(available: boolean, what: string): boolean {
  if (available) return false;
  if (process.env.CI) throw new Error(`${what}: required under CI, where this test must run`);
  return true;
}

/** True when a PostgreSQL test must be skipped (no DATABASE_URL: not run under with-postgres.sh). */
export const skipWithoutPostgres = (): boolean =>
  skipWithout(
    !!process.env.DATABASE_URL,
    'DATABASE_URL is not set: run under tests/support/with-postgres.sh',
  );
