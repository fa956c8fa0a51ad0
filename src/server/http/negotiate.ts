// Content negotiation of the production server: which encoding an answer from a precompressed copy
// goes out in (a prebuilt file, the maintenance screen). One reading of Accept-Encoding for all.
import type { IncomingMessage } from 'node:http';
import Negotiator from 'negotiator';

export type Encoding = 'br' | 'gzip' | 'identity';
/** Best first: brotli is the smaller, gzip the one every client knows. */
const PREFERENCE: Encoding[] = ['br', 'gzip', 'identity'];
/** The file name suffix of each encoding's precompressed copy (scripts/precompress.mjs). */
export const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz', identity: '' };
export const ENCODINGS: readonly Encoding[] = PREFERENCE;

const negotiated = new Map<string, Encoding[]>();
/** The encodings the client accepts (q-values honoured: `br;q=0, gzip` is gzip), best first. */
export function acceptedEncodings(req: IncomingMessage): Encoding[] {
  const header = req.headers['accept-encoding'] ?? '';
  let encodings = negotiated.get(header);
  if (!encodings) {
    const accepted = new Set(new Negotiator(req).encodings(PREFERENCE));
    encodings = PREFERENCE.filter((encoding) => accepted.has(encoding));
    if (negotiated.size > 200) negotiated.clear(); // browsers send a handful of distinct values
    negotiated.set(header, encodings);
  }
  return encodings;
}

/** The best encoding the client accepts among those there is a copy in, or undefined for none. */
export function pickEncoding<T>(
  req: IncomingMessage,
  copies: Partial<Record<Encoding, T>>,
): Encoding | undefined {
  return acceptedEncodings(req).find((encoding) => copies[encoding] !== undefined);
}
