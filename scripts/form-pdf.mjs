// Page layout for the printable card-service forms (scripts/make-card-forms.mjs), drawn with pdf-lib:
// one US Letter page, Helvetica, a brand band, headings, paragraphs, write-in lines and tick boxes.
// Text uses the standard fonts' WinAnsi encoding (Latin-1 plus ’ ‘ “ ” – — • € …): pdf-lib throws on
// any other character, so a form can never lose a character silently.
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

const W = 612;
const H = 792;
const MARGIN = 50;
const FOOTER_TOP = 70;
const GREEN = rgb(0, 0.384, 0.184);
const RED = rgb(0.702, 0.071, 0.122);
const GRAY = rgb(0.3, 0.3, 0.3);
const WHITE = rgb(1, 1, 1);
/** Fixed dates keep the output byte for byte the same on every run (no diff when nothing changed). */
const DATE = new Date(Date.UTC(2026, 0, 1));

/** Splits text into lines no wider than `width` points in `font` at `size`. */
export function wrap(text, font, size, width = W - 2 * MARGIN) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * @typedef {object} FormPage What a form's `draw` function writes with, top to bottom.
 * @property {(value: string) => void} title
 * @property {(value: string) => void} heading
 * @property {(value: string, size?: number) => void} para
 * @property {(...labels: string[]) => void} fields
 * @property {(options: string[]) => void} checks
 * @property {(count: number) => void} lines
 */

/**
 * Draws one form with `draw(page)` and answers the PDF bytes and every text written (for tests).
 * @param {{ info: { title: string, author: string, subject: string }, band: string[], footer: string }} layout
 *   `band` is [brand, subtitle]; `footer` the small print at the bottom.
 * @param {(page: FormPage) => void} draw
 * @returns {Promise<{ bytes: Uint8Array, texts: string[] }>}
 */
export async function makeFormPdf({ info, band, footer }, draw) {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([W, H]);
  const texts = [];
  let y = H - MARGIN;
  const text = (x, at, value, { size = 10, font = regular, color = rgb(0, 0, 0) } = {}) => {
    if (at < FOOTER_TOP) throw new Error(`"${info.title}" runs past one page at: ${value}`);
    page.drawText(value, { x, y: at, size, font, color });
    texts.push(value);
  };
  const rule = (x1, x2, at, thickness = 0.75) =>
    page.drawLine({ start: { x: x1, y: at }, end: { x: x2, y: at }, thickness, color: rgb(0, 0, 0) });

  page.drawRectangle({ x: 0, y: 712, width: W, height: 80, color: GREEN });
  page.drawRectangle({ x: 0, y: 706, width: W, height: 6, color: RED });
  text(MARGIN, 750, band[0], { size: 24, font: bold, color: WHITE });
  text(MARGIN, 730, band[1], { size: 11, color: WHITE });
  y = 670;
  draw({
    title(value) {
      for (const line of wrap(value, bold, 18)) {
        text(MARGIN, y, line, { size: 18, font: bold });
        y -= 22;
      }
      y -= 6;
    },
    heading(value) {
      y -= 6;
      text(MARGIN, y, value, { size: 12, font: bold });
      y -= 18;
    },
    para(value, size = 10) {
      for (const line of wrap(value, regular, size)) {
        text(MARGIN, y, line, { size });
        y -= size + 4;
      }
      y -= 6;
    },
    /** One or more labelled write-in lines on one row. */
    fields(...labels) {
      const width = (W - 2 * MARGIN - (labels.length - 1) * 16) / labels.length;
      labels.forEach((label, i) => {
        const x = MARGIN + i * (width + 16);
        rule(x, x + width, y);
        text(x, y - 10, label, { size: 8, color: GRAY });
      });
      y -= 34;
    },
    /** Tick boxes in rows, wrapping before the right margin. */
    checks(options) {
      let x = MARGIN;
      for (const option of options) {
        const width = 25 + regular.widthOfTextAtSize(option, 10);
        if (x > MARGIN && x + width > W - MARGIN) {
          x = MARGIN;
          y -= 20;
        }
        page.drawRectangle({
          x,
          y: y - 2,
          width: 10,
          height: 10,
          borderWidth: 0.75,
          borderColor: rgb(0, 0, 0),
        });
        text(x + 15, y, option);
        x += width + 10;
      }
      y -= 28;
    },
    /** Blank lines to write on. */
    lines(count) {
      for (let i = 0; i < count; i++) {
        rule(MARGIN, W - MARGIN, y, 0.5);
        y -= 22;
      }
      y -= 8;
    },
  });
  rule(MARGIN, W - MARGIN, 56, 0.5);
  wrap(footer, regular, 8).forEach((line, i) => {
    page.drawText(line, { x: MARGIN, y: 44 - i * 11, size: 8, font: regular, color: GRAY });
    texts.push(line);
  });

  doc.setTitle(info.title, { showInWindowTitleBar: true });
  doc.setAuthor(info.author);
  doc.setSubject(info.subject);
  doc.setLanguage('en-US');
  doc.setProducer('pdf-lib (scripts/make-card-forms.mjs)');
  doc.setCreationDate(DATE);
  doc.setModificationDate(DATE);
  return { bytes: await doc.save(), texts };
}
