// Counting the statements a request runs: on PostgreSQL each is a round trip (and, outside a
// transaction, a commit), which docs/decisions/0021-postgresql-round-trips.md keeps to a minimum.
import type { KyselyPlugin, QueryId, RootOperationNode } from 'kysely';
import type { AppDeps } from '../../src/server/deps.ts';
import { maintenanceState } from '../../src/server/maintenance/state.ts';
import { sweepDue } from '../../src/server/sweep-schedule.ts';

/** A statement as a test reads it in a failure: its kind and first table ('InsertQueryNode sessions'). */
function describeNode(node: RootOperationNode): string {
  const table = /"kind":"TableNode".*?"name":"([^"]+)"/.exec(JSON.stringify(node))?.[1];
  return `${node.kind}${table ? ` ${table}` : ''}`;
}

/** A Kysely plugin calling `counted` once per statement run (its result passes through it once). */
const countStatements = (counted: (statement: string) => void): KyselyPlugin => {
  const built = new WeakMap<QueryId, string>();
  return {
    transformQuery: (args) => {
      built.set(args.queryId, describeNode(args.node));
      return args.node;
    },
    transformResult: async (args) => {
      counted(built.get(args.queryId) ?? '?');
      return args.result;
    },
  };
};

/**
 * The statements `action` runs through `deps.db`: the database is swapped in place for one that
 * counts (the app holds `deps`), and back after. Not counted: what a server does at most once a
 * second or a minute per database (the maintenance switch's read, the clean-ups of
 * sweep-schedule.ts), done on it first; and the job queue's runs, the mail's work: those started
 * before are waited for, one the action starts after its answer is held until the count ends.
 * Everything the app does meanwhile is counted: not for tests that run concurrently.
 */
export async function statementsOf(deps: AppDeps, action: () => Promise<unknown>): Promise<string[]> {
  await deps.settle(); // the job queue's runs started before
  let statements: string[] = [];
  const { db, jobs } = deps;
  const counting = db.withPlugin(countStatements((statement) => statements.push(statement)));
  for (const sweep of ['rate_limit_counts', 'used_tokens']) sweepDue(counting, sweep, deps.now());
  await maintenanceState({ db: counting, now: deps.now });
  statements = [];
  const kick = jobs.kick;
  let kicked = false;
  jobs.kick = () => {
    kicked = true;
  };
  deps.db = counting;
  try {
    await action();
  } finally {
    deps.db = db;
    jobs.kick = kick;
    if (kicked) jobs.kick();
  }
  return statements;
}
