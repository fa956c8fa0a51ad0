// What the operator commands do with stored contact messages (contact.cli.ts): find them by
// department and date range (store days, New York time), turn them into CSV, mark them handled.

import type { Selectable } from 'kysely';
import { chainDay } from '../../lib/dates.ts';
import type { ContactMessagesTable } from '../../server/db/schema.ts';
import type { AppDeps } from '../../server/deps.ts';
import { operatorCsv } from '../../server/operator-csv.ts';
import { terminalText } from '../../server/terminal-text.ts';
import { failedMail } from './contact-mail.server.ts';
import { DEPARTMENT_NAMES, type DepartmentId } from './departments.ts';

/** A stored message, and whether one of its mail jobs failed for good. */
export type MessageRow = Selectable<ContactMessagesTable> & { mail_failed: boolean };
const DAY = 24 * 60 * 60 * 1000;

export interface MessageFilter {
  department?: number;
  /** First and last store day (YYYY-MM-DD), both included. */
  from?: string;
  to?: string;
  unhandled?: boolean;
}

export async function findMessages(deps: AppDeps, filter: MessageFilter): Promise<MessageRow[]> {
  let query = deps.db.selectFrom('contact_messages').selectAll().orderBy('created_at');
  if (filter.department !== undefined) query = query.where('department', '=', filter.department);
  if (filter.unhandled) query = query.where('handled_at', 'is', null);
  // A day of margin on each side in UTC, then the exact store day of each message.
  if (filter.from) query = query.where('created_at', '>=', Date.parse(`${filter.from}T00:00:00Z`) - DAY);
  if (filter.to) query = query.where('created_at', '<', Date.parse(`${filter.to}T00:00:00Z`) + 2 * DAY);
  const rows = (await query.execute()).filter((row) => {
    const day = chainDay(row.created_at);
    return (!filter.from || day >= filter.from) && (!filter.to || day <= filter.to);
  });
  const failed = await failedMail(
    deps,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, mail_failed: failed.has(row.id) }));
}

function mailStatus(row: MessageRow): 'sent' | 'pending' | 'failed' {
  if (row.department_mailed_at !== null && (row.ack_mailed_at !== null || row.ack_withheld_at !== null))
    return 'sent';
  return row.mail_failed ? 'failed' : 'pending';
}

/**
 * The line `contact list` prints for a message. The sender's words are printed through
 * terminalText: a name or subject stored with an escape sequence shows it, it does not run it.
 */
export function messageLine(row: MessageRow): string {
  const state = `${row.handled_at ? 'handled' : 'open'}, mail ${mailStatus(row)}`;
  const day = new Date(row.created_at).toISOString().slice(0, 16);
  const sender = terminalText(`${row.first_name} ${row.last_name} <${row.email}>`);
  return `${row.reference}  ${day}  ${row.department}  ${sender}  ${terminalText(row.subject)}  [${state}]`;
}

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

export const CSV_COLUMNS = [
  'reference',
  'received_at',
  'department',
  'department_name',
  'first_name',
  'last_name',
  'email',
  'phone',
  'address',
  'city',
  'state',
  'zip',
  'subject',
  'message',
  'extra_data',
  'ip',
  'handled_at',
  'mail_status',
] as const;

/** Opened in a spreadsheet: cells that look like formulas are neutralised (src/server/operator-csv.ts). */
export function messagesCsv(rows: MessageRow[]): string {
  return operatorCsv(
    rows.map((row) => ({
      ...row,
      received_at: iso(row.created_at),
      department_name: DEPARTMENT_NAMES[row.department as DepartmentId] ?? '',
      ip: row.ip ?? '',
      handled_at: iso(row.handled_at),
      mail_status: mailStatus(row),
    })),
    { header: true, columns: [...CSV_COLUMNS] },
  );
}

/** Marks messages handled by reference; answers the references that were not found. */
export async function markHandled(deps: AppDeps, references: string[]): Promise<string[]> {
  const wanted = references.map((r) => r.trim().toUpperCase());
  const found = await deps.db
    .selectFrom('contact_messages')
    .select('reference')
    .where('reference', 'in', wanted)
    .execute();
  const known = new Set(found.map((row) => row.reference));
  if (known.size > 0)
    await deps.db
      .updateTable('contact_messages')
      .set({ handled_at: deps.now() })
      .where('reference', 'in', [...known])
      .where('handled_at', 'is', null)
      .execute();
  return wanted.filter((reference) => !known.has(reference));
}
