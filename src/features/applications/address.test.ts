// The address block's one description (address.ts) gives the schemas, the labels and the form the
// same fields, in product.md 3's words.
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { addressFields, addressLabels, addressSchema } from './address.ts';
import { CHARGE_CARD_LABELS, FLEET_LABELS } from './labels.ts';

describe('the address block', () => {
  it('names the same three fields in the schema, the labels and the form', () => {
    const block = { prefix: 'billing', required: true, zip: 'zip+4' } as const;
    const names = Object.values(addressFields(block)).map((field) => field.name);
    expect(names).toEqual(['billing_city', 'billing_state', 'billing_zip']);
    expect(Object.keys(addressSchema(block))).toEqual(names);
    expect(Object.keys(addressLabels(block))).toEqual(names);
  });

  it("speaks each form's words: 'ZIP code' on the charge card, 'Zip +4' on the fleet form, 'Previous' outside the form", () => {
    expect(CHARGE_CARD_LABELS).toMatchObject({
      a_city: 'City',
      a_zip: 'ZIP code',
      prev_zip: 'Previous ZIP code',
    });
    expect(FLEET_LABELS).toMatchObject({ billing_zip: 'Zip +4', contact_state: 'State', g2_zip: 'ZIP code' });
    expect(addressFields({ prefix: 'prev', zip: 'zip', lead: 'Previous' }).city).toMatchObject({
      label: 'City',
      fullLabel: 'Previous city',
    });
  });

  it('a block that is not required takes nothing, and checks what is given', () => {
    const optional = v.object(
      addressSchema({ prefix: 'prev', required: false, zip: 'zip', lead: 'Previous' }),
    );
    expect(v.safeParse(optional, {}).success).toBe(true);
    const badZip = v.safeParse(optional, { prev_zip: '123' });
    expect(badZip.issues?.[0]?.message).toBe('Please enter a valid ZIP code');
    const required = v.object(addressSchema({ prefix: 'bank', required: true, zip: 'zip+4' }));
    const empty = v.safeParse(required, { bank_city: '', bank_state: '', bank_zip: '' });
    expect(empty.issues?.map((issue) => issue.message)).toEqual([
      'City is required',
      'State is required',
      'Zip +4 is required',
    ]);
  });
});
