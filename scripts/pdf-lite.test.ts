import { describe, expect, it } from 'vitest';
import { buildPdf, createPage, wrap } from './pdf-lite.mjs';

describe('pdf-lite', () => {
  it('wraps text at word boundaries', () => {
    const lines = wrap('one two three four five six seven eight nine ten', 10, 100);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe('one two three four five six seven eight nine ten');
  });

  it('writes a PDF whose cross-reference table points at every object', () => {
    const page = createPage();
    page.band('Brand (Test)', 'Card Services');
    page.title('Form');
    page.fields('Name', 'Date');
    const pdf = buildPdf([page], { title: 'Test Form', author: 'Tests' }).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain('(Brand \\(Test\\)) Tj');
    const xrefAt = Number(pdf.match(/startxref\n(\d+)/)?.[1]);
    expect(pdf.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const offsets = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets.length).toBe(7);
    offsets.forEach((offset, i) => {
      expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true);
    });
  });
});
