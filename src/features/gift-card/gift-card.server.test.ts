import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi } from '../../../tests/support/test-api.ts';
import { GIFT_CARD_MESSAGES, HUMAN_CHECK_ACTION } from './gift-card.ts';
import { SAMPLE_GIFT_CARDS } from './providers.server.ts';

const [card, second] = SAMPLE_GIFT_CARDS;
let ip = 0;
async function check(t: TestApi, body: Record<string, unknown>, address = `198.51.100.${++ip}`) {
  const guard = {
    form_ticket: await t.ticket('gift-card'),
    human_check_token: await t.humanToken(HUMAN_CHECK_ACTION),
  };
  return t.call('POST', '/gift-card/balance', { body: { ...guard, ...body }, ip: address });
}

describe('with the local stand-in (GIFT_CARD_PROVIDER=local)', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi({ localHumanCheck: true, localGiftCards: true });
  });
  afterAll(() => t.close());

  it('says a provider is there, and that it is the stand-in', async () => {
    expect((await t.call('GET', '/gift-card/config')).json).toEqual({ available: true, stand_in: true });
  });

  it('answers the balance of a sample card', async () => {
    const answer = await check(t, { account_number: card.cardNumber, pin: card.pin });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ balance_cents: 2500, currency: 'USD', stand_in: true });
  });

  it('a wrong PIN or an unknown card is one clear 400', async () => {
    for (const body of [
      { account_number: card.cardNumber, pin: '0000' },
      { account_number: '6006491234569999', pin: card.pin },
    ]) {
      const answer = await check(t, body);
      expect(answer.status).toBe(400);
      expect(answer.json.error).toEqual({ code: 'card_not_found', description: GIFT_CARD_MESSAGES.notFound });
    }
  });

  it.each([
    [{ account_number: '', pin: '1234' }, GIFT_CARD_MESSAGES.accountNumber],
    [{ account_number: '6006-4912-3456-0001', pin: '1234' }, GIFT_CARD_MESSAGES.digits],
    [{ account_number: card.cardNumber, pin: '' }, GIFT_CARD_MESSAGES.pin],
    [{ account_number: card.cardNumber, pin: '12a4' }, GIFT_CARD_MESSAGES.digits],
    [{ account_number: '123', pin: '1234' }, 'The account number is too short.'],
  ])('refuses %o: digits only (product.md 2.8)', async (body, description) => {
    const answer = await check(t, body);
    expect(answer.status).toBe(400);
    expect(answer.json.error.description).toBe(description);
  });

  it('limits tries per card number, from any address: a PIN cannot be guessed', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await check(t, { account_number: second.cardNumber, pin: `90${i}0` })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const right = await check(t, { account_number: second.cardNumber, pin: second.pin });
    expect(right.json.error).toMatchObject({
      code: 'rate_limited',
      description: 'Too many attempts. Please try again later',
    });
    // Other cards are not held up, and the window passes.
    expect((await check(t, { account_number: card.cardNumber, pin: card.pin })).status).toBe(200);
    t.advance(60 * 60 * 1000);
    expect((await check(t, { account_number: second.cardNumber, pin: second.pin })).json.balance_cents).toBe(
      10_050,
    );
  });

  it('goes through the public-form guard (per-browser limit, loose per-address ceiling) and a human check', async () => {
    const address = '192.0.2.77';
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await check(t, { account_number: card.cardNumber, pin: card.pin }, address)).status);
    // Each try from a browser of its own: one shared address is only a loose ceiling (docs/api.md, Limits).
    expect(statuses).toEqual([200, 200, 200]);
    const noCheck = await t.call('POST', '/gift-card/balance', {
      body: { account_number: card.cardNumber, pin: card.pin, form_ticket: await t.ticket('gift-card') },
      ip: '192.0.2.78',
    });
    expect(noCheck.json.error.code).toBe('human_check_failed');
  });
});

describe('with the card processor (GIFT_CARD_API_URL)', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi({
      localHumanCheck: true,
      giftCardApiUrl: 'https://cards.example/balance',
      giftCardApiKey: 'k-1',
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterAll(() => t.close());

  it('sends the card and PIN server to server with its key, and reads the balance', async () => {
    const seen: { url: string; init?: RequestInit }[] = [];
    t.mockFetch(async (url, init) => {
      seen.push({ url: String(url), init });
      return Response.json({ balance: 12.34 });
    });
    const answer = await check(t, { account_number: '7777888899990000', pin: '4321' });
    expect(answer.json).toEqual({ balance_cents: 1234, currency: 'USD', stand_in: false });
    expect(seen[0]?.url).toBe('https://cards.example/balance');
    expect(new Headers(seen[0]?.init?.headers).get('authorization')).toBe('Bearer k-1');
    expect(JSON.parse(String(seen[0]?.init?.body))).toEqual({
      account_number: '7777888899990000',
      pin: '4321',
    });
  });

  it('404 from the processor is a wrong number or PIN; a failure or an odd answer is unavailable, never a crash', async () => {
    t.mockFetch(async () => new Response('', { status: 404 }));
    expect((await check(t, { account_number: '7777888899990000', pin: '4321' })).json.error.code).toBe(
      'card_not_found',
    );
    for (const impl of [
      async () => new Response('oops', { status: 502 }),
      async () => Response.json({ balance: 'lots' }),
      async () => {
        throw new Error('ETIMEDOUT');
      },
    ]) {
      t.mockFetch(impl);
      const answer = await check(t, { account_number: '7777888899990000', pin: '4321' });
      expect(answer.status).toBe(503);
      expect(answer.json.error).toEqual({ code: 'unavailable', description: GIFT_CARD_MESSAGES.unavailable });
    }
  });
});

describe('with no provider configured', () => {
  let t: TestApi;
  beforeAll(async () => {
    t = await createTestApi({ localHumanCheck: true });
  });
  afterAll(() => t.close());

  it('the page learns it is unavailable, and a check answers so', async () => {
    expect((await t.call('GET', '/gift-card/config')).json).toEqual({ available: false, stand_in: false });
    const answer = await check(t, { account_number: card.cardNumber, pin: card.pin });
    expect(answer.status).toBe(503);
    expect(answer.json.error.description).toBe(GIFT_CARD_MESSAGES.unavailable);
  });
});
