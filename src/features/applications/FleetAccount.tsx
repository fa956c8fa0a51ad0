// Fleet form, second part (product.md 3, 5.6): the business's years, fiscal year, fuel spend and cards,
// the primary contact, and the two optional financial statements with the $6,600 guidance.
import Address from './Address.tsx';
import { Select, Slider, Text } from './ApplicationControls.tsx';
import FileField from './FileField.tsx';
import { Money, Phone } from './FleetInputs.tsx';
import { FLEET_CARDS, STATEMENT_THRESHOLD } from './fleet.ts';
import { MONTHS } from './rules.ts';
import { UPLOAD_FIELDS } from './uploads.ts';

const MONTH_OPTIONS = MONTHS.map((month) => [month, month] as const);
// 6,600 with its thousands comma, written without Intl: toLocaleString in render made the phone load
// the number-format data while it hydrated the form (bench/results/analysis.md).
const THRESHOLD = String(STATEMENT_THRESHOLD).replace(/\B(?=(\d{3})+$)/g, ',');

export default function FleetAccount() {
  return (
    <>
      <fieldset className="section">
        <legend>Business and account</legend>
        <div className="field-grid">
          <Text
            name="in_business_since"
            label="In Business Since"
            required
            maxLength={4}
            inputMode="numeric"
            hint="yyyy"
          />
          <Text
            name="year_incorporated"
            label="Year of Incorporation"
            required
            maxLength={4}
            inputMode="numeric"
            hint="yyyy"
          />
          <Select
            name="fiscal_year_start"
            label="Fiscal Year Start"
            options={MONTH_OPTIONS}
            required
            placeholder="Select a month"
          />
          <Money
            name="fuel_spend"
            label="Avg. Month Fuel Expenditures ($)"
            required
            hint="Dollars and cents, without commas, e.g. 2500.00"
          />
        </div>
        <Slider name="cards" label="Number of Cards" min={FLEET_CARDS.min} max={FLEET_CARDS.max} required />
      </fieldset>
      <fieldset className="section">
        <legend>Primary authorized contact</legend>
        <div className="field-grid">
          <Text name="contact_name" label="Primary Authorized Contact Name" required maxLength={60} />
          <Text name="contact_title" label="Title" required maxLength={60} />
          <Text name="contact_address" label="Mailing Address" maxLength={100} wide />
        </div>
        <Address prefix="contact" required={false} zip="zip+4" />
        <div className="field-grid">
          <Text name="contact_email" label="Contact Email" type="email" required maxLength={254} />
          <Phone name="contact_phone" label="Phone" required />
          <Phone name="contact_fax" label="Fax" />
        </div>
      </fieldset>
      <fieldset className="section">
        <legend>Financial statements</legend>
        <p className="note">
          If your estimated monthly vehicle spend is ${THRESHOLD} or more, please attach your latest annual
          and current financial statements.
        </p>
        <div className="field-grid">
          {UPLOAD_FIELDS.map(([name, label]) => (
            <FileField key={name} name={name} label={label} />
          ))}
        </div>
      </fieldset>
    </>
  );
}
