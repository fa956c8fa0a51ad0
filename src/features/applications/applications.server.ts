// POST /applications/{charge-card|fleet-fueling}: a multipart submission (fields, drawn
// signatures as PNG files, the fleet form's two optional statements), checked by the public-form
// guard and the same schemas as the islands, stored sealed (sealed-records.server.ts), then the credit
// department and the applicant are mailed. No answer, log line or mail repeats what was typed.
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { GUARD_HEADERS } from '../../lib/form-rules.ts';
import type { AppEnv } from '../../server/deps.ts';
import { ApiError, ERRORS } from '../../server/errors.ts';
import { guardAfterBody, guardBeforeBody } from '../../server/form-guard.ts';
import { keepAnswer } from '../../server/idempotency.ts';
import { countStored } from '../../server/metrics.ts';
import { type ApplicationKind, isApplicationKind, KINDS, schemaFor } from './applications.ts';
import { keyringFor } from './keys.server.ts';
import { queueApplicationMails } from './mail.server.ts';
import { type ReceivedFile, type ReceivedForm, readApplicationBody } from './multipart.server.ts';
import { APPLICATION_MESSAGES, summaryMessage } from './rules.ts';
import { insertApplication, type StoredFile } from './sealed-records.server.ts';
import { signatureDataUrl, uploadContentProblem } from './uploads.server.ts';

/** Form values as the schema reads them, and the uploaded statements apart. */
function readParts(kind: ApplicationKind, { fields, files }: ReceivedForm) {
  const info = KINDS[kind];
  const values: Record<string, unknown> = {};
  const uploads: Record<string, ReceivedFile> = {};
  for (const [name, texts] of fields) {
    if (info.groups.includes(name)) values[name] = texts;
    else if (info.signatures.includes(name)) values[name] = '';
    else if (!info.uploads.includes(name)) values[name] = texts.at(-1);
  }
  for (const [name, file] of files) {
    if (info.signatures.includes(name)) values[name] = signatureDataUrl(file.content);
    else if (file.content.byteLength > 0) uploads[name] = file;
  }
  return { values, uploads };
}

/** The statements' bytes, checked by name, size and detected type; 400 with a message per field. */
async function checkUploads(uploads: Record<string, ReceivedFile>): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  const problems: Record<string, string> = {};
  for (const [field, file] of Object.entries(uploads)) {
    const { content } = file;
    const name = file.name.split(/[\\/]/).pop()?.slice(-200) ?? 'file';
    const problem = await uploadContentProblem(name, content);
    if (problem) problems[field] = problem;
    else files.push({ field, name, type: file.type.slice(0, 100), size: content.byteLength, content });
  }
  if (Object.keys(problems).length > 0) {
    throw new ApiError(400, 'invalid_input', APPLICATION_MESSAGES.format, problems);
  }
  return files;
}

/**
 * What the browser sends, typed for the client (src/features/applications/submit.ts): the guard's
 * values as headers (GUARD_HEADERS), the form as a multipart `form:` body. The route checks the
 * headers, then reads and checks the parts itself, so this is a type, not a validator.
 */
type Sent = Context<
  AppEnv,
  '/:kind',
  {
    in: {
      form: Record<string, string | Blob | (string | Blob)[]>;
      header: Record<(typeof GUARD_HEADERS)[keyof typeof GUARD_HEADERS], string>;
    };
  }
>;

export const applicationRoutes = new Hono<AppEnv>().post('/:kind', async (c: Sent) => {
  const { deps } = c.var;
  const kind = c.req.param('kind');
  if (!isApplicationKind(kind)) throw ApiError.of(ERRORS.notFound);
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the application as multipart/form-data.');
  }
  // Trap, ticket, attempt limits and human check, from the headers: nothing of the body is read
  // before they pass (docs/threat-model.md). Then the body, streamed with limits; then the fields and the person.
  let received: ReceivedForm;
  try {
    await guardBeforeBody(c, kind);
    received = await readApplicationBody(c.req.raw, KINDS[kind]);
  } catch (error) {
    // The rest of the body is not read: the connection closes after the answer.
    c.header('Connection', 'close');
    throw error;
  }
  const { values, uploads } = readParts(kind, received);
  const schema = schemaFor(kind, values, deps.now());
  let data: Record<string, unknown>;
  try {
    data = await guardAfterBody(c, kind, schema, values, {
      person: (fields) => String(fields[KINDS[kind].emailField]),
    });
  } catch (error) {
    // The guard names the first problem; the forms say product.md 5.6's sentence for all of them.
    if (error instanceof ApiError && error.code === 'invalid_input' && Object.keys(error.fields).length > 0) {
      const result = v.safeParse(schema, values);
      const description = result.success ? error.message : summaryMessage(result.issues);
      throw new ApiError(400, 'invalid_input', description, error.fields);
    }
    throw error;
  }
  const files = await checkUploads(uploads);
  const now = deps.now();
  const keep = keepAnswer(c, 201);
  // The application, its mails and the answer kept for a retry: stored as one.
  const reference = await deps.db.transaction().execute(async (trx) => {
    const record = await insertApplication(trx, keyringFor(deps.config), { kind, data, files, now });
    const applicantEmail = String(data[KINDS[kind].emailField]);
    await queueApplicationMails(
      trx,
      { kind, reference: record.reference, summary: record.summary, applicantEmail },
      now,
    );
    await keep(trx, { reference: record.reference });
    return record.reference;
  });
  countStored('application');
  console.info(`[applications] ${kind} application ${reference} stored`);
  deps.jobs.kick();
  return c.json({ reference }, 201);
});
