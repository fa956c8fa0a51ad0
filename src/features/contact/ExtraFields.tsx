// The extra fields of the chosen department (departments.ts): text, dates, a time, the card types,
// and a store location picked from the store list when the site has one, or typed.
import { type ChangeEvent, useEffect, useState } from 'react';
import { SelectField, TextField } from '../../components/form/Fields.tsx';
import { publicApi } from '../../lib/api-client.ts';
import type { StoreListAnswer } from '../locator/locator.ts';
import { CARD_TYPES, type ExtraField } from './departments.ts';

let storeNames: Promise<string[]> | undefined;
/** Store names for the location list, asked once; none (a typed location) when the list is unavailable. */
function loadStoreNames(): Promise<string[]> {
  storeNames ??= publicApi.store
    .$get({ query: { size: '1000' } })
    .then((response) => response.json() as Promise<Partial<StoreListAnswer>>)
    .then((answer) =>
      (answer.items ?? [])
        .map(({ data }) =>
          data?.sCity ? `#${data.sStoreNumber} ${data.sAddr1}, ${data.sCity}, ${data.sState}` : '',
        )
        .filter(Boolean),
    )
    .catch(() => []);
  return storeNames;
}

const INPUTS: Partial<
  Record<ExtraField['kind'], { type?: string; inputMode?: 'numeric'; maxLength?: number }>
> = {
  digits: { inputMode: 'numeric', maxLength: 20 },
  lastFour: { inputMode: 'numeric', maxLength: 4 },
  storeNumber: { inputMode: 'numeric', maxLength: 5 },
  date: { type: 'date' },
  time: { type: 'time' },
  email: { type: 'email' },
};

interface Props {
  fields: ExtraField[];
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (key: string, value: string) => void;
}

export default function ExtraFields({ fields, values, errors, onChange }: Props) {
  const [stores, setStores] = useState<string[]>([]);
  const wantsStores = fields.some((field) => field.kind === 'location');
  useEffect(() => {
    if (wantsStores) loadStoreNames().then(setStores);
  }, [wantsStores]);

  return (
    <div className="field-grid">
      {fields.map((field) => {
        const common = {
          id: `contact-extra-${field.key}`,
          label: field.label,
          value: values[field.key] ?? '',
          error: errors[`extra.${field.key}`],
          onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
            onChange(field.key, event.target.value),
        };
        if (field.kind === 'cardType')
          return (
            <SelectField
              key={field.key}
              {...common}
              options={CARD_TYPES.map((t) => [t, t] as const)}
              placeholder="Select a card type"
            />
          );
        const hintId = field.hint ? `${common.id}-hint` : undefined;
        return (
          <TextField
            key={field.key}
            {...common}
            {...INPUTS[field.kind]}
            list={field.kind === 'location' && stores.length > 0 ? 'contact-stores' : undefined}
            describedBy={hintId}
          >
            {field.hint && (
              <p id={hintId} className="field__hint">
                {field.hint}
              </p>
            )}
          </TextField>
        );
      })}
      {wantsStores && stores.length > 0 && (
        <datalist id="contact-stores">
          {stores.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      )}
    </div>
  );
}
