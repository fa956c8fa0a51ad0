// The address block of both applications (product.md 3): after the street line or lines, city, state
// and ZIP. One description of the block's fields for the schemas (charge-card.ts, fleet.ts,
// fleet-guaranty.ts), the labels of the review and the PDF (labels.ts) and the form (Address.tsx).
// The words differ as product.md gives them: the charge card and the guarantors ask for a 'ZIP code'
// (XXXXX or XXXXX-XXXX), the fleet company's blocks for 'Zip +4'.
import * as v from 'valibot';
import { zipField } from '../../lib/fields.ts';
import { optional, required } from './rules.ts';
import { optionalStateChoice, stateChoice } from './states.ts';

export type ZipStyle = 'zip' | 'zip+4';

const ZIP_LABELS: Record<ZipStyle, string> = { zip: 'ZIP code', 'zip+4': 'Zip +4' };
const CITY_MAX = 60;
const ZIP_MAX = 10;

export interface AddressBlock {
  /** The fields are `{prefix}_city`, `{prefix}_state` and `{prefix}_zip`. */
  prefix: string;
  required: boolean;
  zip: ZipStyle;
  /** Where no legend says whose address it is (the review, the PDF): 'Previous' gives 'Previous city'. */
  lead?: string;
}

/** The block's fields in the form's order: name, label as the form shows it, label outside the form. */
export function addressFields({ prefix, zip, lead }: Pick<AddressBlock, 'prefix' | 'zip' | 'lead'>) {
  const outside = (label: string, word: string) => (lead ? `${lead} ${word}` : label);
  return {
    city: { name: `${prefix}_city`, label: 'City', fullLabel: outside('City', 'city'), maxLength: CITY_MAX },
    state: { name: `${prefix}_state`, label: 'State', fullLabel: outside('State', 'state') },
    zip: {
      name: `${prefix}_zip`,
      label: ZIP_LABELS[zip],
      fullLabel: outside(ZIP_LABELS[zip], ZIP_LABELS[zip]),
      maxLength: ZIP_MAX,
    },
  };
}

/** The block's labels outside the form (labels.ts). */
export function addressLabels(block: Pick<AddressBlock, 'prefix' | 'zip' | 'lead'>): Record<string, string> {
  const { city, state, zip } = addressFields(block);
  return { [city.name]: city.fullLabel, [state.name]: state.fullLabel, [zip.name]: zip.fullLabel };
}

const zipSchema = (style: ZipStyle, isRequired: boolean) => {
  if (style === 'zip+4') return isRequired ? required('Zip +4', ZIP_MAX) : optional('Zip +4', ZIP_MAX);
  return isRequired
    ? zipField
    : v.optional(v.union([v.literal(''), zipField], 'Please enter a valid ZIP code'), '');
};

/** The block's schema entries, with the messages that name the fields as the labels outside the form do. */
export function addressSchema(block: AddressBlock): Record<string, v.GenericSchema> {
  const { city, state, zip } = addressFields(block);
  return {
    [city.name]: block.required ? required(city.fullLabel, CITY_MAX) : optional(city.fullLabel, CITY_MAX),
    [state.name]: block.required ? stateChoice(state.fullLabel) : optionalStateChoice(state.fullLabel),
    [zip.name]: zipSchema(block.zip, block.required),
  };
}
