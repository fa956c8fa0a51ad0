// product.md 3: the application forms' state lists hold every state and DC (the shared list) plus the
// territories and the military mail codes, which applicants living there need.
import * as v from 'valibot';
import { US_STATES } from '../../lib/us-states.ts';

export const US_TERRITORIES_AND_MILITARY = [
  ['AS', 'American Samoa'],
  ['GU', 'Guam'],
  ['MP', 'Northern Mariana Islands'],
  ['PR', 'Puerto Rico'],
  ['VI', 'U.S. Virgin Islands'],
  ['UM', 'U.S. Minor Outlying Islands'],
  ['AA', 'Armed Forces Americas'],
  ['AE', 'Armed Forces Europe'],
  ['AP', 'Armed Forces Pacific'],
] as const;

export const APPLICATION_STATES: readonly (readonly [string, string])[] = [
  ...US_STATES,
  ...US_TERRITORIES_AND_MILITARY,
];
const CODES = APPLICATION_STATES.map(([code]) => code) as [string, ...string[]];

export const stateChoice = (label = 'State') => v.picklist(CODES, `${label} is required`);
export const optionalStateChoice = (label = 'State') =>
  v.optional(v.union([v.literal(''), stateChoice(label)], `${label} is required`), '');
