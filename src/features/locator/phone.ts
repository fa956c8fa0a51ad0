// product.md 5.5 phone display: digits only; an optional country prefix (1, 44, 61, 57, 55 or 49) plus
// 3-3-4 digits reads '[+prefix ]xxx xxx-xxxx'; anything else is shown exactly as stored.
import { digitsOnly } from '../../lib/digits.ts';

const PATTERN = /^(1|44|61|57|55|49)?(\d{3})(\d{3})(\d{4})$/;

export function displayPhone(phone: string): string {
  const match = PATTERN.exec(digitsOnly(phone));
  if (!match) return phone;
  const [, prefix, area, exchange, line] = match;
  return `${prefix ? `+${prefix} ` : ''}${area} ${exchange}-${line}`;
}
