// The personal guaranty (product.md 3, 4): its note, heading and text appear only when the guaranty
// question is answered Yes; for up to three guarantors, the first one required. While hidden the
// fields are disabled, so nothing of them is sent.
import { useContext } from 'react';
import Address from './Address.tsx';
import { FormContext, Text } from './ApplicationControls.tsx';
import { Phone } from './FleetInputs.tsx';
import { GUARANTOR_NUMBERS, wantsGuaranty } from './fleet-guaranty.ts';
import SignatureField from './SignatureField.tsx';

function Guarantor({ n }: { n: number }) {
  const required = n === 1;
  return (
    <fieldset className="group">
      <legend>
        Guarantor {n}
        {required ? '' : ' (optional)'}
      </legend>
      <SignatureField name={`g${n}_signature`} label={`Guarantor ${n} signature`} />
      <div className="field-grid">
        <Text name={`g${n}_date`} label="Date" required={required} hint="XX/XX/XXXX" maxLength={10} />
        <Text name={`g${n}_name`} label="Print name" required={required} maxLength={60} />
        <Text
          name={`g${n}_ssn`}
          label="Social Security Number"
          required={required}
          inputMode="numeric"
          maxLength={9}
          autoComplete="off"
          hint="9 digits, no dashes"
        />
        <Text
          name={`g${n}_dob`}
          label="Date of birth"
          required={required}
          hint="XX/XX/XXXX"
          maxLength={10}
          autoComplete="off"
        />
        <Text
          name={`g${n}_address`}
          label="Residential address (no PO Box)"
          required={required}
          maxLength={100}
          wide
        />
        <Address prefix={`g${n}`} required={required} bare />
        <Phone name={`g${n}_phone`} label="Phone" required={required} />
      </div>
    </fieldset>
  );
}

export default function FleetGuaranty() {
  const { values } = useContext(FormContext);
  const shown = wantsGuaranty(values);
  return (
    <fieldset className="section" hidden={!shown} disabled={!shown}>
      <legend>Personal Guaranty</legend>
      <p className="note">Complete this part because you answered Yes to the personal guaranty question.</p>
      <p className="legal">
        In consideration of credit extended to the applicant, each undersigned guarantor personally and
        unconditionally guarantees payment of all amounts the applicant owes on this account. Up to three
        guarantors may sign.
      </p>
      {GUARANTOR_NUMBERS.map((n) => (
        <Guarantor key={n} n={n} />
      ))}
    </fieldset>
  );
}
