import { describe, expect, it, vi } from 'vitest';
import { endSession, LOGOUT_PATH } from './sign-out';

describe('endSession', () => {
  it('posts the token as a bearer token', async () => {
    const fetchImpl = vi.fn(async () => new Response(null, { status: 204 }));
    await endSession('abc', fetchImpl);
    expect(fetchImpl).toHaveBeenCalledWith(
      LOGOUT_PATH,
      expect.objectContaining({ method: 'POST', headers: { Authorization: 'Bearer abc' } }),
    );
  });

  it('does not call the API without a token', async () => {
    const fetchImpl = vi.fn(async () => new Response(null));
    await endSession(null, fetchImpl);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('ignores a failing server', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('offline');
    });
    await expect(endSession('abc', fetchImpl)).resolves.toBeUndefined();
  });

  it('stops waiting for a server that does not answer', async () => {
    const fetchImpl = vi.fn(() => new Promise<Response>(() => {}));
    const started = Date.now();
    await endSession('abc', fetchImpl, 50);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
