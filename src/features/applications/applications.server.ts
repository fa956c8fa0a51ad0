// POST /applications/{charge-card|fleet-fueling}: a multipart submission (fields, drawn
// signatures as PNG files, the fleet form's two optional statements), checked by the public-form
// guard and the same schemas as the islands, stored sealed (store.server.ts), then the credit
// department and the applicant are mailed. No answer, log line or mail repeats what was typed.
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../server/deps';
import { ApiError, ERRORS } from '../../server/errors';
import { guardPublicForm } from '../../server/form-guard';
import { type ApplicationKind, isApplicationKind, KINDS, schemaFor } from './applications';
import { keyringFor } from './keys.server';
import { sendApplicationMails } from './mail.server';
import { APPLICATION_MESSAGES, summaryMessage } from './rules';
import { type StoredFile, saveApplication } from './store.server';
import { signatureDataUrl, uploadContentProblem } from './uploads.server';

type Part = string | File;
const unreadable = () =>
  new ApiError(400, 'invalid_input', 'The application could not be read. Please submit the form again.');

/** Form values as the schema reads them, and the uploaded statements apart. */
async function readParts(kind: ApplicationKind, body: Record<string, Part | Part[]>) {
  const info = KINDS[kind];
  const values: Record<string, unknown> = {};
  const uploads: Record<string, File> = {};
  for (const [name, raw] of Object.entries(body)) {
    const parts = Array.isArray(raw) ? raw : [raw];
    if (parts.some((part) => typeof part === 'string' && part.includes('\u0000'))) {
      throw ApiError.of(ERRORS.badCharacters);
    }
    const texts = parts.filter((part): part is string => typeof part === 'string');
    const last = parts.at(-1);
    if (info.groups.includes(name)) values[name] = texts;
    else if (info.signatures.includes(name)) {
      values[name] = last instanceof File ? signatureDataUrl(new Uint8Array(await last.arrayBuffer())) : '';
    } else if (info.uploads.includes(name)) {
      if (last instanceof File && last.size > 0) uploads[name] = last;
    } else if (typeof last === 'string') values[name] = last;
  }
  return { values, uploads };
}

/** The statements' bytes, checked by name, size and detected type; 400 with a message per field. */
async function checkUploads(uploads: Record<string, File>): Promise<StoredFile[]> {
  const files: StoredFile[] = [];
  const problems: Record<string, string> = {};
  for (const [field, file] of Object.entries(uploads)) {
    const content = Buffer.from(await file.arrayBuffer());
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
 * What the browser sends, typed for the client's `form:` body (src/features/applications/submit.ts);
 * the route reads and checks the parts itself (readParts), so this is a type, not a validator.
 */
type Sent = Context<AppEnv, '/:kind', { in: { form: Record<string, string | Blob | (string | Blob)[]> } }>;

export const applicationRoutes = new Hono<AppEnv>().post('/:kind', async (c: Sent) => {
  const { deps } = c.var;
  const kind = c.req.param('kind');
  if (!isApplicationKind(kind)) throw ApiError.of(ERRORS.notFound);
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the application as multipart/form-data.');
  }
  let body: Record<string, Part | Part[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw unreadable();
  }
  const { values, uploads } = await readParts(kind, body);
  const schema = schemaFor(kind, values, deps.now());
  let data: Record<string, unknown>;
  try {
    data = await guardPublicForm(c, kind, schema, values, {
      person: (fields) => String(fields[KINDS[kind].emailField]),
    });
  } catch (error) {
    // The guard names the first problem; the forms say SPEC 5.6's sentence for all of them.
    if (error instanceof ApiError && error.code === 'invalid_input' && error.fields) {
      const result = v.safeParse(schema, values);
      const description = result.success ? error.message : summaryMessage(result.issues);
      throw new ApiError(400, 'invalid_input', description, error.fields);
    }
    throw error;
  }
  const files = await checkUploads(uploads);
  const record = await saveApplication(deps.db, keyringFor(deps.config.dataDir), {
    kind,
    data,
    files,
    now: deps.now(),
  });
  console.info(`[applications] ${kind} application ${record.reference} stored`);
  await sendApplicationMails(deps, {
    kind,
    reference: record.reference,
    summary: record.summary,
    applicantEmail: String(data[KINDS[kind].emailField]),
  });
  return c.json({ reference: record.reference }, 201);
});
