// The expand/contract rule's check (docs/decisions/0011-expand-contract-migrations.md), run by
// expand-contract.test.ts in every test run: a migration that drops or renames a table, column,
// index or constraint must say so in a header line,
//
//   // contract: rate_limit_hits, contact_messages.old_column (unused since 0014_lean_limits)
//
// and the objects it names must be used by no code of this release nor of the release named after
// "unused since": the tree at the commit that added that migration's file, or at the commit named
// (a release that added no migration),
// so that the servers of the previous release, still running during a rolling deploy, never need
// what the contract migration removes. Each migration's up() is run against a Kysely that executes
// nothing and records the SQL it would send, on both databases' compilers (a migration may differ).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Migration } from 'kysely/migration';

/** Migrations shipped before the rule (0014 dropped rate_limit_hits in the release that stopped using it). */
const CHECKED_AFTER = '0016_contact_ack_withheld';
const MIGRATIONS_DIR = 'src/server/db/migrations';
const SCHEMA_FILE = 'src/server/db/schema.ts';

/** What a migration removes: a table, a function, an index or constraint name, or `table.column`. */
interface Removal {
  object: string;
  how: string;
}

const NAME = '"?([\\w]+)"?(?:\\."?([\\w]+)"?)?';
const REMOVALS: [RegExp, (m: RegExpExecArray) => Removal][] = [
  [
    new RegExp(`\\bdrop\\s+(table|index|view|function)\\s+(?:if\\s+exists\\s+)?${NAME}`, 'gi'),
    (m) => removal(m, 2, m[1]),
  ],
  [
    new RegExp(`\\balter\\s+table\\s+(?:if\\s+exists\\s+)?${NAME}\\s+rename\\s+to\\b`, 'gi'),
    (m) => removal(m, 1, 'rename table'),
  ],
  [
    new RegExp(
      `\\balter\\s+table\\s+(?:if\\s+exists\\s+)?${NAME}\\s+(drop|rename)\\s+column\\s+(?:if\\s+exists\\s+)?"?(\\w+)"?`,
      'gi',
    ),
    (m) => ({ object: `${m[2] ?? m[1]}.${m[4]}`, how: `${m[3]?.toLowerCase()} column` }),
  ],
  [
    new RegExp(`\\balter\\s+table\\s+(?:if\\s+exists\\s+)?${NAME}\\s+drop\\s+constraint\\s+"?(\\w+)"?`, 'gi'),
    (m) => ({ object: String(m[3]), how: 'drop constraint' }),
  ],
];
/** The object's own name: the last part of a schema-qualified one. */
function removal(m: RegExpExecArray, at: number, how = ''): Removal {
  return { object: String(m[at + 1] ?? m[at]), how: how.toLowerCase() };
}

/** The SQL statements a migration's up() sends, on SQLite and on PostgreSQL. */
export async function recordedSql(migration: Migration): Promise<string[]> {
  const statements: string[] = [];
  const dialects = [
    { adapter: new SqliteAdapter(), compiler: new SqliteQueryCompiler(), introspector: SqliteIntrospector },
    {
      adapter: new PostgresAdapter(),
      compiler: new PostgresQueryCompiler(),
      introspector: PostgresIntrospector,
    },
  ];
  for (const { adapter, compiler, introspector } of dialects) {
    const db = new Kysely<unknown>({
      dialect: {
        createAdapter: () => adapter,
        createDriver: () => new DummyDriver(),
        createIntrospector: (kysely) => new introspector(kysely),
        createQueryCompiler: () => compiler,
      },
      log: (event) => {
        statements.push(event.query.sql);
      },
    });
    await migration.up(db);
    await db.destroy();
  }
  return statements;
}

export function removals(statements: string[]): Removal[] {
  const found = new Map<string, Removal>();
  for (const statement of statements) {
    for (const [pattern, read] of REMOVALS) {
      for (const match of statement.matchAll(pattern)) {
        const item = read(match as RegExpExecArray);
        found.set(item.object, item);
      }
    }
  }
  return [...found.values()];
}

/** The header line `// contract: a, b.c (unused since <migration>)`, when the file has one. */
function contractHeader(source: string): { objects: string[]; since: string } | undefined {
  const match = /^\/\/\s*contract:\s*(.+?)\s*\(unused since\s+(\w+)\)/m.exec(source);
  if (!match) return undefined;
  const objects = String(match[1])
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return { objects, since: String(match[2]) };
}

/** Where code can be searched: the working tree, or the tree at one commit. */
type Tree = 'working' | { commit: string };

const git = (args: string[]): string => {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (error) {
    // git grep exits 1 when nothing matches.
    if ((error as { status?: number }).status === 1) return '';
    throw error;
  }
};

