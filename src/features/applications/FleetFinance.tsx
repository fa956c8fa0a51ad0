// Fleet form, third part (product.md 3, 5.6): business type and the personal guaranty question (both
// required, several ticks allowed although they say 'Check one'), the bank, three trade
// references (the first two required) and the tax-exempt box.
import Address from './Address.tsx';
import { Check, Choices, Text } from './ApplicationControls.tsx';
import { Phone } from './FleetInputs.tsx';
import { BUSINESS_TYPES, GUARANTY_OPTIONS } from './fleet.ts';

function Reference({ n, required }: { n: number; required: boolean }) {
  return (
    <fieldset className="group">
      <legend>
        Trade reference {n}
        {required ? '' : ' (optional)'}
      </legend>
      <div className="field-grid">
        <Text name={`ref${n}_company`} label="Company name" required={required} maxLength={100} />
        <Text name={`ref${n}_city_state`} label="City/State" required={required} maxLength={100} />
        <Text name={`ref${n}_contact`} label="Contact" required={required} maxLength={60} />
        <Phone name={`ref${n}_phone`} label="Phone" required={required} />
      </div>
    </fieldset>
  );
}

export default function FleetFinance() {
  return (
    <>
      <Choices
        name="business_type"
        label="Business type"
        options={BUSINESS_TYPES}
        multiple
        required
        hint="Check one."
      />
      <Choices
        name="guaranty"
        label="Will a principal give a personal guaranty?"
        options={GUARANTY_OPTIONS}
        multiple
        required
        hint="Check one."
      />
      <fieldset className="section">
        <legend>Bank</legend>
        <div className="field-grid">
          <Text name="bank_name" label="Primary Business Bank" required maxLength={100} />
          <Text name="bank_address" label="Bank Address" required maxLength={100} />
        </div>
        <Address prefix="bank" required zip="zip+4" />
        <div className="field-grid">
          <Text name="bank_contact" label="Bank Contact Person" required maxLength={60} />
          <Phone name="bank_phone" label="Phone" required />
          <Text name="bank_account" label="Commercial Account #" required maxLength={34} autoComplete="off" />
          <Phone name="bank_fax" label="Fax" />
        </div>
      </fieldset>
      <fieldset className="section">
        <legend>Trade references</legend>
        <p className="note">
          Please give three trade references from creditors you deal with regularly, not credit card or oil
          company cards.
        </p>
        <Reference n={1} required />
        <Reference n={2} required />
        <Reference n={3} required={false} />
      </fieldset>
      <Check name="tax_exempt" label="This business is exempt from motor fuels tax." />
    </>
  );
}
