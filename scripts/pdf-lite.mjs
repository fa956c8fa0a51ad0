// A tiny PDF writer (built-ins only) for the card-service forms in public/forms/: US Letter pages
// with Helvetica text, lines and boxes. Output is deterministic, so regenerating changes nothing.

const W = 612;
const H = 792;
const MARGIN = 50;

/** Escapes text for a PDF string; only printable ASCII is kept (the fonts use WinAnsi). */
const pdfText = (text) =>
  `(${String(text)
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[\\()]/g, (c) => `\\${c}`)})`;

/** Word-wraps text for Helvetica at `size` (average glyph width ~0.5em, kept conservative). */
export function wrap(text, size, width = W - 2 * MARGIN) {
  const max = Math.floor(width / (size * 0.47));
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Page drawing helpers; `ops` collects the content-stream operators. */
export function createPage() {
  const ops = [];
  let y = H - MARGIN;
  const text = (x, yy, str, size = 10, bold = false, gray = 0) =>
    ops.push(`BT /${bold ? 'F2' : 'F1'} ${size} Tf ${gray} g ${x} ${yy} Td ${pdfText(str)} Tj ET`);
  const line = (x1, y1, x2, y2, width = 0.75) => ops.push(`${width} w 0 G ${x1} ${y1} m ${x2} ${y2} l S`);
  return {
    ops,
    get y() {
      return y;
    },
    /** Coloured band across the top with the brand and a subtitle. */
    band(brand, subtitle) {
      ops.push('0 0.384 0.184 rg 0 712 612 80 re f', '0.702 0.071 0.122 rg 0 706 612 6 re f');
      ops.push(`BT /F2 24 Tf 1 g ${MARGIN} 750 Td ${pdfText(brand)} Tj ET`);
      ops.push(`BT /F1 11 Tf 1 g ${MARGIN} 730 Td ${pdfText(subtitle)} Tj ET`);
      y = 670;
    },
    title(str) {
      text(MARGIN, y, str, 18, true);
      y -= 28;
    },
    heading(str) {
      y -= 6;
      text(MARGIN, y, str, 12, true);
      y -= 18;
    },
    para(str, size = 10) {
      for (const l of wrap(str, size)) {
        text(MARGIN, y, l, size);
        y -= size + 4;
      }
      y -= 6;
    },
    /** One or more labelled write-in lines on one row. */
    fields(...labels) {
      const width = (W - 2 * MARGIN - (labels.length - 1) * 16) / labels.length;
      labels.forEach((label, i) => {
        const x = MARGIN + i * (width + 16);
        line(x, y, x + width, y);
        text(x, y - 10, label, 8, false, 0.3);
      });
      y -= 34;
    },
    checks(options) {
      let x = MARGIN;
      for (const option of options) {
        ops.push(`0.75 w 0 G ${x} ${y - 2} 10 10 re S`);
        text(x + 15, y, option, 10);
        x += 30 + option.length * 5.2;
        if (x > W - MARGIN - 120) {
          x = MARGIN;
          y -= 20;
        }
      }
      y -= 28;
    },
    /** Blank lines to write on. */
    lines(count) {
      for (let i = 0; i < count; i++) {
        line(MARGIN, y, W - MARGIN, y, 0.5);
        y -= 22;
      }
      y -= 8;
    },
    footer(str) {
      line(MARGIN, 56, W - MARGIN, 56, 0.5);
      wrap(str, 8).forEach((l, i) => {
        text(MARGIN, 44 - i * 11, l, 8, false, 0.3);
      });
    },
  };
}

/** Serialises pages into a complete PDF file (catalog, page tree, fonts, info, xref). */
export function buildPdf(pages, info) {
  const objects = [];
  const add = (body) => objects.push(body) && objects.length;
  const catalog = add('');
  const tree = add('');
  const font = (name) =>
    add(`<< /Type /Font /Subtype /Type1 /BaseFont /${name} /Encoding /WinAnsiEncoding >>`);
  const f1 = font('Helvetica');
  const f2 = font('Helvetica-Bold');
  const kids = pages.map((page) => {
    const stream = page.ops.join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    return add(
      `<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 ${W} ${H}] /Resources << /Font << /F1 ${f1} 0 R /F2 ${f2} 0 R >> >> /Contents ${content} 0 R >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${tree} 0 R >>`;
  objects[tree - 1] =
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const infoId = add(
    `<< /Title ${pdfText(info.title)} /Author ${pdfText(info.author)} /Producer (scripts/pdf-lite.mjs) >>`,
  );
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = objects.map((body, i) => {
    const offset = Buffer.byteLength(out, 'latin1');
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
