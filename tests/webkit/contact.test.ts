// A contact message in WebKit (product.md 5.4): sent, confirmed with its reference, mailed to the
// department and the sender. The Playwright spec: tests/e2e/contact.spec.ts.
import { expect, test } from 'vitest';
import { site } from '../../src/site.config.ts';
import { waitOutDwellAfterTicket } from '../e2e/dwell.ts';
import { CONTACT_PERSON, CONTACT_VISIT } from '../support/journeys.ts';
import {
  type Browser,
  choose,
  click,
  expectNoAxeViolations,
  fill,
  fillNamed,
  goto,
  hydrated,
  outbox,
  passHumanCheck,
  shownTexts,
  withWebKit,
} from './webkit.ts';

let browser: Browser;
withWebKit((opened) => {
  browser = opened;
});

test('a sent message: stored, confirmed with its reference, mailed to the department and the sender', async () => {
  const email = `pat-${Date.now()}@example.com`;
  await goto(browser, '/help');
  await hydrated(browser);
  const form = browser.$('form.contact-form');
  await fillNamed(browser, form, { ...CONTACT_PERSON, email }, [...Object.keys(CONTACT_PERSON), 'email']);
  await choose(form.$('[name="department"]'), { label: CONTACT_VISIT.department });
  await choose(form.$('[name="subject"]'), CONTACT_VISIT.subject);
  await fill(browser, form.$('input[type="date"]'), CONTACT_VISIT.date);
  await fill(browser, form.$('input[type="time"]'), CONTACT_VISIT.time);
  await fill(browser, form.$('textarea'), CONTACT_VISIT.message);
  await expectNoAxeViolations(browser);
  await passHumanCheck(browser, form);
  await waitOutDwellAfterTicket();
  await click(browser, form.$('button=Submit'));
  const sent = () =>
    shownTexts(browser, 'form.contact-form [role="status"]').then((texts) =>
      texts.find((text) => text.includes('Your message has been sent!')),
    );
  await expect.poll(sent).toMatch(/Your reference number is KF-[A-Z2-9]{4}-[A-Z2-9]{4}\./);
  const reference = /KF-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec((await sent()) ?? '')?.[0];
  await expect
    .poll(() =>
      outbox()
        .filter((mail) => mail.subject.includes(reference ?? '?'))
        .map((mail) => mail.to),
    )
    .toEqual([site.contactInboxes[3], email]);
  // Ready for another message: the department part closes, the personal fields stay.
  expect(await form.$$('textarea').length).toBe(0);
  expect(await form.$('[name="email"]').getValue()).toBe(email);
});
