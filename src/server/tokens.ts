// Random tokens, hashes and signatures. Session and reset tokens are stored only as SHA-256
// hashes: they are 256-bit random values, so a fast hash is enough and a database leak does not
// hand out sessions.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** HMAC-SHA256 with a purpose prefix, so a signature made for one use never fits another. */
export const sign = (secret: string, purpose: string, data: string): string =>
  createHmac('sha256', secret).update(`${purpose}|${data}`).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** 'dana@example.com' -> 'd***@example.com': enough to follow a log line, never the address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
