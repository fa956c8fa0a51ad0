// The fingerprint of a multipart body for idempotency.ts: a SHA-256 of its bytes with every copy of
// its boundary left out. A browser picks a new random boundary for each send of the same form, so
// the raw bytes of a retry differ; the parts (names, values, files) do not. Streamed: the body of an
// application may be megabytes, read once by its route.
import { createHash } from 'node:crypto';

export interface Fingerprint {
  update(chunk: Uint8Array): void;
  digest(): string;
}

/** The boundary named in a multipart Content-Type, '' when there is none. */
const boundaryOf = (contentType: string): string => {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? '';
};

export function multipartFingerprint(contentType: string): Fingerprint {
  const hash = createHash('sha256');
  const boundary = Buffer.from(boundaryOf(contentType));
  // The last bytes of what came are held back: a boundary may be split between two chunks.
  let held = Buffer.alloc(0);
  const feed = (bytes: Buffer, last: boolean) => {
    let from = 0;
    const parts: Buffer[] = [];
    for (
      let at = bytes.indexOf(boundary, from);
      boundary.length > 0 && at !== -1;
      at = bytes.indexOf(boundary, from)
    ) {
      parts.push(bytes.subarray(from, at));
      from = at + boundary.length;
    }
    const rest = bytes.subarray(from);
    const keep = last || boundary.length === 0 ? 0 : Math.min(rest.length, boundary.length - 1);
    parts.push(rest.subarray(0, rest.length - keep));
    for (const part of parts) hash.update(part);
    held = Buffer.from(rest.subarray(rest.length - keep));
  };
  return {
    update: (chunk) => feed(Buffer.concat([held, chunk]), false),
    digest: () => {
      feed(held, true);
      return hash.digest('hex');
    },
  };
}
