import { digitsOnly } from '../../lib/digits.ts';

/** A tel: link for a North American number written with dashes or spaces: 1-800-443-3440 -> tel:+18004433440. */
export const telHref = (phone: string): string => {
  const digits = digitsOnly(phone);
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
};