/** Files of src/ (but the migrations and this check) in which every word given occurs. */
function filesWithWords(tree: Tree, words: string[]): string[] {
  const patterns = words.flatMap((word) => ['-e', word]);
  const at = tree === 'working' ? ['--untracked'] : [tree.commit];
  const out = git([
    'grep',
    '-l',
    '-w',
    '--all-match',
    ...patterns,
    ...at,
    '--',
    'src',
    `:!${MIGRATIONS_DIR}`,
    ':!src/server/db/expand-contract*',
  ]);
  return out
    .split('\n')
    .filter(Boolean)
    .map((line) => (tree === 'working' ? line : line.slice(tree.commit.length + 1)));
}

/** The column names the schema types (schema.ts) give a table. */
function typedColumns(tree: Tree, table: string): string[] {
  const source =
    tree === 'working' ? readFileSync(SCHEMA_FILE, 'utf8') : git(['show', `${tree.commit}:${SCHEMA_FILE}`]);
  const typeName = new RegExp(`^\\s*${table}:\\s*(\\w+);`, 'm').exec(source)?.[1];
  if (!typeName) return [];
  const body = new RegExp(`interface ${typeName}\\s*\\{([^}]*)\\}`).exec(source)?.[1] ?? '';
  return [...body.matchAll(/^\s*(\w+)\??:/gm)].map((m) => String(m[1]));
}

/**
 * Where code still uses an object: a table or index is used by any file that names it; a column by
 * the table's type in schema.ts (typed queries cannot name a column it lacks) or by a file naming
 * both the table and the column (raw SQL). Conservative: a word in a comment counts too.
 */
function usesOf(tree: Tree, object: string): string[] {
  const [table, column] = object.split('.') as [string, string | undefined];
  if (!column) return filesWithWords(tree, [table]);
  const files = filesWithWords(tree, [table, column]).filter((file) => file !== SCHEMA_FILE);
  return typedColumns(tree, table).includes(column) ? [SCHEMA_FILE, ...files] : files;
}

/** The commit that added a migration's file (its release), when committed. */
function commitThatAdded(name: string): string | undefined {
  const file = `${MIGRATIONS_DIR}/${name.replaceAll('_', '-')}.ts`;
  return git(['log', '--diff-filter=A', '--format=%H', '--', file]).trim().split('\n').pop() || undefined;
}

/** A release named by its commit: the release that stopped using an object may have added no migration. */
const RELEASE_COMMIT = /^[0-9a-f]{7,40}$/;
const isEarlierCommit = (commit: string): boolean => {
  try {
    execFileSync('git', ['merge-base', '--is-ancestor', commit, 'HEAD'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

export interface CheckedMigration {
  name: string;
  source: string;
  migration: Migration;
}

/** Every breach of the rule, as sentences; empty when the migrations keep it. */
export async function contractProblems(
  list: CheckedMigration[],
  { checkedAfter = CHECKED_AFTER } = {},
): Promise<string[]> {
  const problems: string[] = [];
  const names = list.map((item) => item.name);
  for (const { name, source, migration } of list) {
    if (name <= checkedAfter) continue;
    const header = contractHeader(source);
    for (const { object, how } of removals(await recordedSql(migration))) {
      if (!header?.objects.includes(object)) {
        problems.push(
          `${name} removes ${object} (${how}) without a header line '// contract: ${object} (unused since ` +
            "<the last migration of the release that stopped using it>)': a release only adds to the schema.",
        );
      }
    }
    if (!header) continue;
    const sinceCommit = RELEASE_COMMIT.test(header.since);
    if (
      sinceCommit ? !isEarlierCommit(header.since) : !names.includes(header.since) || header.since >= name
    ) {
      problems.push(
        `${name}: 'unused since ${header.since}' must name an earlier migration, or a commit of main's history (a release that added no migration).`,
      );
      continue;
    }
    const commit = sinceCommit ? header.since : commitThatAdded(header.since);
    if (!commit)
      problems.push(`${name}: ${header.since} is not committed, so no earlier release shipped it.`);
    for (const object of header.objects) {
      const now = usesOf('working', object);
      if (now.length > 0)
        problems.push(`${name} removes ${object}, which this release still uses: ${now.join(', ')}.`);
      const then = commit ? usesOf({ commit }, object) : [];
      if (then.length > 0) {
        problems.push(
          `${name} removes ${object}, which the release of ${header.since} still used (${then.join(', ')}): ` +
            'its servers may still run during the deploy. Drop it in a later release.',
        );
      }
    }
  }
  return problems;
}
