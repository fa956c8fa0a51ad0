// Reading requests: the JSON body (as an object, or a 4xx), schema validation with the shared
// valibot schemas, and the client's address.
import type { Context } from 'hono';
import * as v from 'valibot';
import { fieldErrors } from '../lib/fields';
import { warnOnce } from './config';
import type { AppEnv } from './deps';
import { ApiError, ERRORS } from './errors';

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

/** The request's JSON object. An empty body reads as `{}` so validation names what is missing. */
export async function readJsonObject(c: Context<AppEnv>): Promise<Body> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  if (!isJsonType(c.req.header('content-type') ?? '')) throw ApiError.of(ERRORS.unsupportedMediaType);
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

/** Parses with a shared schema; the first message becomes the description, all of them `fields`. */
export function validate<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  // valibot reports a missing key with a generic 'Invalid key' text; an explicit undefined gets
  // the field's own message ('Email is required').
  const entries = (schema as { entries?: Record<string, unknown> }).entries;
  if (entries && input && typeof input === 'object' && !Array.isArray(input)) {
    input = { ...Object.fromEntries(Object.keys(entries).map((key) => [key, undefined])), ...input };
  }
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const first = result.issues[0]?.message ?? 'Please check the form and try again.';
  throw new ApiError(400, 'invalid_input', first, fieldErrors(result.issues));
}

export async function readBody<S extends v.GenericSchema>(
  c: Context<AppEnv>,
  schema: S,
): Promise<v.InferOutput<S>> {
  return validate(schema, await readJsonObject(c));
}

/**
 * The client's address: the socket's (from Astro's clientAddress), or, behind a trusted proxy
 * (TRUST_PROXY=1), the last X-Forwarded-For entry, the one that proxy itself added. Undefined when
 * unknown: callers then skip their per-address ceiling rather than put every visitor in one bucket.
 */
export function clientIp(c: Context<AppEnv>): string | undefined {
  const forwarded = c.req.header('x-forwarded-for');
  if (c.var.deps.config.trustProxy) {
    const last = forwarded
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .at(-1);
    if (last) return last.slice(0, 64);
  } else if (forwarded) {
    warnOnce(
      'forwarded-without-trust-proxy',
      'Requests carry X-Forwarded-For but TRUST_PROXY is off: the header is ignored, so behind a ' +
        "proxy every visitor shares the proxy's address for the per-address limits. Set TRUST_PROXY=1 " +
        'when a proxy you control sets it.',
    );
  }
  const address = c.env?.clientAddress;
  if (address) return address;
  warnOnce(
    'no-client-address',
    'A request arrived without a client address: the per-address limits are skipped for such ' +
      'requests (the per-person and per-browser limits still apply).',
  );
  return undefined;
}
