// Reading an application's multipart body as it streams in (busboy), only after the public-form
// guard passed (applications.server.ts): nothing is buffered or parsed beyond the limits below, and
// reading stops at the first one exceeded, with a 400 or 413 that says which. Parsing in chunks as
// they arrive keeps the server answering other requests while an upload comes in (docs/threat-model.md).
import { Readable } from 'node:stream';
import Busboy from 'busboy';
import { ApiError, ERRORS } from '../../server/errors.ts';
import type { KindInfo } from './kind.ts';
import { APPLICATION_MESSAGES } from './rules.ts';
import { MAX_SIGNATURE_BYTES } from './uploads.server.ts';
import { FILE_SIZE_MESSAGE, MAX_APPLICATION_BYTES, MAX_UPLOAD_BYTES } from './uploads.ts';

/** More than the fullest application sends (a fleet form with every guarantor: under 100 fields). */
export const MAX_FIELDS = 500;
/** Longer than any text field the schemas accept (drawn signatures come as files). */
export const MAX_FIELD_BYTES = 16 * 1024;

/** An uploaded file as read: its part's file name and type, and its bytes. */
export interface ReceivedFile {
  name: string;
  type: string;
  content: Buffer;
}

export interface ReceivedForm {
  /** Text fields, every value under its name in the order sent. */
  fields: Map<string, string[]>;
  /** The last file sent under each signature or statement field; other files are not kept. */
  files: Map<string, ReceivedFile>;
}

const unreadable = () =>
  new ApiError(400, 'invalid_input', 'The application could not be read. Please submit the form again.');
const tooMany = () =>
  new ApiError(413, 'too_many_parts', 'The application has more fields or files than the form sends.');
const fieldTooLong = () =>
  new ApiError(400, 'invalid_input', 'A field of the application is longer than the form allows.');

/**
 * The body of `request`, read with limits on fields, field size, files, file size and total size.
 * A statement over MAX_UPLOAD_BYTES is refused at once with its field's message (400), a body over
 * MAX_APPLICATION_BYTES with 413; the rest of the body is then not read or parsed.
 */
export function readApplicationBody(request: Request, info: KindInfo): Promise<ReceivedForm> {
  const fileFields = [...info.signatures, ...info.uploads];
  let parser: Busboy.Busboy;
  try {
    parser = Busboy({
      headers: Object.fromEntries(request.headers),
      defParamCharset: 'utf8',
      limits: {
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        files: fileFields.length,
        fileSize: MAX_UPLOAD_BYTES,
        parts: MAX_FIELDS + fileFields.length,
        headerPairs: 8,
      },
    });
  } catch {
    return Promise.reject(unreadable()); // no boundary, or not multipart at all
  }
  const source = request.body ? Readable.fromWeb(request.body as never) : Readable.from([]);
  const form: ReceivedForm = { fields: new Map(), files: new Map() };

  return new Promise<ReceivedForm>((resolve, reject) => {
    let done = false;
    // Stops reading and parsing, and answers: the route closes the connection after a refusal, so
    // what the client still sends is never read.
    const stop = (error?: ApiError) => {
      if (done) return;
      done = true;
      source.unpipe(parser);
      source.pause();
      parser.removeAllListeners();
      parser.on('error', () => {});
      source.on('error', () => {});
      if (error) reject(error);
      else resolve(form);
    };
    let total = 0;
    source.on('data', (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > MAX_APPLICATION_BYTES) stop(ApiError.of(ERRORS.payloadTooLarge));
    });
    source.on('error', () => stop(unreadable()));
    parser.on('field', (name, value, { valueTruncated }) => {
      if (valueTruncated) return stop(fieldTooLong());
      if (value.includes('\u0000') || name.includes('\u0000')) return stop(ApiError.of(ERRORS.badCharacters));
      const values = form.fields.get(name) ?? [];
      values.push(value);
      form.fields.set(name, values);
    });
    parser.on('file', (name, stream, { filename, mimeType }) => {
      if (!fileFields.includes(name)) {
        stream.resume(); // not a file the form sends: not kept
        return;
      }
      const signature = info.signatures.includes(name);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.byteLength;
        // A signature larger than a drawing can be is kept as nothing (the field then reads as empty).
        if (!signature || size <= MAX_SIGNATURE_BYTES + 1) chunks.push(chunk);
      });
      stream.on('limit', () => {
        if (!signature) {
          stop(
            new ApiError(400, 'invalid_input', APPLICATION_MESSAGES.format, { [name]: FILE_SIZE_MESSAGE }),
          );
        }
      });
      stream.on('end', () => {
        if (done) return;
        form.files.set(name, {
          name: (filename ?? 'file').replaceAll('\u0000', ''),
          type: mimeType,
          content: Buffer.concat(chunks),
        });
      });
    });
    parser.on('partsLimit', () => stop(tooMany()));
    parser.on('filesLimit', () => stop(tooMany()));
    parser.on('fieldsLimit', () => stop(tooMany()));
    parser.on('error', () => stop(unreadable()));
    parser.on('close', () => stop());
    source.pipe(parser);
  });
}
