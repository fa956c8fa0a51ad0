// The one address block of both applications (product.md 3): city, state (the states applications
// accept) and ZIP. The charge card's blocks (applicant, previous) carry their own legend and the two street
// lines `{prefix}_address_1` and `_address_2`; the fleet form's blocks sit under a street line of their own
// (`billing_address`) and ask for 'Zip +4'.
import { Select, Text } from './ApplicationControls.tsx';
import { APPLICATION_STATES } from './states.ts';

interface AddressProps {
  prefix: string;
  required: boolean;
  /** A block of its own: a fieldset with this legend and the two street lines. */
  legend?: string;
  /** The browser may fill it in (the applicant's own address). */
  autoComplete?: boolean;
  /** 'Zip +4' (XXXXX-XXXX) instead of 'ZIP code'. */
  zipPlus4?: boolean;
}

export default function Address({
  prefix,
  required,
  legend,
  autoComplete = false,
  zipPlus4 = false,
}: AddressProps) {
  const auto = (token: string) => (autoComplete ? token : 'off');
  const street = legend !== undefined && (
    <>
      <Text
        name={`${prefix}_address_1`}
        label="Address line 1"
        required={required}
        autoComplete={auto('address-line1')}
        maxLength={100}
        wide
      />
      <Text
        name={`${prefix}_address_2`}
        label="Address line 2"
        autoComplete={auto('address-line2')}
        maxLength={100}
        wide
      />
    </>
  );
  const grid = (
    <div className="field-grid">
      {street}
      <Text
        name={`${prefix}_city`}
        label="City"
        required={required}
        autoComplete={legend === undefined ? undefined : auto('address-level2')}
        maxLength={60}
      />
      <Select
        name={`${prefix}_state`}
        label="State"
        options={APPLICATION_STATES}
        required={required}
        placeholder="Select a state"
      />
      {zipPlus4 ? (
        <Text name={`${prefix}_zip`} label="Zip +4" required={required} maxLength={10} hint="XXXXX-XXXX" />
      ) : (
        <Text
          name={`${prefix}_zip`}
          label="ZIP code"
          required={required}
          autoComplete={auto('postal-code')}
          inputMode="numeric"
          maxLength={10}
        />
      )}
    </div>
  );
  if (legend === undefined) return grid;
  return (
    <fieldset className="group">
      <legend>{legend}</legend>
      {grid}
    </fieldset>
  );
}
