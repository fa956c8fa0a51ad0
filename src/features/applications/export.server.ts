// Exporting one application for the credit department: a readable PDF, a JSON file for
// processing (the fields as stored, plus the attached files' names) and the attached files
// themselves, all written with mode 600 into a folder the operator names.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.ts';
import type { Keyring } from './crypto.server.ts';
import { applicationPdf } from './pdf.server.ts';
import { openApplication } from './sealed-records.server.ts';

export type ExportFormat = 'pdf' | 'json' | 'both';

const safeName = (name: string) => name.replace(/[^\w.-]+/g, '_').replace(/^\.+/, '') || 'file';

export async function exportApplication(
  db: Kysely<Database>,
  keyring: Keyring,
  idOrReference: string,
  options: { outDir: string; format: ExportFormat },
): Promise<string[] | undefined> {
  const opened = await openApplication(db, keyring, idOrReference);
  if (!opened) return undefined;
  const { record, data, files } = opened;
  mkdirSync(options.outDir, { recursive: true, mode: 0o700 });
  const written: string[] = [];
  const write = (name: string, content: string | Uint8Array) => {
    const path = join(options.outDir, name);
    writeFileSync(path, content, { mode: 0o600 });
    written.push(path);
  };
  const saved = files.map((file) => ({
    ...file,
    saved_as: `${record.reference}-${file.field}-${safeName(file.name)}`,
  }));
  for (const file of saved) write(file.saved_as, file.content);
  if (options.format !== 'json') {
    write(`${record.reference}.pdf`, await applicationPdf(record, data, files));
  }
  if (options.format !== 'pdf') {
    const json = {
      reference: record.reference,
      kind: record.kind,
      received_at: new Date(record.created_at).toISOString(),
      data,
      files: saved.map(({ content: _bytes, ...file }) => file),
    };
    write(`${record.reference}.json`, `${JSON.stringify(json, null, 2)}\n`);
  }
  return written;
}
