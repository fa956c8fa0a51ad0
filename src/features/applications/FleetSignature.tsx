// Fleet form, the signing part (product.md 3, 5.6, 9): the legal clauses, the drawn signature, the date
// (selects, years 2018 to 2028, set to today when the form opens), the time, print name and title.
import { Select, Text } from './ApplicationControls.tsx';
import { HOURS, MINUTES, SIGN_YEARS } from './fleet.ts';
import { MONTHS, range } from './rules.ts';
import SignatureField from './SignatureField.tsx';

const pairs = (items: readonly (string | number)[]) =>
  items.map((item) => [String(item), String(item)] as const);
const MONTH_OPTIONS = MONTHS.map((month, index) => [String(index + 1), month] as const);
const DAY_OPTIONS = pairs(range(1, 31));
const YEAR_OPTIONS = pairs(SIGN_YEARS);
const HOUR_OPTIONS = pairs(HOURS);
const MINUTE_OPTIONS = pairs(MINUTES);
const AMPM_OPTIONS = pairs(['AM', 'PM']);

export const LEGAL_CLAUSES = [
  'The applicant agrees that the card provider and its affiliates may share all information about the applicant and its account with one another, and with others, to the extent the law and the account agreement allow.',
  'The person signing attests that the applicant is a valid business entity, that signing this application on its behalf is duly authorized, and that the signer may apply for this account on its behalf.',
  'This application and the account are governed by the laws of the Commonwealth of Pennsylvania.',
];

export default function FleetSignature() {
  return (
    <fieldset className="section">
      <legend>Signature</legend>
      {LEGAL_CLAUSES.map((clause) => (
        <p key={clause} className="legal">
          {clause}
        </p>
      ))}
      <SignatureField name="signature" label="Signature" />
      <fieldset className="group">
        <legend>Date</legend>
        <div className="field-row">
          <Select name="sign_month" label="Month" options={MONTH_OPTIONS} required />
          <Select name="sign_day" label="Day" options={DAY_OPTIONS} required />
          <Select name="sign_year" label="Year" options={YEAR_OPTIONS} required />
        </div>
      </fieldset>
      <fieldset className="group">
        <legend>Time</legend>
        <div className="field-row">
          <Select name="sign_hour" label="Hour" options={HOUR_OPTIONS} required />
          <Select name="sign_minute" label="Minute" options={MINUTE_OPTIONS} required />
          <Select name="sign_ampm" label="AM/PM" options={AMPM_OPTIONS} required />
        </div>
      </fieldset>
      <div className="field-grid">
        <Text name="print_name" label="Print Name" required maxLength={60} />
        <Text name="title" label="Title" required maxLength={60} />
      </div>
    </fieldset>
  );
}
