// The one address block of both applications (product.md 3): city, state (the states applications
// accept) and ZIP, as address.ts describes them. The charge card's blocks (applicant, previous) carry
// their own legend and the two street lines `{prefix}_address_1` and `_address_2`; the fleet form's
// blocks sit under a street line of their own (`billing_address`, a guarantor's residential address).

import { Select, Text } from './ApplicationControls.tsx';
import { addressFields, type ZipStyle } from './address.ts';
import { APPLICATION_STATES } from './states.ts';

interface AddressProps {
  prefix: string;
  required: boolean;
  /** A block of its own: a fieldset with this legend and the two street lines. */
  legend?: string;
  /** The browser may fill it in (the applicant's own address). */
  autoComplete?: boolean;
  /** 'ZIP code' unless 'zip+4' ('Zip +4', XXXXX-XXXX). */
  zip?: ZipStyle;
  /** The fields alone, inside the grid of the fieldset around them (a guarantor's). */
  bare?: boolean;
}

export default function Address({
  prefix,
  required,
  legend,
  autoComplete = false,
  zip = 'zip',
  bare = false,
}: AddressProps) {
  const fields = addressFields({ prefix, zip });
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
  const parts = (
    <>
      {street}
      <Text
        name={fields.city.name}
        label={fields.city.label}
        required={required}
        autoComplete={legend === undefined ? undefined : auto('address-level2')}
        maxLength={fields.city.maxLength}
      />
      <Select
        name={fields.state.name}
        label={fields.state.label}
        options={APPLICATION_STATES}
        required={required}
        placeholder="Select a state"
      />
      {zip === 'zip+4' ? (
        <Text
          name={fields.zip.name}
          label={fields.zip.label}
          required={required}
          maxLength={fields.zip.maxLength}
          hint="XXXXX-XXXX"
        />
      ) : (
        <Text
          name={fields.zip.name}
          label={fields.zip.label}
          required={required}
          autoComplete={auto('postal-code')}
          inputMode="numeric"
          maxLength={fields.zip.maxLength}
        />
      )}
    </>
  );
  if (bare) return parts;
  const grid = <div className="field-grid">{parts}</div>;
  if (legend === undefined) return grid;
  return (
    <fieldset className="group">
      <legend>{legend}</legend>
      {grid}
    </fieldset>
  );
}
