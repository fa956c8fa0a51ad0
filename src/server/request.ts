// Reading requests (the HTTP server itself is src/server/http/): the API speaks JSON only, so every
// request body must be a JSON object (checked once for all routes by `jsonBodies`, before any route
// sees it), and the client's address.
// The fields themselves are checked by the routes' validators (src/server/validate.ts).
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './deps.ts';
import { ApiError, ERRORS } from './errors.ts';
import { addressBucket, clientAddressOf } from './ip.ts';
import { warnOnce } from './log.ts';

export type Body = Record<string, unknown>;

const isJsonType = (type: string) => /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type.trim());

/** True when any string (value or key) anywhere in the value holds a NUL, which PostgreSQL cannot store. */
function hasNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return true;
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/**
 * The request's JSON object, or a 4xx: 415 for another content type, invalid_json for text that
 * does not parse (an empty body sent as JSON too), invalid_input for a non-object or a NUL. A body
 * left out reads as `{}`, so the validator names what is missing. Hono caches the text, so the
 * validator and the public-form guard read the same body again without touching the stream.
 */
export async function readJsonObject(c: Context<AppEnv>): Promise<Body> {
  const text = await c.req.text();
  const jsonType = isJsonType(c.req.header('content-type') ?? '');
  if (text.trim() === '' && !jsonType) return {};
  if (!jsonType) throw ApiError.of(ERRORS.unsupportedMediaType);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw ApiError.of(ERRORS.invalidJson);
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw ApiError.of(ERRORS.notAnObject);
  if (hasNul(data)) throw ApiError.of(ERRORS.badCharacters);
  return data as Body;
}

/**
 * A NUL in the address (`/promotion/%00`, `?q=%00`) reaches path parameters and queries as text
 * PostgreSQL cannot take, a 500 there (the fuzzer found it); refused at once, as in a body.
 */
export function refuseNulInUrl(c: Context<AppEnv>): void {
  const url = c.req.url;
  if (url.includes('%00') || url.includes('\u0000')) throw ApiError.of(ERRORS.badCharacters);
}

/** Every request that carries a body: it must be a JSON object (see readJsonObject). */
export const jsonBodies: MiddlewareHandler<AppEnv> = async (c, next) => {
  // GET and HEAD carry no body. Others are read as text (empty when there is none), never through
  // `c.req.raw.body`, which would make the Node adapter build a full Request around a web stream.
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD') await readJsonObject(c);
  await next();
};

/**
 * The client's address: the socket's (from Astro's clientAddress), or as the trusted proxies or the
 * CDN's header tell it (TRUST_PROXY, CLIENT_IP_HEADER: src/server/ip.ts). Undefined when unknown.
 */
export function clientAddress(c: Context<AppEnv>): string | undefined {
  const { trustProxy, clientIpHeader } = c.var.deps.config;
  const forwardedFor = c.req.header('x-forwarded-for');
  if (forwardedFor && !trustProxy && !clientIpHeader) {
    warnOnce(
      'forwarded-without-trust-proxy',
      'Requests carry X-Forwarded-For but TRUST_PROXY is off: the header is ignored, so behind a ' +
        "proxy every visitor shares the proxy's address for the per-address limits. Set TRUST_PROXY=1 " +
        'when a proxy you control sets it (docs/api.md, Limits, for other setups).',
    );
  }
  const address = clientAddressOf(trustProxy, {
    peer: c.env?.clientAddress,
    forwardedFor,
    clientHeader: clientIpHeader ? c.req.header(clientIpHeader) : undefined,
  });
  if (address) return address;
  warnOnce(
    'no-client-address',
    'A request arrived without a client address: the per-address limits are skipped for such ' +
      'requests (the per-person and per-browser limits still apply).',
  );
  return undefined;
}

/**
 * The client's address as the per-address limits count it (an IPv6 address as its /64: addressBucket
 * in src/server/ip.ts). Undefined when unknown: callers then skip their per-address ceiling rather
 * than put every visitor in one bucket.
 */
export function clientIp(c: Context<AppEnv>): string | undefined {
  const address = clientAddress(c);
  return address === undefined ? undefined : addressBucket(address);
}
