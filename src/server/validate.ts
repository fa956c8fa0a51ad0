// Request validation: Hono's validator middleware (@hono/valibot-validator) with the shared valibot
// schemas, so a route reads typed input with `c.req.valid('json')` and the typed client
// (src/lib/api-client.ts) knows what to send. A failure keeps the API's error shape: 400
// invalid_input, the first message as the description, the first message per field as `fields`.
import { vValidator } from '@hono/valibot-validator';
import type * as v from 'valibot';
import { fieldErrors } from '../lib/fields.ts';
import { ApiError } from './errors.ts';

export type Issues = [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]];

export const invalidInput = (issues: Issues): ApiError =>
  new ApiError(400, 'invalid_input', issues[0].message, fieldErrors(issues));

/** Lets a route answer some failures with its own error (e.g. a bad reset link); undefined keeps invalid_input. */
export type OnInvalid = (issues: Issues, fields: Record<string, string>) => ApiError | undefined;

const failWith =
  (onInvalid?: OnInvalid) =>
  (result: { success: true } | { success: false; issues: Issues }): void => {
    if (result.success) return;
    throw onInvalid?.(result.issues, fieldErrors(result.issues)) ?? invalidInput(result.issues);
  };

/** The JSON body, checked with `schema` (the body itself is checked by jsonBodies in request.ts). */
export const json = <S extends v.GenericSchema>(schema: S, onInvalid?: OnInvalid) =>
  vValidator('json', schema, failWith(onInvalid));

/** The query string, checked with `schema` (each value a string, or an array when repeated). */
export const query = <S extends v.GenericSchema>(schema: S, onInvalid?: OnInvalid) =>
  vValidator('query', schema, failWith(onInvalid));
