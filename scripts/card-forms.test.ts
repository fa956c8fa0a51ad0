// The help area's PDFs (public/forms/, product.md 2.7): committed as scripts/make-card-forms.mjs makes them
// with pdf-lib, and their text, read back with a PDF text extractor (pdf.js through unpdf), keeps
// every character: brand, phone, address, apostrophes, dashes, quotes, $.
import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { extractText, getMeta } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { site } from '../src/site.config.ts';
import { makeFormPdf } from './form-pdf.mjs';
import { cardForms } from './make-card-forms.mjs';

const flat = (text: string) => text.replace(/\s+/g, ' ');
const textOf = async (bytes: Uint8Array) =>
  flat((await extractText(new Uint8Array(bytes), { mergePages: true })).text);
const committed = (name: string) => new Uint8Array(readFileSync(`public/forms/${name}`));

describe('the card-service forms in public/forms/', async () => {
  const forms = await cardForms();

  it('are the four product.md forms, committed exactly as the script makes them', () => {
    expect(forms.map((form) => form.name)).toEqual([
      'transaction-dispute-form.pdf',
      'name-change-form.pdf',
      'new-account-notice.pdf',
      'statement-disclaimer.pdf',
    ]);
    for (const { name, bytes } of forms) {
      expect(
        Buffer.from(committed(name)).equals(Buffer.from(bytes)),
        `${name}: run scripts/make-card-forms.mjs`,
      ).toBe(true);
    }
  });

  it.each(forms.map((form) => [form.name, form] as const))(
    '%s keeps every character of its text',
    async (name, form) => {
      const text = await textOf(committed(name));
      for (const drawn of form.texts) expect(text).toContain(flat(drawn));
      expect(text).toContain(site.phone);
      expect(text).toContain(site.customerService.mailingAddress.join(', '));
      const { info } = await getMeta(committed(name));
      expect(info).toMatchObject({ Author: `${site.name} Card Services`, Language: 'en-US' });
      expect((await PDFDocument.load(committed(name))).getPageCount()).toBe(1);
    },
  );
});

describe('the form writer', () => {
  const layout = { info: { title: 'T', author: 'A', subject: 'S' }, band: ['Kwik Fill', 'Card Services'] };

  it('keeps names, apostrophes, quotes, dashes and money through to the extracted text', async () => {
    const sample = 'Siobhán O’Brien’s “fleet” card – 5¢ off; $1,234.56 — don’t… 100% café ½ € 2nd–6th';
    const { bytes } = await makeFormPdf({ ...layout, footer: "Mary-Kate D'Angelo & Co." }, (page) => {
      page.title(sample);
      page.fields(sample);
      page.checks([sample]);
    });
    const text = await textOf(bytes);
    expect(text.split(sample).length - 1).toBe(3);
    expect(text).toContain("Mary-Kate D'Angelo & Co.");
  });

  it('refuses a character its fonts cannot show instead of dropping it', async () => {
    await expect(makeFormPdf({ ...layout, footer: '' }, (page) => page.para('Go → here'))).rejects.toThrow();
  });

  it('refuses a form that runs past one page', async () => {
    await expect(
      makeFormPdf({ ...layout, footer: '' }, (page) => {
        page.lines(40);
        page.para('too far');
      }),
    ).rejects.toThrow(/runs past one page/);
  });
});
