// Month, day and year selects of a birthday (product.md 3: years 1923 to 2023), as one labelled group.

import { Select } from './ApplicationControls.tsx';
import { BIRTH_YEARS } from './charge-card.ts';
import { MONTHS, range } from './rules.ts';

const MONTH_OPTIONS = MONTHS.map((month, index) => [String(index + 1), month] as const);
const DAY_OPTIONS = range(1, 31).map((day) => [String(day), String(day)] as const);
const YEAR_OPTIONS = [...BIRTH_YEARS].reverse().map((year) => [String(year), String(year)] as const);

export default function Birthday({ prefix, legend = 'Birthday' }: { prefix: 'a' | 'b'; legend?: string }) {
  return (
    <fieldset className="group">
      <legend>
        {legend}
        <span className="field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </legend>
      <div className="field-row">
        <Select name={`${prefix}_birth_month`} label="Month" options={MONTH_OPTIONS} required />
        <Select name={`${prefix}_birth_day`} label="Day" options={DAY_OPTIONS} required />
        <Select name={`${prefix}_birth_year`} label="Year" options={YEAR_OPTIONS} required />
      </div>
    </fieldset>
  );
}
