// The fleet form's financial statement uploads (product.md 3, 5.6): which file names are accepted, the
// size limit, and the form provider's type message (product.md 8). The island checks name and size
// first; the server checks them again and also what the bytes really are (uploads.server.ts).

/** product.md 5.6's list, exactly. */
export const UPLOAD_EXTENSIONS = [
  'jpg',
  'jpeg',
  'gif',
  'png',
  'bmp',
  'tif',
  'psd',
  'pdf',
  'doc',
  'docx',
  'csv',
  'xls',
  'xlsx',
  'txt',
  'mp3',
  'mp4',
  'aac',
  'wav',
  'au',
  'wmv',
  'avi',
  'mpg',
  'mpeg',
  'zip',
  'gz',
  'rar',
  'z',
  'tgz',
  'tar',
  'sitx',
] as const;
export type UploadExtension = (typeof UPLOAD_EXTENSIONS)[number];

/**
 * Per file: a scanned statement or a spreadsheet fits easily; a video of one would not. 10 MB, or
 * what the build sets in PUBLIC_UPLOAD_LIMIT_BYTES: on Netlify (astro.config.mjs) the function's
 * request body is capped by the platform (about 6 MB for the whole form), so each file gets 2 MB
 * and the form says so, and checks it, before sending.
 */
export const MAX_UPLOAD_BYTES = Number(import.meta.env?.PUBLIC_UPLOAD_LIMIT_BYTES) || 10 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = `${Math.round((MAX_UPLOAD_BYTES / 1024 / 1024) * 10) / 10} MB`;
/** A whole application: two statements, the drawn signatures and the fields fit well within it. */
export const MAX_APPLICATION_BYTES = 24 * 1024 * 1024;

export const UPLOAD_FIELDS = [
  ['annual_statement', 'Annual Financial Statement'],
  ['current_statement', 'Current Financial Statement'],
] as const;

export const NO_FILE = 'No File Chosen';

/** The product.md 8 provider text followed by the allowed types. */
export const FILE_TYPE_MESSAGE = `You must upload one of the following file types for the selected field: ${UPLOAD_EXTENSIONS.join(', ')}`;
export const FILE_SIZE_MESSAGE = `The file is too large: each file may be at most ${MAX_UPLOAD_LABEL}`;
export const FILE_EMPTY_MESSAGE = 'The file is empty: please choose the file again';
/** Said beside the field when the server finds active content in a statement (docs/threat-model.md). */
export const MACRO_MESSAGE =
  'This file contains macros, which we cannot accept: please save it without macros (for example as a PDF) and upload it again';
export const PDF_ACTIVE_MESSAGE =
  'This PDF contains scripts, attached files or other active content, which we cannot accept: please print it to a new PDF and upload it again';
/** An encrypted PDF (even with an empty password) hides its objects from the active-content check. */
export const PDF_ENCRYPTED_MESSAGE =
  'This PDF is encrypted or password-protected, which we cannot accept: please print it to a new PDF and upload it again';

/** The lower-case extension of a file name ('' when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export const isAllowedExtension = (name: string): name is string =>
  (UPLOAD_EXTENSIONS as readonly string[]).includes(extensionOf(name));

/** What is wrong with a chosen file by its name and size; null when both are fine. */
export function uploadProblem(file: { name: string; size: number }): string | null {
  if (!isAllowedExtension(file.name)) return FILE_TYPE_MESSAGE;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_SIZE_MESSAGE;
  if (file.size === 0) return FILE_EMPTY_MESSAGE;
  return null;
}

/** The accept attribute of the file inputs: the same list, as the picker's filter. */
export const UPLOAD_ACCEPT = UPLOAD_EXTENSIONS.map((ext) => `.${ext}`).join(',');
