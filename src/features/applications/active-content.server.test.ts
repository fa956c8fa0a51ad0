// Statements with active content are refused whatever their name (docs/threat-model.md, "Uploads"): files made
// here with the same libraries an attacker would use, clean ones beside them.
import CFB from 'cfb';
import { strToU8, zipSync } from 'fflate';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { uploadContentProblem } from './uploads.server.ts';
import { MACRO_MESSAGE, PDF_ACTIVE_MESSAGE, PDF_ENCRYPTED_MESSAGE } from './uploads.ts';

const CLEAN_TYPES = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
const MACRO_TYPES = CLEAN_TYPES.replace(
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  'application/vnd.ms-word.document.macroEnabled.main+xml',
);

/** A minimal Word document (the parts file-type and Word look for), with extra parts. */
function docx(types: string, extra: Record<string, Uint8Array> = {}): Uint8Array {
  return zipSync({
    '[Content_Types].xml': strToU8(types),
    '_rels/.rels': strToU8(
      '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': strToU8(
      '<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Statement</w:t></w:r></w:p></w:body></w:document>',
    ),
    ...extra,
  });
}

/** A legacy Word file (OLE2) with the given streams. */
function doc(streams: Record<string, string>): Uint8Array {
  const file = CFB.utils.cfb_new();
  for (const [path, content] of Object.entries(streams)) CFB.utils.cfb_add(file, path, Buffer.from(content));
  return CFB.write(file, { type: 'buffer' }) as Buffer;
}

async function pdf(change: (document: PDFDocument) => void | Promise<void> = () => {}) {
  const document = await PDFDocument.create();
  document.addPage().drawText('Statement');
  await change(document);
  return document.save(); // with object streams: the action sits inside a compressed stream
}

describe('active content in statements', () => {
  it('refuses a Word document with a VBA project, however it is named and typed', async () => {
    expect(await uploadContentProblem('statement.docx', docx(CLEAN_TYPES))).toBeNull();
    const macros = docx(CLEAN_TYPES, { 'word/vbaProject.bin': new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]) });
    expect(await uploadContentProblem('statement.docx', macros)).toBe(MACRO_MESSAGE);
    // A .docm renamed: its content types still say macro-enabled.
    expect(await uploadContentProblem('statement.docx', docx(MACRO_TYPES))).toBe(MACRO_MESSAGE);
  });

  it('refuses a legacy Word file with a macro storage', async () => {
    expect(await uploadContentProblem('statement.doc', doc({ WordDocument: 'text' }))).toBeNull();
    const macros = doc({ WordDocument: 'text', 'Macros/VBA/_VBA_PROJECT': 'vba', 'Macros/VBA/dir': 'x' });
    expect(await uploadContentProblem('statement.doc', macros)).toBe(MACRO_MESSAGE);
  });

  it('refuses a PDF that runs JavaScript when opened, or carries a file; a plain one passes', async () => {
    expect(await uploadContentProblem('statement.pdf', await pdf())).toBeNull();
    const script = await pdf((document) => {
      const action = document.context.obj({
        Type: 'Action',
        S: 'JavaScript',
        JS: PDFString.of('app.alert(1)'),
      });
      document.catalog.set(PDFName.of('OpenAction'), document.context.register(action));
    });
    expect(await uploadContentProblem('statement.pdf', script)).toBe(PDF_ACTIVE_MESSAGE);
    const attached = await pdf(async (document) => {
      await document.attach(new TextEncoder().encode('MZ'), 'run.exe', {
        mimeType: 'application/x-msdownload',
      });
    });
    expect(await uploadContentProblem('statement.pdf', attached)).toBe(PDF_ACTIVE_MESSAGE);
  });

  it('refuses an encrypted PDF (an empty user password hides the scan), parsed or not', async () => {
    const encrypted = await pdf((document) => {
      const dictionary = document.context.obj({ Filter: 'Standard', V: 2, R: 3, P: -4 });
      document.context.trailerInfo.Encrypt = document.context.register(dictionary);
    });
    expect(await uploadContentProblem('statement.pdf', encrypted)).toBe(PDF_ENCRYPTED_MESSAGE);
    const broken = new TextEncoder().encode('%PDF-1.4\ntrailer << /Encrypt 5 0 R /Root 1 0 R >>\n');
    expect(await uploadContentProblem('statement.pdf', broken)).toBe(PDF_ENCRYPTED_MESSAGE);
  });

  it('falls back to the raw names for a PDF the reader cannot parse', async () => {
    const broken = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /S /JavaScript /JS (app.alert(1)) >>\n');
    expect(await uploadContentProblem('statement.pdf', broken)).toBe(PDF_ACTIVE_MESSAGE);
  });
});
