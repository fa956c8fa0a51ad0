// /frame/charge-card (product.md 2.10, 3, 4, 5.6): the charge card application. Section B appears,
// and is sent, only for a joint account; while hidden its fields are disabled.

import Address from './Address.tsx';
import { Choices, Slider, Text } from './ApplicationControls.tsx';
import ApplicationShell from './ApplicationShell.tsx';
import Birthday from './Birthday.tsx';
import { ACCOUNT_TYPES, CARDS, CHARGE_CARD, STATEMENT_OPTIONS, YEARS_AT_ADDRESS } from './charge-card.ts';
import SignatureField from './SignatureField.tsx';
import { useApplication } from './useApplication.ts';

const initial = () => ({
  account_type: 'individual',
  cards: String(CARDS.default),
  a_years_at_address: String(YEARS_AT_ADDRESS.default),
  statement: [] as string[],
});

const SSN_INPUT = {
  inputMode: 'numeric',
  maxLength: 9,
  autoComplete: 'off',
  hint: '9 digits, no dashes',
} as const;

function Name({ prefix }: { prefix: 'a' | 'b' }) {
  return (
    <div className="field-row field-row--name">
      <Text
        name={`${prefix}_first_name`}
        label="First name"
        required
        autoComplete={prefix === 'a' ? 'given-name' : 'off'}
        maxLength={50}
      />
      <Text name={`${prefix}_initial`} label="Middle initial" maxLength={1} autoComplete="off" />
      <Text
        name={`${prefix}_last_name`}
        label="Last name"
        required
        autoComplete={prefix === 'a' ? 'family-name' : 'off'}
        maxLength={50}
      />
    </div>
  );
}

export default function ChargeCardForm() {
  const state = useApplication(CHARGE_CARD, initial);
  const joint = state.form.values.account_type === 'joint';
  return (
    <ApplicationShell state={state}>
      <Choices name="account_type" label="Type of Account" options={ACCOUNT_TYPES} required />
      <Slider name="cards" label="Number of Cards" min={CARDS.min} max={CARDS.max} required />

      <fieldset className="section">
        <legend>Section A: Applicant</legend>
        <Name prefix="a" />
        <div className="field-grid">
          <Text name="a_ssn" label="Social Security Number" required {...SSN_INPUT} />
          <Text name="a_email" label="Email" type="email" required autoComplete="email" maxLength={254} />
          <Text
            name="a_phone"
            label="Phone Number"
            type="tel"
            required
            autoComplete="tel-national"
            maxLength={20}
          />
        </div>
        <Birthday prefix="a" />
        <Address prefix="a" legend="Address" required autoComplete />
        <Address prefix="prev" legend="Previous Address (optional)" required={false} />
        <Slider
          name="a_years_at_address"
          label="Years at this address"
          min={YEARS_AT_ADDRESS.min}
          max={YEARS_AT_ADDRESS.max}
          required
        />
        <SignatureField name="signature_a" label="Applicant signature" />
      </fieldset>

      <p className="note">Applicants under 21 must have a co-signer complete Section B.</p>

      <fieldset className="section" hidden={!joint} disabled={!joint}>
        <legend>Section B: Joint Applicant</legend>
        <Name prefix="b" />
        <Text name="b_ssn" label="Social Security Number" required {...SSN_INPUT} />
        <Birthday prefix="b" />
        <SignatureField name="signature_b" label="Joint applicant signature" />
      </fieldset>

      <Choices
        name="statement"
        label="Statement delivery"
        options={STATEMENT_OPTIONS}
        multiple
        required
        hint="Check Mail, Email or both."
      />
    </ApplicationShell>
  );
}
