// Both applications in WebKit (product.md 5.6), filled from the shared sample data and sent: the charge
// card for a joint account with two drawn signatures, the fleet card with two guarantors, a statement
// upload and drawn signatures. The Playwright spec: tests/e2e/applications.spec.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, onTestFinished, test } from 'vitest';
import {
  SAMPLE_PDF,
  sampleChargeCard,
  sampleFleet,
} from '../../src/features/applications/applications.sample.ts';
import { SIGNATURE_INSTRUCTION } from '../../src/features/applications/rules.ts';
import { waitOutDwellAfterTicket } from '../e2e/dwell.ts';
import {
  type Browser,
  click,
  expectNoAxeViolations,
  expectPath,
  fillNamed,
  goto,
  hydrated,
  isShown,
  outbox,
  pageText,
  passHumanCheck,
  press,
  shownTexts,
  withWebKit,
} from './webkit.ts';

let browser: Browser;
withWebKit((opened) => {
  browser = opened;
});

/** Draws a stroke across the signature pad `id` with the mouse, once its code is there. */
async function draw(id: string) {
  const pad = browser.$(`#${id}`);
  await pad.scrollIntoView({ block: 'center' });
  // Its code comes when it nears the screen: a visitor sees the instruction once it can be drawn on.
  await expect.poll(() => browser.$(`#${id}-instruction`).getText()).toContain(SIGNATURE_INSTRUCTION);
  const box = await browser.execute(
    (el) => {
      const r = (el as unknown as Element).getBoundingClientRect();
      return { x: r.x, y: r.y, height: r.height };
    },
    await pad,
  );
  const at = (step: number) => ({
    x: Math.round(box.x + 30 + step * 25),
    y: Math.round(box.y + box.height * (step === 0 ? 0.6 : step % 2 ? 0.3 : 0.7)),
    origin: 'viewport' as const,
  });
  let stroke = browser.action('pointer').move(at(0)).down();
  for (let step = 1; step <= 12; step++) stroke = stroke.move(at(step));
  await stroke.up().perform();
}

/** Records the names of the multipart fields the page sends: the forms send through XMLHttpRequest. */
const recordSentFields = () =>
  browser.execute(() => {
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      if (body instanceof FormData) Object.assign(window, { sentFields: [...body.keys()] });
      return send.call(this, body);
    };
  });
const sentFields = () =>
  browser.execute(() => (window as unknown as { sentFields?: string[] }).sentFields ?? []);

async function send() {
  await passHumanCheck(browser);
  await waitOutDwellAfterTicket();
  await click(browser, browser.$('button=Submit Form'));
  await expect
    .poll(() => shownTexts(browser, 'h1, h2'))
    .toEqual(expect.arrayContaining([expect.stringMatching(/^Thank you: your application was received/)]));
}

test('a joint charge card account is filled, signed and sent; Section B only when Joint', async () => {
  await goto(browser, '/frame/charge-card');
  await hydrated(browser);
  // Section B, seen by its first field (hidden with it).
  const sectionB = '#charge-card-b_first_name';
  expect(await isShown(browser, sectionB)).toBe(false);
  await click(browser, browser.$('input[name="account_type"][value="joint"]'));
  await expect.poll(() => isShown(browser, sectionB)).toBe(true);
  await expectNoAxeViolations(browser);

  const values = sampleChargeCard({ joint: true });
  const birthday = (p: string) => [`${p}_birth_month`, `${p}_birth_day`, `${p}_birth_year`];
  await fillNamed(browser, browser, values, [
    ...['a_first_name', 'a_last_name', 'a_ssn', ...birthday('a'), 'a_email', 'a_phone'],
    ...['a_address_1', 'a_city', 'a_state', 'a_zip'],
  ]);
  await draw('charge-card-signature_a');
  await fillNamed(browser, browser, values, ['b_first_name', 'b_last_name', 'b_ssn', ...birthday('b')]);
  await draw('charge-card-signature_b');
  await click(browser, browser.$('input[name="statement"][value="email"]'));
  // Number of Cards is a slider: to its start, then two steps right, as a keyboard user moves it.
  await click(browser, browser.$('#charge-card-cards'));
  await press(browser, 'Home', 'ArrowRight', 'ArrowRight');
  await expect.poll(() => browser.$('#charge-card-cards').getValue()).toBe('3');

  await recordSentFields();
  await send();
  expect(await sentFields()).toEqual(
    expect.arrayContaining(['a_ssn', 'signature_a', 'b_ssn', 'signature_b', 'statement']),
  );
  const reference = await browser.$('[role="status"] strong').getText();
  expect(reference).toMatch(/^CC-/);
  await expect.poll(() => outbox().some((mail) => mail.subject.includes(reference))).toBe(true);
});

test('the fleet card sent with two guarantors, an upload and drawn signatures, from /fleet-fueling.html', async () => {
  await goto(browser, '/fleet-fueling');
  await expectPath(browser, /^\/fleet-fueling\.html$/);
  await hydrated(browser);
  const values = sampleFleet({ guarantors: 2 });
  // The Personal Guaranty section, seen by its first guarantor's name (hidden with it).
  const guaranty = '#fleet-fueling-g1_name';
  expect(await isShown(browser, guaranty)).toBe(false);
  await fillNamed(browser, browser, values, [
    ...['phone', 'emboss_line_1', 'taxpayer_id'],
    ...['billing_contact', 'billing_address', 'billing_city', 'billing_state', 'billing_zip'],
    ...['principals', 'principal_email', 'principal_phone'],
    ...['in_business_since', 'year_incorporated', 'fiscal_year_start', 'fuel_spend'],
    ...['contact_name', 'contact_title', 'contact_email', 'contact_phone'],
    ...['bank_name', 'bank_address', 'bank_city', 'bank_state', 'bank_zip'],
    ...['bank_contact', 'bank_phone', 'bank_account'],
    ...[1, 2].flatMap((n) => ['company', 'city_state', 'contact', 'phone'].map((f) => `ref${n}_${f}`)),
    ...['print_name', 'title'],
  ]);
  await click(browser, browser.$('input[name="business_type"][value="llc"]'));
  await draw('fleet-fueling-signature');
  const guarantee = browser.$('input[name="guaranty"][value="yes"]');
  await click(browser, guarantee);
  await expect.poll(() => guarantee.isSelected()).toBe(true);
  await expect.poll(() => isShown(browser, guaranty)).toBe(true);
  for (const n of [1, 2]) {
    await draw(`fleet-fueling-g${n}_signature`);
    await fillNamed(
      browser,
      browser,
      values,
      ['date', 'name', 'ssn', 'dob', 'address', 'city', 'state', 'zip', 'phone'].map((f) => `g${n}_${f}`),
    );
  }
  // The statement, chosen as a visitor's file picker would: its path typed into the file input.
  const folder = mkdtempSync(join(tmpdir(), 'kwikfill-webkit-'));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  const file = join(folder, 'annual.pdf');
  writeFileSync(file, SAMPLE_PDF);
  await browser.$('#fleet-fueling-annual_statement').addValue(file);
  await expect.poll(() => pageText(browser)).toContain('annual.pdf');
  await expectNoAxeViolations(browser);

  await recordSentFields();
  await send();
  const fields = await sentFields();
  expect(fields).toEqual(
    expect.arrayContaining([
      'signature',
      'g1_ssn',
      'g2_ssn',
      'g2_signature',
      'annual_statement',
      'bank_account',
    ]),
  );
  expect(fields).not.toContain('g3_ssn');
  expect(fields).not.toContain('how_heard_other');
});
