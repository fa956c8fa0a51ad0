// Fleet form, first part (product.md 3): the company, what the cards carry, billing and headquarters;
// then the principals.
import Address from './Address.tsx';
import { Text } from './ApplicationControls.tsx';
import { Phone } from './FleetInputs.tsx';
import { EMBOSS_MAX } from './fleet.ts';

const EMBOSS_HINT = `At most ${EMBOSS_MAX} characters including spaces. Write the company name as it should appear on the cards; unless you specify a second line, none appears.`;

export default function FleetCompany() {
  return (
    <fieldset className="section">
      <legend>Company</legend>
      <div className="field-grid">
        <Phone name="phone" label="Phone" required />
        <Phone name="fax" label="Fax" />
        <Text
          name="emboss_line_1"
          label="Company Name Embossed on Cards"
          required
          maxLength={EMBOSS_MAX}
          hint={EMBOSS_HINT}
          wide
        />
        <Text
          name="emboss_line_2"
          label="Embossing on second line"
          maxLength={EMBOSS_MAX}
          hint={`At most ${EMBOSS_MAX} characters including spaces.`}
          wide
        />
        <Text name="dba" label="DBA or AKA" maxLength={100} />
        <Text name="subsidiary_of" label="Subsidiary of" maxLength={100} />
        <Text name="taxpayer_id" label="Applicant's Taxpayer ID#" required maxLength={20} />
        <Text
          name="applicant_ssn"
          label="Applicant's SSN#"
          inputMode="numeric"
          maxLength={9}
          autoComplete="off"
          hint="9 digits, no dashes"
        />
        <Text name="sic_code" label="SIC Code or Type of Business" maxLength={100} wide />
      </div>
      <fieldset className="group">
        <legend>Billing</legend>
        <div className="field-grid">
          <Text name="billing_contact" label="Billing Contact" required maxLength={60} />
          <Text name="billing_address" label="Billing Address" required maxLength={100} />
        </div>
        <Address prefix="billing" required zip="zip+4" />
      </fieldset>
      <fieldset className="group">
        <legend>Headquarters (optional; no PO Box)</legend>
        <div className="field-grid">
          <Text name="hq_name" label="Headquarters Name" maxLength={100} />
          <Text name="hq_address" label="Physical Address" maxLength={100} />
          <Phone name="hq_phone" label="Phone #" />
        </div>
      </fieldset>
    </fieldset>
  );
}

export function FleetPrincipals() {
  return (
    <fieldset className="section">
      <legend>Principals</legend>
      <div className="field-grid">
        <Text name="principals" label="Principal(s)/Authorized Officer(s)" required maxLength={200} />
        <Text name="principal_titles" label="Title(s)" maxLength={200} />
        <Text name="principal_email" label="Email" type="email" required maxLength={254} />
        <Phone name="principal_phone" label="Phone" required />
      </div>
    </fieldset>
  );
}
