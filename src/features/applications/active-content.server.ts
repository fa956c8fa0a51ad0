// Statements that could run something when the credit department opens them are refused, whatever
// their name (docs/threat-model.md, "Uploads"): Office files with macros (a .docm renamed .docx is still a
// macro-enabled document) and PDFs with scripts, actions that launch programs, attached files or
// interactive media. What is looked at, and what is not, is in docs/threat-model.md ("Uploads").
// pdf-lib, cfb and fflate load with the first upload that needs them: 1.3 MB of code a server at
// rest would otherwise hold (docs/decisions/0009-server-memory.md).
import type { PDFDocument, PDFName, PDFObject } from 'pdf-lib';
import { FILE_TYPE_MESSAGE, MACRO_MESSAGE, PDF_ACTIVE_MESSAGE, PDF_ENCRYPTED_MESSAGE } from './uploads.ts';

/** OOXML parts that hold macros or ActiveX controls (VBA projects, Excel 4 macro sheets). */
const OOXML_ACTIVE_PART = /(^|\/)(vbaProject\.bin|vbaProjectSignature\.bin|activeX\/|macrosheets\/)/i;
/** [Content_Types].xml of a macro-enabled document names its main part so. */
const OOXML_ACTIVE_TYPE = /macroEnabled|vbaProject|ms-office\.activeX|ms-excel\.(intl)?macrosheet/i;
/** The largest [Content_Types].xml read (real ones are a few KB): a zip bomb is not inflated. */
const MAX_CONTENT_TYPES_BYTES = 1024 * 1024;

async function ooxmlProblem(bytes: Uint8Array): Promise<string | null> {
  const { unzipSync } = await import('fflate');
  const names: string[] = [];
  let tooBig = false;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        names.push(file.name);
        if (file.name !== '[Content_Types].xml') return false;
        if (file.originalSize > MAX_CONTENT_TYPES_BYTES) tooBig = true;
        return !tooBig;
      },
    });
  } catch {
    return FILE_TYPE_MESSAGE; // not a readable zip: not the document it says it is
  }
  if (names.some((name) => OOXML_ACTIVE_PART.test(name))) return MACRO_MESSAGE;
  const types = files['[Content_Types].xml'];
  if (tooBig || !types) return FILE_TYPE_MESSAGE;
  return OOXML_ACTIVE_TYPE.test(Buffer.from(types).toString('utf8')) ? MACRO_MESSAGE : null;
}

/** Storages of a legacy Word or Excel file (OLE2) that hold VBA macros. */
const OLE_MACRO_STORAGE = /^(_VBA_PROJECT(_CUR)?|VBA|Macros)$/i;

async function oleProblem(bytes: Uint8Array): Promise<string | null> {
  const { default: CFB } = await import('cfb');
  let paths: string[];
  try {
    paths = CFB.read(Buffer.from(bytes), { type: 'buffer' }).FullPaths;
  } catch {
    return FILE_TYPE_MESSAGE;
  }
  const names = paths.flatMap((path) => path.split('/'));
  return names.some((name) => OLE_MACRO_STORAGE.test(name)) ? MACRO_MESSAGE : null;
}

/** Keys and names that make a PDF do something when opened or clicked, or carry other files. */
const PDF_ACTIVE_KEYS = new Set(['JavaScript', 'JS', 'AA', 'Launch', 'EmbeddedFiles', 'RichMedia', 'XFA']);
const PDF_ACTIVE_NAMES = new Set([
  'JavaScript',
  'Launch',
  'EmbeddedFile',
  'RichMedia',
  'FileAttachment',
  'ImportData',
]);

/** A name as written, with its #xx escapes undone (either case of hex digits). */
const nameText = (name: PDFName) =>
  name
    .asString()
    .slice(1)
    .replace(/#([\da-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** True when the object, or any dictionary or array inside it, is active. */
function isActive(lib: typeof import('pdf-lib'), object: PDFObject | undefined): boolean {
  const { PDFArray, PDFDict, PDFName, PDFStream } = lib;
  const stack: (PDFObject | undefined)[] = [object];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof PDFStream) stack.push(item.dict);
    else if (item instanceof PDFArray) stack.push(...item.asArray());
    else if (item instanceof PDFDict) {
      for (const [key, value] of item.entries()) {
        if (PDF_ACTIVE_KEYS.has(nameText(key))) return true;
        stack.push(value);
      }
    } else if (item instanceof PDFName && PDF_ACTIVE_NAMES.has(nameText(item))) return true;
  }
  return false;
}

/** The same names found in the raw bytes: for a PDF pdf-lib cannot read. */
const RAW_PDF_ACTIVE = /\/(JavaScript|JS|AA|Launch|EmbeddedFiles?|RichMedia|XFA|FileAttachment)(?![\w#.-])/;

/** An /Encrypt entry: objects encrypted (an empty user password opens them for a reader, not for us). */
const RAW_PDF_ENCRYPT = /\/Encrypt(?![\w#.-])/;

async function pdfProblem(bytes: Uint8Array): Promise<string | null> {
  const lib = await import('pdf-lib');
  // Encrypted strings and streams cannot be scanned, so an encrypted PDF is refused outright.
  if (RAW_PDF_ENCRYPT.test(Buffer.from(bytes).toString('latin1'))) return PDF_ENCRYPTED_MESSAGE;
  let document: PDFDocument;
  try {
    document = await lib.PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: false,
      updateMetadata: false,
    });
  } catch {
    return RAW_PDF_ACTIVE.test(Buffer.from(bytes).toString('latin1')) ? PDF_ACTIVE_MESSAGE : null;
  }
  if (document.isEncrypted || document.context.trailerInfo.Encrypt) return PDF_ENCRYPTED_MESSAGE;
  // Every object, those inside compressed object streams too, and the trailer (the catalog's way in).
  const objects = document.context.enumerateIndirectObjects().map(([, object]) => object);
  const active =
    objects.some((object) => isActive(lib, object)) || isActive(lib, document.context.trailerInfo.Root);
  return active ? PDF_ACTIVE_MESSAGE : null;
}

/**
 * Null when a statement of the detected kind (uploads.server.ts's vocabulary) carries no active
 * content that can be found; otherwise the message to show beside its field.
 */
export async function activeContentProblem(kind: string, bytes: Uint8Array): Promise<string | null> {
  if (kind === 'docm' || kind === 'xlsm') return MACRO_MESSAGE;
  if (kind === 'docx' || kind === 'xlsx') return ooxmlProblem(bytes);
  if (kind === 'cfb') return oleProblem(bytes);
  if (kind === 'pdf') return pdfProblem(bytes);
  return null;
}
