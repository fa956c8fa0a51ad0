// What the applications' API tests share: a submission with a fresh ticket and human-check token,
// everything the server logged, and a raw dump of all the data it keeps at rest (the database's
// files or PostgreSQL's tables, and the outbox) to search for secrets in clear.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { vi } from 'vitest';
import { applicationForm } from '../../src/features/applications/applications.sample.ts';
import type { ApplicationKind } from '../../src/features/applications/applications.ts';
import { GUARD_HEADERS } from '../../src/lib/form-rules.ts';
import type { TestApi } from './test-api.ts';

export async function submit(
  api: TestApi,
  kind: ApplicationKind,
  values: Record<string, unknown>,
  files: Parameters<typeof applicationForm>[1] = {},
  ip = '203.0.113.7',
) {
  return api.call('POST', `/applications/${kind}`, {
    raw: applicationForm(values, files),
    headers: await guardHeaders(api, kind),
    ip,
  });
}

/** The guard's headers as the browser sends them: a fresh ticket (old enough) and human-check token. */
export async function guardHeaders(api: TestApi, kind: ApplicationKind): Promise<Record<string, string>> {
  return {
    [GUARD_HEADERS.form_ticket]: await api.ticket(kind),
    [GUARD_HEADERS.human_check_token]: await api.humanToken(kind),
  };
}

/** Collects every console line from now on (the server log). */
export function captureLog(): { text: () => string; restore: () => void } {
  const lines: string[] = [];
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(
        args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : String(arg))).join(' '),
      );
    }),
  );
  return {
    text: () => lines.join('\n'),
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
}

function folderBytes(dir: string, filter: (name: string) => boolean = () => true): string {
  let names: string[] = [];
  try {
    names = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  } catch {
    return '';
  }
  return names
    .filter(filter)
    .map((name) => {
      try {
        return readFileSync(join(dir, name)).toString('latin1');
      } catch {
        return ''; // a folder
      }
    })
    .join('\n');
}

/** Everything kept at rest, as raw text: the SQLite files (with the WAL) or every PostgreSQL row. */
export async function dumpAtRest(api: TestApi): Promise<string> {
  await api.deps.settle();
  const outbox = folderBytes(api.config.outboxDir);
  if (api.deps.dbKind === 'sqlite') return `${folderBytes(api.config.dataDir)}\n${outbox}`;
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = 'public'`.execute(api.db);
  const rows: unknown[] = [];
  for (const { table_name } of tables.rows) {
    rows.push((await sql`select * from ${sql.table(table_name)}`.execute(api.db)).rows);
  }
  return `${JSON.stringify(rows)}\n${folderBytes(api.config.dataDir)}`;
}
