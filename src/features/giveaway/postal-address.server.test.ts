// Postal addresses the USPS way (Publication 28) with look-alike letters folded: each row is a
// spelling that dodged the draw's duplicate check before.
import { describe, expect, it } from 'vitest';
import { foldConfusables, normalAddress } from './postal-address.server.ts';

describe('normalAddress', () => {
  it.each([
    // Street suffixes (C1)
    ['12 Main Street Rear', '12 MAIN ST REAR'],
    ['12 main st rear', '12 MAIN ST REAR'],
    ['  12  Oak   Street ', '12 OAK ST'],
    ['12 Oak St.', '12 OAK ST'],
    ['814 Lexington Avenue, Apartment 2', '814 LEXINGTON AVE APT 2'],
    ['814 LEXINGTON AVE. APT 2', '814 LEXINGTON AVE APT 2'],
    ['814 Lexington Ave Apt #2', '814 LEXINGTON AVE APT 2'],
    // Directionals
    ['5 North Main Road', '5 N MAIN RD'],
    ['5 N. Main Rd', '5 N MAIN RD'],
    ['3 North Avenue Apartment 4', '3 N AVE APT 4'],
    // Unit designators (C2)
    ['7 Oak Ave Floor 2', '7 OAK AVE FL 2'],
    ['7 Oak Ave, Fl. 2', '7 OAK AVE FL 2'],
    ['100 North Main Street Suite 5', '100 N MAIN ST STE 5'],
    // PO Box
    ['P.O. Box 5', 'PO BOX 5'],
    ['PO Box 5', 'PO BOX 5'],
    ['Post Office Box 5', 'PO BOX 5'],
    ['p o box 5', 'PO BOX 5'],
    // Look-alike letters: a Cyrillic Е, full-width forms, a Greek Ο
    ['9 Еlm St', '9 ELM ST'],
    ['９ Ｅｌｍ Ｓｔｒｅｅｔ', '9 ELM ST'],
    ['4 Οak Ave', '4 OAK AVE'],
  ])('%j is %j', (address, normal) => {
    expect(normalAddress(address)).toBe(normal);
  });

  it('without its unit, an address is its building', () => {
    expect(normalAddress('12 Main Street Rear', { unit: false })).toBe('12 MAIN ST');
    expect(normalAddress('7 Oak Ave Floor 2', { unit: false })).toBe('7 OAK AVE');
    expect(normalAddress('PO Box 5', { unit: false })).toBe('PO BOX 5');
  });
});

describe('foldConfusables', () => {
  it('folds Cyrillic and Greek look-alikes to Latin and leaves ASCII digits and letters alone', () => {
    expect(foldConfusables('Ivаnоv')).toBe('IVANOV'); // Cyrillic а and о
    expect(foldConfusables('Μiller')).toBe('MILLER'); // Greek Μ
    expect(foldConfusables('Romm 10')).toBe('ROMM 10');
    expect(foldConfusables('José')).toBe('JOSE');
  });
});
