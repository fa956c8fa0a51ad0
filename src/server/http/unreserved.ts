// RFC 3986 6.2.2.2: a %-encoded unreserved character (letters, digits, - . _ ~) is that character, so
// `/%61pi/v1/health` is `/api/v1/health`. The server routes on the path so decoded, or an encoded
// spelling would reach the pages' handler with the pages' headers instead of the API (or a probe).
// Reserved characters (%2F, %3F...) stay encoded: decoding them would change what the path says.

const ENCODED_UNRESERVED = /%(4[1-9A-F]|5[0-9A]|6[1-9A-F]|7[0-9A]|3[0-9]|2D|2E|5F|7E)/gi;

/** The request target's path with its encoded unreserved characters decoded; the rest as it was. */
export const withUnreservedDecoded = (path: string): string =>
  path.includes('%')
    ? path.replace(ENCODED_UNRESERVED, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : path;
