import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submit } from '../../../tests/support/applications.ts';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { SAMPLE_PDF, SECRETS, sampleFleet } from './applications.sample.ts';
import { exportApplication } from './export.server.ts';
import { keyringFor } from './keys.server.ts';
import { displayValue } from './pdf.server.ts';

let api: TestApi;
let out = '';
beforeAll(async () => {
  api = await createTestApi({ localHumanCheck: true });
  out = mkdtempSync(join(tmpdir(), 'kf-export-'));
});
afterAll(async () => {
  rmSync(out, { recursive: true, force: true });
  await api.close();
});

describe('exporting an application', () => {
  it('writes a readable PDF, a JSON file with the opened data, and the attached files, all mode 600', async () => {
    const { reference } = (
      await submit(api, 'fleet-fueling', sampleFleet({ guarantors: 2 }), {
        current_statement: { name: '../../etc/passwd statement.pdf', content: SAMPLE_PDF },
      })
    ).json;
    const written = await exportApplication(api.db, keyringFor(api.config), reference, {
      outDir: out,
      format: 'both',
    });
    expect(written?.map((path) => path.slice(out.length + 1)).sort()).toEqual(
      [`${reference}-current_statement-passwd_statement.pdf`, `${reference}.json`, `${reference}.pdf`].sort(),
    );
    for (const path of written ?? []) expect(statSync(path).mode & 0o777).toBe(0o600);

    const json = JSON.parse(readFileSync(join(out, `${reference}.json`), 'utf8'));
    expect(json).toMatchObject({ reference, kind: 'fleet-fueling' });
    expect(json.data.bank_account).toBe(SECRETS.bankAccount);
    expect(json.data.g2_dob).toBe(SECRETS.dobGuarantor2);
    expect(json.files).toEqual([
      expect.objectContaining({ field: 'current_statement', size: SAMPLE_PDF.length }),
    ]);
    expect(readFileSync(join(out, `${reference}-current_statement-passwd_statement.pdf`), 'utf8')).toBe(
      SAMPLE_PDF,
    );

    const pdf = await PDFDocument.load(readFileSync(join(out, `${reference}.pdf`)));
    expect(pdf.getTitle()).toBe(`Fleet Fueling Application ${reference}`);
    expect(pdf.getPageCount()).toBeGreaterThan(1);
  });

  it('answers undefined for an unknown reference, and names options as the form does', async () => {
    expect(
      await exportApplication(api.db, keyringFor(api.config), 'FF-0000-0000', {
        outDir: out,
        format: 'pdf',
      }),
    ).toBeUndefined();
    expect(displayValue(['llc', 'pc_pa'])).toBe('LLC, PC or PA');
    expect(displayValue('joint')).toBe('Joint Account');
  });
});
