// The nine departments of the contact form (product.md 9) and the extra fields each one asks for (product.md
// 3's keys where given; sensible ones for the other six). Subject lists are content editors
// change: content/departments.yaml. Shared by the island and the server.
import { site } from '../../site.config.ts';

export const DEPARTMENT_NAMES = {
  1: `${site.name} Cards`,
  2: 'Other Credit Cards',
  3: 'Customer Service',
  4: 'Employment',
  5: 'Merchandise',
  6: 'Fleet Fueling Cards',
  7: 'Cafe',
  8: 'Advertising',
  9: 'Website Account',
} as const;
export type DepartmentId = keyof typeof DEPARTMENT_NAMES;
export const DEPARTMENT_IDS = Object.keys(DEPARTMENT_NAMES).map(Number) as DepartmentId[];
export const isDepartment = (value: unknown): value is DepartmentId =>
  typeof value === 'number' && DEPARTMENT_IDS.includes(value as DepartmentId);

/** product.md 9: the last subject of every list, which asks for the subject in a text field. */
export const OTHER_SUBJECT = 'Other (Enter Below)';

/** product.md 9's card types, for the other-credit-cards department. */
export const CARD_TYPES = [
  'Visa',
  'Mastercard',
  'American Express',
  'Discover',
  'Voyager',
  'Wright Express',
  'Debit',
  'Other',
] as const;

export type ExtraKind =
  | 'text'
  | 'digits'
  | 'lastFour'
  | 'storeNumber'
  | 'date'
  | 'time'
  | 'cardType'
  | 'email'
  | 'location';

export interface ExtraField {
  key: string;
  label: string;
  kind: ExtraKind;
  hint?: string;
}

const storeNumber: ExtraField = {
  key: 'store_number',
  label: 'Store number',
  kind: 'storeNumber',
  hint: 'On your receipt, if you have it.',
};
const location: ExtraField = {
  key: 'location',
  label: 'Store location',
  kind: 'location',
  hint: 'Pick a store or type the town and street.',
};
const dateOfVisit: ExtraField = { key: 'date_of_visit', label: 'Date of visit', kind: 'date' };

export const EXTRA_FIELDS: Record<DepartmentId, ExtraField[]> = {
  1: [
    {
      key: 'account_number',
      label: 'Account number',
      kind: 'digits',
      hint: 'Digits only, as printed on your card.',
    },
  ],
  2: [
    { key: 'card_type', label: 'Card type', kind: 'cardType' },
    { key: 'last_four', label: 'Last four digits of the card', kind: 'lastFour' },
    storeNumber,
    { key: 'transaction_date', label: 'Transaction date', kind: 'date' },
  ],
  3: [location, dateOfVisit, { key: 'time_of_visit', label: 'Time of visit', kind: 'time' }],
  4: [
    { key: 'position', label: 'Position you are interested in', kind: 'text' },
    { ...location, label: 'Preferred store location' },
  ],
  5: [
    { key: 'product', label: 'Product', kind: 'text' },
    storeNumber,
    { key: 'purchase_date', label: 'Purchase date', kind: 'date' },
  ],
  6: [
    { key: 'company_name', label: 'Company name', kind: 'text' },
    {
      key: 'account_number',
      label: 'Fleet account number',
      kind: 'digits',
      hint: 'Digits only, if you have an account.',
    },
  ],
  7: [location, dateOfVisit],
  8: [
    { key: 'company_name', label: 'Company name', kind: 'text' },
    { key: 'website', label: 'Company website', kind: 'text' },
  ],
  9: [{ key: 'account_email', label: 'Email address of your website account', kind: 'email' }],
};

/** The departments as the form offers them: product.md 9's names, the editors' subjects, then 'Other (Enter Below)'. */
export function departmentOptions(
  entries: { department: number; subjects: string[] }[],
  text: (s: string) => string = (s) => s,
): { id: DepartmentId; name: string; subjects: string[] }[] {
  return DEPARTMENT_IDS.map((id) => {
    const entry = entries.find((e) => e.department === id);
    if (!entry) throw new Error(`content/departments.yaml has no subjects for department ${id}`);
    return { id, name: DEPARTMENT_NAMES[id], subjects: [...entry.subjects.map(text), OTHER_SUBJECT] };
  });
}
