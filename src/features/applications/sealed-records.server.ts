// Stored applications: one row per application with the whole submission sealed as JSON, and
// one row per uploaded file with its bytes and its name sealed apart. The associated data ties
// each sealed value to its row (crypto.server.ts), so values cannot be swapped between rows.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema.ts';
import type { ApplicationKind } from './applications.ts';
import { KINDS } from './applications.ts';
import { type Keyring, keyIdOf, open, openText, reseal, SealError, seal } from './crypto.server.ts';

export interface StoredFile {
  field: string;
  name: string;
  type: string;
  size: number;
  content: Buffer;
}

export interface Application {
  id: string;
  kind: ApplicationKind;
  reference: string;
  created_at: number;
  summary: string;
  key_id: string;
}

const payloadContext = (id: string, kind: string) => `applications:${id}:${kind}`;
const fileContext = (id: string, applicationId: string, part: 'meta' | 'content') =>
  `application_files:${id}:${applicationId}:${part}`;

// Crockford's base32 without look-alikes: easy to read out over the phone.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export function newReference(kind: ApplicationKind): string {
  const chars = [...randomBytes(8)].map((byte) => ALPHABET[byte % 32]).join('');
  return `${KINDS[kind].prefix}-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

type NewApplication = {
  kind: ApplicationKind;
  data: Record<string, unknown>;
  files: StoredFile[];
  now: number;
};

/** Stores an application with its files in one transaction. */
export const saveApplication = (db: Kysely<Database>, keyring: Keyring, input: NewApplication) =>
  db.transaction().execute((trx) => insertApplication(trx, keyring, input));

/** Stores an application with its files, in the caller's transaction (`trx`). */
export async function insertApplication(
  trx: Kysely<Database>,
  keyring: Keyring,
  input: NewApplication,
): Promise<Application> {
  const id = randomUUID();
  const record: Application = {
    id,
    kind: input.kind,
    reference: newReference(input.kind),
    created_at: input.now,
    summary: KINDS[input.kind].summary(input.data).slice(0, 100),
    key_id: keyring.activeId,
  };
  const payload = seal(keyring, JSON.stringify(input.data), payloadContext(id, input.kind));
  await trx
    .insertInto('applications')
    .values({ ...record, payload })
    .execute();
  for (const file of input.files) {
    const fileId = randomUUID();
    const { content, ...meta } = file;
    await trx
      .insertInto('application_files')
      .values({
        id: fileId,
        application_id: id,
        key_id: keyring.activeId,
        meta: seal(keyring, JSON.stringify(meta), fileContext(fileId, id, 'meta')),
        content: seal(keyring, content, fileContext(fileId, id, 'content')),
      })
      .execute();
  }
  return record;
}

const LIST_COLUMNS = ['id', 'kind', 'reference', 'created_at', 'summary', 'key_id'] as const;

/** Newest first; never the sealed columns. */
export async function listApplications(
  db: Kysely<Database>,
  options: { kind?: ApplicationKind; limit?: number } = {},
): Promise<Application[]> {
  let query = db.selectFrom('applications').select(LIST_COLUMNS).orderBy('created_at', 'desc');
  if (options.kind) query = query.where('kind', '=', options.kind);
  const rows = await query.limit(options.limit ?? 1000).execute();
  return rows.map((row) => ({
    ...row,
    kind: row.kind as ApplicationKind,
    created_at: Number(row.created_at),
  }));
}

/** One application, opened: its data and its files. Accepts the id or the reference number. */
export async function openApplication(db: Kysely<Database>, keyring: Keyring, idOrReference: string) {
  const row = await db
    .selectFrom('applications')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrReference), eb('reference', '=', idOrReference.toUpperCase())]))
    .executeTakeFirst();
  if (!row) return undefined;
  const data = JSON.parse(openText(keyring, row.payload, payloadContext(row.id, row.kind))) as Record<
    string,
    unknown
  >;
  const fileRows = await db
    .selectFrom('application_files')
    .selectAll()
    .where('application_id', '=', row.id)
    .execute();
  const files: StoredFile[] = fileRows.map((file) => ({
    ...(JSON.parse(openText(keyring, file.meta, fileContext(file.id, row.id, 'meta'))) as Omit<
      StoredFile,
      'content'
    >),
    content: open(keyring, file.content, fileContext(file.id, row.id, 'content')),
  }));
  const { payload: _sealed, ...record } = row;
  return {
    record: { ...record, kind: row.kind as ApplicationKind, created_at: Number(row.created_at) },
    data,
    files,
  };
}

/** Deletes applications (and their files) created before `cutoff`; returns how many. */
export async function purgeBefore(db: Kysely<Database>, cutoff: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const old = trx.selectFrom('applications').select('id').where('created_at', '<', cutoff);
    await trx.deleteFrom('application_files').where('application_id', 'in', old).execute();
    const result = await trx.deleteFrom('applications').where('created_at', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/**
 * Seals every record and file not yet under the active key again. A record that cannot be
 * opened (altered, or its key lost) is left as it is and reported, not allowed to stop the rest.
 */
export async function resealAll(
  db: Kysely<Database>,
  keyring: Keyring,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<{ changed: number; failed: string[] }> {
  const rows = await db.selectFrom('applications').select(['id', 'kind', 'reference']).execute();
  let changed = 0;
  const failed: string[] = [];
  for (const [index, { id, kind, reference }] of rows.entries()) {
    try {
      changed += await db.transaction().execute((trx) => resealOne(trx, keyring, id, kind));
    } catch (error) {
      if (!(error instanceof SealError)) throw error;
      failed.push(reference);
    }
    onProgress(index + 1, rows.length);
  }
  return { changed, failed };
}

async function resealOne(trx: Kysely<Database>, keyring: Keyring, id: string, kind: string): Promise<number> {
  let changed = 0;
  const row = await trx
    .selectFrom('applications')
    .select(['payload', 'key_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  if (row.key_id !== keyring.activeId) {
    const payload = reseal(keyring, row.payload, payloadContext(id, kind));
    await trx
      .updateTable('applications')
      .set({ payload, key_id: keyIdOf(payload) })
      .where('id', '=', id)
      .execute();
    changed++;
  }
  const files = await trx
    .selectFrom('application_files')
    .selectAll()
    .where('application_id', '=', id)
    .where('key_id', '!=', keyring.activeId)
    .execute();
  for (const file of files) {
    await trx
      .updateTable('application_files')
      .set({
        meta: reseal(keyring, file.meta, fileContext(file.id, id, 'meta')),
        content: reseal(keyring, file.content, fileContext(file.id, id, 'content')),
        key_id: keyring.activeId,
      })
      .where('id', '=', file.id)
      .execute();
    changed++;
  }
  return changed;
}

/** Ids of the keys some stored row still needs. */
export async function keysInUse(db: Kysely<Database>): Promise<Set<string>> {
  const a = await db.selectFrom('applications').select('key_id').distinct().execute();
  const f = await db.selectFrom('application_files').select('key_id').distinct().execute();
  return new Set([...a, ...f].map((row) => row.key_id));
}
