// A readable PDF of one opened application (pdf-lib): the fields under their section headings,
// with the form's labels and option names, the drawn signatures as images, and the attached
// statements listed by name (their files are exported beside the PDF).
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { type ApplicationKind, KINDS } from './applications.ts';
import { ACCOUNT_TYPES, STATEMENT_OPTIONS } from './charge-card.ts';
import { BUSINESS_TYPES, GUARANTY_OPTIONS, HOW_HEARD } from './fleet.ts';
import { CHARGE_CARD_LABELS, FLEET_LABELS, groupOf } from './labels.ts';

const PAGE = { width: 612, height: 792, margin: 50 } as const;
const OPTIONS: Record<string, string> = Object.fromEntries([
  ...ACCOUNT_TYPES,
  ...STATEMENT_OPTIONS,
  ...BUSINESS_TYPES,
  ...GUARANTY_OPTIONS,
  ...HOW_HEARD,
]);

/** The standard fonts write WinAnsi only: anything else becomes '?' rather than failing the export. */
const printable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

export function displayValue(value: unknown): string {
  if (Array.isArray(value)) return value.map(displayValue).join(', ');
  if (value === '' || value === undefined || value === null) return '';
  const text = String(value);
  return OPTIONS[text] ?? text;
}

interface Meta {
  kind: ApplicationKind;
  reference: string;
  created_at: number;
}

class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }
  room(height: number) {
    if (this.y - height < PAGE.margin) this.newPage();
  }
  line(text: string, { size = 10, bold = false, indent = 0 } = {}) {
    const font = bold ? this.bold : this.font;
    const width = PAGE.width - 2 * PAGE.margin - indent;
    let current = '';
    const lines: string[] = [];
    for (const word of printable(text).split(/\s+/)) {
      const next = current ? `${current} ${word}` : word;
      if (current && font.widthOfTextAtSize(next, size) > width) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    lines.push(current);
    for (const part of lines) {
      this.room(size + 4);
      this.y -= size + 4;
      this.page.drawText(part, { x: PAGE.margin + indent, y: this.y, size, font, color: rgb(0, 0, 0) });
    }
  }
  async image(dataUrl: string) {
    const png = await this.doc.embedPng(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
    const scale = Math.min(1, 333 / png.width);
    const height = png.height * scale;
    this.room(height + 6);
    this.y -= height + 4;
    this.page.drawImage(png, { x: PAGE.margin + 12, y: this.y, width: png.width * scale, height });
    this.page.drawRectangle({
      x: PAGE.margin + 12,
      y: this.y,
      width: png.width * scale,
      height,
      borderColor: rgb(0.6, 0.6, 0.6),
      borderWidth: 0.5,
    });
  }
}

export async function applicationPdf(
  meta: Meta,
  data: Record<string, unknown>,
  files: { field: string; name: string; size: number }[],
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${KINDS[meta.kind].title} ${meta.reference}`);
  const writer = new Writer(
    doc,
    await doc.embedFont(StandardFonts.Helvetica),
    await doc.embedFont(StandardFonts.HelveticaBold),
  );
  writer.line(KINDS[meta.kind].title, { size: 16, bold: true });
  writer.line(`Reference number ${meta.reference}, received ${new Date(meta.created_at).toISOString()}`);
  writer.line(
    'Confidential: holds Social Security numbers and bank details. Keep it safe and delete it when done.',
    { size: 8 },
  );
  const labels = meta.kind === 'charge-card' ? CHARGE_CARD_LABELS : FLEET_LABELS;
  let group: string | undefined = '';
  for (const [name, label] of Object.entries(labels)) {
    if (!(name in data)) continue;
    const next = groupOf(name);
    if (next !== group && next) writer.line(next, { size: 12, bold: true });
    group = next;
    const value = data[name];
    if (typeof value === 'string' && value.startsWith('data:image/png')) {
      writer.line(`${label}:`, { indent: 6 });
      await writer.image(value);
    } else writer.line(`${label}: ${displayValue(value)}`, { indent: 6 });
  }
  if (files.length > 0) {
    writer.line('Attached files', { size: 12, bold: true });
    for (const file of files)
      writer.line(`${labels[file.field] ?? file.field}: ${file.name} (${file.size} bytes)`, { indent: 6 });
  }
  return doc.save();
}
