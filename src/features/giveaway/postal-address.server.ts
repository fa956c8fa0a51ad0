// A postal address line written one way, so that the draw's duplicate check (duplicates.server.ts)
// sees '12 Main Street Rear' and '12 main st rear', 'P.O. Box 5' and 'Post Office Box 5', 'Floor 2'
// and 'Fl 2', a Cyrillic 'Е' and a Latin 'E' as the same address (docs/decisions/0015).
//
// 1. Confusable letters folded: NFKC (full-width and compatibility forms), then every letter outside
//    ASCII mapped by Unicode's confusables table (the unhomoglyph package: Cyrillic and Greek
//    look-alikes to Latin), then accents dropped. ASCII is left alone: the table maps '1' to 'l' and
//    'm' to 'rn', which would change house numbers and names.
// 2. USPS Publication 28: a PO Box in its one form ('PO BOX 5'); otherwise the line is parsed by
//    parse-address, which writes street suffixes the USPS way (C1: Street -> ST, Avenue -> AVE)
//    and directionals before and after the street name; directionals within the name and the
//    secondary unit designators (C2: Apartment -> APT, Floor -> FL, Rear -> REAR, '#' -> '#') are
//    written by the tables below, which are Publication 28's own.
// What it cannot do: tell that two different spellings of a street name are one street ('Mane St'),
// or join an address written with a unit to the same address without it; those stay for the operator.
import { parseLocation } from 'parse-address';
import unhomoglyph from 'unhomoglyph';

/** Publication 28, appendix C2: secondary unit designators, every spelling to the USPS abbreviation. */
const UNIT_DESIGNATORS: Record<string, string> = {
  APARTMENT: 'APT',
  APT: 'APT',
  BASEMENT: 'BSMT',
  BSMT: 'BSMT',
  BUILDING: 'BLDG',
  BLDG: 'BLDG',
  DEPARTMENT: 'DEPT',
  DEPT: 'DEPT',
  FLOOR: 'FL',
  FL: 'FL',
  FRONT: 'FRNT',
  FRNT: 'FRNT',
  HANGAR: 'HNGR',
  HNGR: 'HNGR',
  KEY: 'KEY',
  LOBBY: 'LBBY',
  LBBY: 'LBBY',
  LOT: 'LOT',
  LOWER: 'LOWR',
  LOWR: 'LOWR',
  OFFICE: 'OFC',
  OFC: 'OFC',
  PENTHOUSE: 'PH',
  PH: 'PH',
  PIER: 'PIER',
  REAR: 'REAR',
  ROOM: 'RM',
  RM: 'RM',
  SIDE: 'SIDE',
  SLIP: 'SLIP',
  SPACE: 'SPC',
  SPC: 'SPC',
  STOP: 'STOP',
  SUITE: 'STE',
  STE: 'STE',
  TRAILER: 'TRLR',
  TRLR: 'TRLR',
  UNIT: 'UNIT',
  UPPER: 'UPPR',
  UPPR: 'UPPR',
  '#': '#',
};

/** Publication 28, 233: directionals. */
const DIRECTIONALS: Record<string, string> = {
  NORTH: 'N',
  SOUTH: 'S',
  EAST: 'E',
  WEST: 'W',
  NORTHEAST: 'NE',
  NORTHWEST: 'NW',
  SOUTHEAST: 'SE',
  SOUTHWEST: 'SW',
};

const NON_ASCII = /[^\p{ASCII}]/gu;

/** Text with look-alike letters folded to Latin and accents dropped, upper-cased ('Еlm' is 'ELM'). */
export function foldConfusables(text: string): string {
  return text
    .normalize('NFKC')
    .replace(NON_ASCII, (char) => unhomoglyph(char))
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase();
}

const PO_BOX = /^(?:P\s*O|POST\s+OFFICE)\s+BOX\s*#?\s*([A-Z0-9-]+)\b/;

const words = (text: string | undefined) => (text ?? '').split(/\s+/).filter(Boolean);
const unitOf = (word: string) => UNIT_DESIGNATORS[word] ?? word;
const directionalOf = (word: string) => DIRECTIONALS[word] ?? word;

/** The same line by words, when the parser cannot read it: every known word written the USPS way. */
const byWords = (line: string) =>
  words(line.replace(/#/g, ' # '))
    .map((word) => directionalOf(unitOf(word)))
    .join(' ');

/**
 * Line 1 of a US postal address written one way, the USPS way (Publication 28): '12 Main Street
 * Rear' and '12 main st rear' are '12 MAIN ST REAR'; 'P.O. Box 5' is 'PO BOX 5'. `unit: false`
 * leaves out the secondary unit ('12 MAIN ST'), for comparing buildings.
 */
export function normalAddress(address: string, { unit = true } = {}): string {
  const line = foldConfusables(address)
    .replace(/[.,]/g, ' ')
    .replace(/[^A-Z0-9#/ -]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!line) return '';
  const box = PO_BOX.exec(line);
  if (box) return `PO BOX ${box[1]}`;
  const parsed = parseLocation(line);
  if (!parsed?.number || !parsed.street) return byWords(line);
  const street = [
    parsed.number,
    parsed.prefix,
    ...words(parsed.street).map(directionalOf),
    parsed.type,
    parsed.suffix,
  ];
  const secondary = [
    parsed.sec_unit_type ? unitOf(parsed.sec_unit_type.toUpperCase()) : undefined,
    parsed.sec_unit_num,
  ];
  return [...street, ...(unit ? secondary : [])].filter(Boolean).join(' ').toUpperCase();
}
