// Server-side checks of uploaded files: the name's extension and the size (uploads.ts, as the
// island checks them) and what the bytes really are, detected with file-type: a program renamed
// to statement.pdf is refused. Plain-text types (txt, csv) have no signature to detect, so they
// must not look binary. Office files with macros and PDFs with active content are refused too
// (active-content.server.ts). Signatures must be real PNG images.
import { activeContentProblem } from './active-content.server.ts';
import { SIGNATURE_MAX_CHARS } from './rules.ts';
import { extensionOf, FILE_TYPE_MESSAGE, type UploadExtension, uploadProblem } from './uploads.ts';

/** What file-type may detect for each allowed extension; `text` means: nothing detected, no NUL bytes. */
const DETECTED: Record<UploadExtension, readonly string[]> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  gif: ['gif'],
  png: ['png', 'apng'],
  bmp: ['bmp'],
  tif: ['tif'],
  psd: ['psd'],
  pdf: ['pdf'],
  doc: ['cfb'],
  xls: ['cfb'],
  docx: ['docx', 'docm'],
  xlsx: ['xlsx', 'xlsm'],
  csv: ['text'],
  txt: ['text'],
  mp3: ['mp3'],
  mp4: ['mp4', 'm4v', 'm4a', 'mov', '3gp'],
  aac: ['aac', 'm4a'],
  wav: ['wav'],
  au: ['au'],
  wmv: ['asf'],
  avi: ['avi'],
  mpg: ['mpg', 'mp2'],
  mpeg: ['mpg', 'mp2'],
  zip: ['zip'],
  gz: ['gz'],
  tgz: ['gz', 'tar.gz'],
  rar: ['rar'],
  z: ['Z'],
  tar: ['tar'],
  sitx: ['sitx'],
};

/** Formats file-type does not know, recognised by their fixed first bytes. */
function ownSignature(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.subarray(0, 8)).toString('latin1');
  if (head.startsWith('.snd')) return 'au';
  if (head.startsWith('StuffIt!')) return 'sitx';
  return undefined;
}

const looksLikeText = (bytes: Uint8Array): boolean => !bytes.subarray(0, 64 * 1024).includes(0);

/** The detected kind of the bytes, in the vocabulary of DETECTED. */
export async function detectKind(bytes: Uint8Array): Promise<string | undefined> {
  const own = ownSignature(bytes);
  if (own) return own;
  // Loaded with the first upload: file-type is about 8 MB of the server's memory at rest.
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  if (found) return found.ext;
  return looksLikeText(bytes) ? 'text' : undefined;
}

/** Null when the file may be kept; otherwise the message to show beside the field. */
export async function uploadContentProblem(name: string, bytes: Uint8Array): Promise<string | null> {
  const byName = uploadProblem({ name, size: bytes.byteLength });
  if (byName) return byName;
  const kind = await detectKind(bytes);
  const expected = DETECTED[extensionOf(name) as UploadExtension];
  if (!kind || !expected.includes(kind)) return FILE_TYPE_MESSAGE;
  return activeContentProblem(kind, bytes);
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bytes of a signature image: enough for a 666x167 drawing, far from any abuse. */
export const MAX_SIGNATURE_BYTES = Math.floor((SIGNATURE_MAX_CHARS - 40) * 0.75);

/** A drawn signature as the schema expects it (a PNG data URL), or '' when it is not a PNG. */
export function signatureDataUrl(bytes: Uint8Array): string {
  if (bytes.byteLength > MAX_SIGNATURE_BYTES || !PNG_MAGIC.equals(Buffer.from(bytes.subarray(0, 8))))
    return '';
  return `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`;
}
