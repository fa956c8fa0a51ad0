import { describe, expect, it } from 'vitest';
import { ApiError as ServerApiError } from '../server/errors.ts';
import { ApiError as ClientApiError, toApiError } from './api-client.ts';
import { ApiError } from './api-error.ts';

describe('ApiError', () => {
  it('is one class on the server and in the client', () => {
    expect(ServerApiError).toBe(ApiError);
    expect(ClientApiError).toBe(ApiError);
  });

  it('reads back as the error the server wrote', () => {
    const thrown = new ApiError(400, 'invalid_input', 'Email is required', { email: 'Email is required' });
    const read = toApiError(400, JSON.parse(JSON.stringify(thrown)));
    expect(read).toBeInstanceOf(ApiError);
    expect(read).toMatchObject({ status: 400, code: 'invalid_input', description: 'Email is required' });
    expect(read.fields).toEqual({ email: 'Email is required' });
    expect(read.isSpecific).toBe(true);
  });

  it('writes fields only when there are some', () => {
    expect(ApiError.of([404, 'not_found', 'There is nothing at this address.']).toJSON()).toEqual({
      error: { code: 'not_found', description: 'There is nothing at this address.' },
    });
  });
});
