// Writes that are stored together or not at all: on PostgreSQL one statement (every write but the
// last in a CTE of the last: one round trip and one commit instead of BEGIN, each write and COMMIT,
// docs/decisions/0021-postgresql-round-trips.md), on SQLite one transaction, in the order given.
// A statement is atomic, so a failure of any write (a unique key, a refused limit) stores none.
import type { Compilable, Kysely, QueryCreator } from 'kysely';
import type { DatabaseKind } from './database.ts';
import type { Database } from './schema.ts';

/** A query that writes: built on the creator it is given (the database, a transaction, or the CTEs before it). */
export type Write = (db: QueryCreator<Database>) => Compilable & { execute(): Promise<unknown> };

/** A write whose SQLite half is steps of its own in the transaction (the guard's last step: form-guard.ts). */
export interface WriteStep {
  postgres: Write;
  sqlite(trx: Kysely<Database>): Promise<void>;
  /** The visitor's answer for an error this step caused, or undefined for any other error. */
  explain?(error: unknown): unknown;
  /** Told once the writes are stored. */
  stored?(): void;
}

const asStep = (write: Write | WriteStep): WriteStep =>
  typeof write === 'function'
    ? {
        postgres: write,
        sqlite: async (trx) => {
          await write(trx).execute();
        },
      }
    : write;

/** Stores `writes` together (see above); an error a step explains is thrown as its explanation. */
export async function writeTogether(
  db: Kysely<Database>,
  kind: DatabaseKind,
  writes: readonly (Write | WriteStep)[],
): Promise<void> {
  const steps = writes.map(asStep);
  try {
    if (kind === 'postgres') {
      let creator: QueryCreator<Database> = db;
      for (const [i, step] of steps.slice(0, -1).entries()) {
        // A data-modifying CTE runs whether or not the statement reads it.
        creator = creator.with(`write_${i}`, step.postgres as never) as unknown as QueryCreator<Database>;
      }
      await steps.at(-1)?.postgres(creator).execute();
    } else {
      await db.transaction().execute(async (trx) => {
        for (const step of steps) await step.sqlite(trx);
      });
    }
  } catch (error) {
    for (const step of steps) {
      const explained = step.explain?.(error);
      if (explained !== undefined) throw explained;
    }
    throw error;
  }
  for (const step of steps) step.stored?.();
}
