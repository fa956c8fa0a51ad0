// The four card-service forms of /help/forms (product.md 2.7), committed in public/forms/. After a change
// here or in src/site.config.ts (brand, phone, mailing address), write them again with
//   node_modules/.bin/node scripts/make-card-forms.mjs
// scripts/card-forms.test.ts fails while the committed files differ from what this makes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { site } from '../src/site.config.ts';
import { makeFormPdf } from './form-pdf.mjs';

const outDir = new URL('../public/forms/', import.meta.url);
const address = site.customerService.mailingAddress.join(', ');
const returnTo = `Return this form to ${site.name} Card Services, ${address}. Questions? Call ${site.phone}, ${site.customerService.hours}.`;

const account = (page) => {
  page.fields('Account holder name', 'Account number');
  page.fields('Phone', 'Email');
};
const signature = (page) => {
  page.heading('Signature');
  page.fields('Signature of account holder', 'Date (MM/DD/YYYY)');
};

const forms = {
  'transaction-dispute-form': (page) => {
    page.title('Transaction Dispute Form');
    page.para(
      `Use this form to dispute a charge on your ${site.name} charge or fleet card account. Fill in one form per transaction and attach a copy of your receipt or statement if you have one.`,
    );
    page.heading('Account');
    account(page);
    page.heading('Transaction');
    page.fields('Transaction date (MM/DD/YYYY)', 'Store number', 'Amount charged ($)');
    page.fields('Card number (last four digits)', 'Amount you expected ($)');
    page.heading('Reason for the dispute');
    page.checks(['I did not make this purchase', 'Wrong amount', 'Charged more than once', 'Other']);
    page.para('Please describe what happened:', 10);
    page.lines(4);
    signature(page);
  },
  'name-change-form': (page) => {
    page.title('Name Change Form');
    page.para(
      `Use this form to change the name on your ${site.name} card account. Attach a copy of the document showing the change (for example a marriage certificate, court order or updated business registration).`,
    );
    page.heading('Account');
    page.fields('Account number', 'Phone');
    page.fields('Name now on the account');
    page.fields('New name (as it should appear on the account and cards)');
    page.heading('Reason for the change');
    page.checks(['Marriage', 'Divorce', 'Legal name change', 'Business name change', 'Other']);
    page.fields('Number of replacement cards needed', 'Document attached');
    signature(page);
  },
  'new-account-notice': (page) => {
    page.title('New Account Notice');
    page.para(`Welcome to ${site.name}. Please keep this notice with your account records.`);
    page.heading('Savings');
    page.para(
      `Your ${site.name} charge card takes 5 cents off every gallon. Use it together with the ${site.name} rewards card to save 3 cents more, 8 cents a gallon in all.`,
    );
    page.heading('Statements and payments');
    page.para(
      'Statements are generated around the 5th of each month; automatic payments are made between the 2nd and the 6th. Payment is due on the 25th: pay by noon on the 22nd so that it arrives on time.',
    );
    page.para('Pay online any time through the payment portal on our website.');
    page.heading('Acknowledgment');
    page.para('I have received this notice and understand the terms of my account.');
    account(page);
    signature(page);
  },
  'statement-disclaimer': (page) => {
    page.title('Statement Disclaimer');
    page.para(
      `Your monthly ${site.name} statement lists every purchase made with the cards on your account during the billing period, with the date, the store number, the product and the amount.`,
    );
    page.heading('Billing dates');
    page.para(
      'Statements are generated around the 5th of each month. Automatic payments are made between the 2nd and the 6th. Payment is due on the 25th; payments made by noon on the 22nd are credited on time.',
    );
    page.heading('Questions about a statement');
    page.para(
      'If a purchase on your statement is wrong or you do not recognize it, send us a Transaction Dispute Form (on our website under Help, Forms) as soon as possible.',
    );
    page.heading('Acknowledgment');
    account(page);
    signature(page);
  },
};

/** Every form: its file name, its PDF bytes and each text drawn on it. */
export async function cardForms() {
  const made = [];
  for (const [name, draw] of Object.entries(forms)) {
    const title = `${site.name} ${name.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())}`;
    const author = `${site.name} Card Services`;
    const subject = 'Card services form';
    const pdf = await makeFormPdf(
      { info: { title, author, subject }, band: [site.name, 'Card Services'], footer: returnTo },
      draw,
    );
    made.push({ name: `${name}.pdf`, ...pdf });
  }
  return made;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  mkdirSync(outDir, { recursive: true });
  for (const { name, bytes } of await cardForms()) {
    writeFileSync(new URL(name, outDir), bytes);
    console.log(`public/forms/${name}  ${bytes.length} bytes`);
  }
}
