import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog, dumpAtRest, submit } from '../../../tests/support/applications.ts';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { metricsReader } from '../../../tests/support/test-metrics.ts';
import {
  SAMPLE_PDF,
  SECRETS,
  STATEMENT_MARKER,
  sampleChargeCard,
  sampleFleet,
} from './applications.sample.ts';
import { schemaFor } from './applications.ts';
import { keyringFor } from './keys.server.ts';
import { APPLICATION_MESSAGES } from './rules.ts';
import { openApplication } from './sealed-records.server.ts';
import {
  FILE_SIZE_MESSAGE,
  FILE_TYPE_MESSAGE,
  MAX_APPLICATION_BYTES,
  MAX_UPLOAD_BYTES,
  PDF_ACTIVE_MESSAGE,
} from './uploads.ts';

let api: TestApi;
const log = captureLog();
beforeAll(async () => {
  api = await createTestApi({ localHumanCheck: true });
});
afterAll(async () => {
  log.restore();
  await api.close();
});

const open = (reference: string) => openApplication(api.db, keyringFor(api.config), reference);
const expected = (kind: 'charge-card' | 'fleet-fueling', values: Record<string, unknown>) =>
  schemaFor(kind, values, api.now())['~run']({ value: values }, {}).value;

describe('POST /applications/{kind}', () => {
  it('stores a joint charge card application that opens to exactly what was sent', async () => {
    const values = sampleChargeCard({ joint: true });
    const metric = await metricsReader();
    const answer = await submit(api, 'charge-card', values);
    expect(answer.status).toBe(201);
    expect(await metric('kwikfill_submissions_stored_total{what="application"}')).toBe(1);
    expect(answer.json.reference).toMatch(/^CC-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const stored = await open(answer.json.reference);
    expect(stored?.record).toMatchObject({ kind: 'charge-card', summary: 'Dana Miller' });
    expect(stored?.data).toEqual(expected('charge-card', values));
    expect(stored?.data.b_ssn).toBe(SECRETS.ssnB);
    expect(stored?.data.signature_b).toBe(values.signature_b);
  });

  it('stores a fleet application with two guarantors and a statement, files included', async () => {
    const values = sampleFleet({ guarantors: 2 });
    const answer = await submit(api, 'fleet-fueling', values, {
      annual_statement: { name: '2025 statement.pdf', content: SAMPLE_PDF, type: 'application/pdf' },
    });
    expect(answer.status).toBe(201);
    const stored = await open(answer.json.reference);
    expect(stored?.data).toEqual(expected('fleet-fueling', values));
    expect(stored?.data.g2_ssn).toBe(SECRETS.ssnGuarantor2);
    expect(stored?.files).toEqual([
      expect.objectContaining({
        field: 'annual_statement',
        name: '2025 statement.pdf',
        size: SAMPLE_PDF.length,
      }),
    ]);
    expect(stored?.files[0]?.content.toString()).toBe(SAMPLE_PDF);
  });

  it('keeps no hidden section: Section B of an individual account, guarantors of a No', async () => {
    const card = await submit(
      api,
      'charge-card',
      { ...sampleChargeCard({ joint: true }), account_type: 'individual' },
      {},
      '198.51.100.1',
    );
    expect(
      Object.keys((await open(card.json.reference))?.data ?? {}).filter((k) => k.startsWith('b_')),
    ).toEqual([]);
    const fleet = await submit(
      api,
      'fleet-fueling',
      { ...sampleFleet({ guarantors: 1 }), guaranty: ['no'] },
      {},
      '198.51.100.1',
    );
    expect(
      Object.keys((await open(fleet.json.reference))?.data ?? {}).filter((k) => /^g\d_/.test(k)),
    ).toEqual([]);
  });

  it('answers missing and malformed fields with the two product.md 5.6 messages, never echoing values', async () => {
    const empty = await submit(api, 'charge-card', {}, {}, '198.51.100.2');
    expect(empty.status).toBe(400);
    expect(empty.json.error.description).toBe(APPLICATION_MESSAGES.required);
    expect(empty.json.error.fields.a_ssn).toBeDefined();
    const bad = await submit(
      api,
      'charge-card',
      { ...sampleChargeCard(), a_ssn: '98765432', a_zip: '98765432' },
      {},
      '198.51.100.2',
    );
    expect(bad.json.error.description).toBe(APPLICATION_MESSAGES.format);
    expect(JSON.stringify(bad.json)).not.toContain('98765432');
  });

  it('checks uploads by extension, detected type and size', async () => {
    // One applicant may try 3 times an hour (docs/api.md, Limits): each case is another applicant.
    const ip = '198.51.100.3';
    const exe = await submit(
      api,
      'fleet-fueling',
      { ...sampleFleet(), contact_email: 'uploads1@acme.example' },
      {
        annual_statement: {
          name: 'statement.pdf',
          content: 'MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00',
        },
      },
      ip,
    );
    expect(exe.json.error.fields).toEqual({ annual_statement: FILE_TYPE_MESSAGE });
    const exeName = await submit(
      api,
      'fleet-fueling',
      { ...sampleFleet(), contact_email: 'uploads2@acme.example' },
      {
        current_statement: { name: 'statement.exe', content: SAMPLE_PDF },
      },
      ip,
    );
    expect(exeName.json.error.fields).toEqual({ current_statement: FILE_TYPE_MESSAGE });
    const big = await submit(
      api,
      'fleet-fueling',
      { ...sampleFleet(), contact_email: 'uploads3@acme.example' },
      {
        current_statement: { name: 'big.txt', content: new Uint8Array(MAX_UPLOAD_BYTES + 1).fill(65) },
      },
      '198.51.100.4',
    );
    expect(big.json.error.fields).toEqual({ current_statement: FILE_SIZE_MESSAGE });
  });

  it('refuses a PDF that runs a script when opened, with the reason beside its field', async () => {
    const document = await PDFDocument.create();
    document.addPage();
    const action = document.context.obj({ S: 'JavaScript', JS: PDFString.of('app.launchURL("x")') });
    document.catalog.set(PDFName.of('OpenAction'), document.context.register(action));
    const answer = await submit(
      api,
      'fleet-fueling',
      { ...sampleFleet(), contact_email: 'active@acme.example' },
      { annual_statement: { name: 'statement.pdf', content: new Uint8Array(await document.save()) } },
      '198.51.100.6',
    );
    expect(answer.status).toBe(400);
    expect(answer.json.error.fields).toEqual({ annual_statement: PDF_ACTIVE_MESSAGE });
  });

  it('refuses other bodies, kinds and unguarded submissions with JSON 4xx answers', async () => {
    const json = await api.call('POST', '/applications/charge-card', { body: sampleChargeCard() });
    expect(json.status).toBe(415);
    expect((await api.call('POST', '/applications/unknown', { raw: new FormData() })).status).toBe(404);
    const unguarded = await api.call('POST', '/applications/fleet-fueling', { raw: new FormData() });
    expect(unguarded.json.error.code).toBe('too_fast');
    // A stated length over the limit is refused on its header, before anything else.
    const huge = await api.call('POST', '/applications/fleet-fueling', {
      raw: new Uint8Array(16),
      headers: {
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(MAX_APPLICATION_BYTES + 1),
      },
    });
    expect(huge.status).toBe(413);
  });

  it('mails the credit department the reference and name only, and the applicant a receipt', async () => {
    const answer = await submit(api, 'charge-card', sampleChargeCard(), {}, '198.51.100.5');
    const mails = (await api.outbox()).filter((mail) => mail.text.includes(answer.json.reference));
    expect(mails.map((mail) => mail.to).sort()).toEqual(['credit@kwikfill.example', 'dana@example.com']);
    const notice = mails.find((mail) => mail.to === 'credit@kwikfill.example');
    expect(notice?.text).toContain('Applicant: Dana Miller');
    expect(notice?.text).not.toMatch(/dana@example|Bradley|814/);
  });

  it('keeps no SSN, date of birth, account number or statement in clear in the database, outbox or log', async () => {
    const dump = `${await dumpAtRest(api)}\n${log.text()}`;
    expect(dump).toContain('Dana Miller'); // the dump is real: the summary name is in clear
    for (const secret of [...Object.values(SECRETS), STATEMENT_MARKER]) expect(dump).not.toContain(secret);
  });
});
