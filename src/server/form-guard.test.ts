// The public-form guard's attempt limits (docs/api.md, "Limits"): 3 an hour per person and per
// browser, a loose ceiling of 30 an hour per network address, none for an unknown address; checked and
// counted before the human check, the person's hit given back when the check fails. Run on a
// small app with a form of its own, so the guard is tested apart from any feature's route.
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApi, type TestApi } from '../../tests/support/test-api.ts';
import { GUARD_HEADERS } from '../lib/form-rules.ts';
import type { AppEnv } from './deps.ts';
import { ApiError } from './errors.ts';
import { guardAfterBody, guardBeforeBody, guardForm } from './form-guard.ts';
import { readJsonObject } from './request.ts';

/** A form may name its person as it likes; the giveaway's drops a +tag like this. */
const withoutTag = (data: { email: string }) => data.email.replace(/\+[^@]*@/, '@');

let t: TestApi;
let app: Hono<AppEnv>;
beforeAll(async () => {
  t = await createTestApi({ localHumanCheck: true });
  const schema = v.object({ email: v.pipe(v.string('Email is required'), v.email('Bad email')) });
  app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('deps', t.deps);
      await next();
    })
    .post('/contact', guardForm('contact', schema, { person: (d) => d.email }), (c) =>
      c.json(c.req.valid('json')),
    )
    // The multipart forms' way: the guard's values from the headers before the body, then the fields.
    .post('/giveaway', async (c) => {
      await guardBeforeBody(c, 'giveaway');
      return c.json(
        await guardAfterBody(c, 'giveaway', schema, await readJsonObject(c), { person: withoutTag }),
      );
    })
    .onError((error, c) => {
      if (error instanceof ApiError) return c.json(error.toJSON(), error.status as ContentfulStatusCode);
      throw error;
    });
});
afterAll(() => t.close());

type Form = 'contact' | 'giveaway';
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

/** Posts to the small app as a browser would: its ticket, a fresh human-check token, an address. */
async function submit(form: Form, fields: Record<string, unknown>, ticket: string, ip: string | undefined) {
  const body = { website: '', form_ticket: ticket, human_check_token: await t.humanToken(form), ...fields };
  // Sent both ways: in the JSON body (the JSON forms) and as headers (the two-halves way).
  const headers = Object.fromEntries(
    Object.entries(GUARD_HEADERS).map(([field, header]) => [
      header,
      String(body[field as keyof typeof body]),
    ]),
  );
  const answer = await app.request(
    `/${form}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    },
    { clientAddress: ip },
  );
  return { status: answer.status, json: (await answer.json()) as { error?: { code: string } } };
}

describe('public-form attempt limits', () => {
  it('3 an hour per person, from any browser and address; another person is not affected', async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (await submit('contact', { email: 'Pat@example.com' }, await t.ticket('contact'), freshIp())).status,
      ).toBe(200);
    }
    const fourth = await submit(
      'contact',
      { email: 'pat@EXAMPLE.com' },
      await t.ticket('contact'),
      freshIp(),
    );
    expect(fourth.status).toBe(429);
    expect(fourth.json.error?.code).toBe('rate_limited');
    expect(
      (await submit('contact', { email: 'lee@example.com' }, await t.ticket('contact'), freshIp())).status,
    ).toBe(200);
    t.advance(60 * 60 * 1000 + 1);
    expect(
      (await submit('contact', { email: 'pat@example.com' }, await t.ticket('contact'), freshIp())).status,
    ).toBe(200);
  });

  it('counts the person as the form names it (here without a +tag), not the raw field', async () => {
    for (const tag of ['', '+a', '+b']) {
      const email = `sam${tag}@example.com`;
      expect((await submit('giveaway', { email }, await t.ticket('giveaway'), freshIp())).status).toBe(200);
    }
    const tagged = await submit(
      'giveaway',
      { email: 'Sam+c@example.com' },
      await t.ticket('giveaway'),
      freshIp(),
    );
    expect(tagged.status).toBe(429);
    // The same mailbox at another form is counted apart.
    expect(
      (await submit('contact', { email: 'sam@example.com' }, await t.ticket('contact'), freshIp())).status,
    ).toBe(200);
  });

  it('counts a mailbox once however it is written (src/lib/mailbox.ts): Gmail dots, googlemail, +tag', async () => {
    for (const email of ['kim.lee7@gmail.com', 'KimLee7+a@gmail.com', 'k.i.m.l.e.e.7@googlemail.com']) {
      expect((await submit('contact', { email }, await t.ticket('contact'), freshIp())).status).toBe(200);
    }
    const fourth = await submit(
      'contact',
      { email: 'kimlee7@gmail.com' },
      await t.ticket('contact'),
      freshIp(),
    );
    expect(fourth.status).toBe(429);
    // Dots are part of the name elsewhere: another mailbox, another person.
    expect(
      (await submit('contact', { email: 'kim.lee7@outlook.com' }, await t.ticket('contact'), freshIp()))
        .status,
    ).toBe(200);
  });

  it('3 an hour per browser (the id inside its ticket), whatever the people and addresses', async () => {
    const ticket = await t.ticket('contact');
    for (let i = 0; i < 3; i++) {
      expect((await submit('contact', { email: `b${i}@example.com` }, ticket, freshIp())).status).toBe(200);
    }
    expect((await submit('contact', { email: 'b3@example.com' }, ticket, freshIp())).status).toBe(429);
    // Attempts with invalid fields (no person known yet) count for the browser too, before the field check.
    const other = await t.ticket('contact');
    for (let i = 0; i < 3; i++) {
      expect((await submit('contact', { email: 'not-an-email' }, other, freshIp())).json.error?.code).toBe(
        'invalid_input',
      );
    }
    expect((await submit('contact', { email: 'not-an-email' }, other, freshIp())).json.error?.code).toBe(
      'rate_limited',
    );
  });

  it("counts a person's attempt only once the human check passed; failures count for the browser and address", async () => {
    const ticket = await t.ticket('contact');
    const ip = freshIp();
    for (let i = 0; i < 3; i++) {
      const forged = await submit(
        'contact',
        { email: 'mo@example.com', human_check_token: 'bogus' },
        ticket,
        ip,
      );
      expect(forged.json.error?.code).toBe('human_check_failed');
    }
    expect((await submit('contact', { email: 'mo@example.com' }, ticket, freshIp())).status).toBe(429);
    expect(
      (await submit('contact', { email: 'mo@example.com' }, await t.ticket('contact'), freshIp())).status,
    ).toBe(200);
  });

  it('checks and counts the limits before the human check: a burst of one person passes 3, the rest 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, async () =>
        submit('contact', { email: 'rush@example.com' }, await t.ticket('contact'), freshIp()),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.json.error?.code === 'rate_limited')).toHaveLength(5);
    // Over a limit, the human check is never asked: a bogus token is answered 429, not human_check_failed.
    const bogus = await submit(
      'contact',
      { email: 'rush@example.com', human_check_token: 'bogus' },
      await t.ticket('contact'),
      freshIp(),
    );
    expect(bogus.json.error?.code).toBe('rate_limited');
  });

  it('accepts a human-check token once', async () => {
    const token = await t.humanToken('contact');
    const first = await submit(
      'contact',
      { email: 'once-a@example.com', human_check_token: token },
      await t.ticket('contact'),
      freshIp(),
    );
    expect(first.status).toBe(200);
    const again = await submit(
      'contact',
      { email: 'once-b@example.com', human_check_token: token },
      await t.ticket('contact'),
      freshIp(),
    );
    expect(again.json.error?.code).toBe('human_check_failed');
  });

  it('a filled trap counts for the browser, a bad ticket for the address (before their own answers)', async () => {
    const ticket = await t.ticket('contact');
    for (let i = 0; i < 3; i++) {
      const trapped = await submit('contact', { email: 'trap@example.com', website: 'x' }, ticket, freshIp());
      expect(trapped.json.error?.code).toBe('invalid_submission');
    }
    expect((await submit('contact', { email: 'trap@example.com' }, ticket, freshIp())).status).toBe(429);
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      expect((await submit('contact', { email: 'fast@example.com' }, 'no-ticket', ip)).json.error?.code).toBe(
        'too_fast',
      );
    }
    expect(
      (await submit('contact', { email: 'fast@example.com' }, await t.ticket('contact'), ip)).status,
    ).toBe(429);
  });

  it('a forged browser id is a forged ticket', async () => {
    const [form, issued, , signature] = (await t.ticket('contact')).split('.');
    const forged = `${form}.${issued}.someone-else.${signature}`;
    expect((await submit('contact', { email: 'f@example.com' }, forged, freshIp())).json.error?.code).toBe(
      'too_fast',
    );
  });

  it('30 an hour per network address: many people behind one address get through', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      const answer = await submit(
        'contact',
        { email: `wifi${i}@example.com` },
        await t.ticket('contact'),
        ip,
      );
      expect(answer.status).toBe(200);
    }
    const over = await submit('contact', { email: 'wifi30@example.com' }, await t.ticket('contact'), ip);
    expect(over.status).toBe(429);
    expect(
      (await submit('contact', { email: 'wifi30@example.com' }, await t.ticket('contact'), freshIp())).status,
    ).toBe(200);
  });

  it('without a client address, no shared bucket: the address ceiling is skipped', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (let i = 0; i < 31; i++) {
        const answer = await submit(
          'contact',
          { email: `anon${i}@example.com` },
          await t.ticket('contact'),
          undefined,
        );
        expect(answer.status).toBe(200);
      }
      // The per-person limit still holds.
      for (let i = 0; i < 3; i++)
        await submit('contact', { email: 'anon@example.com' }, await t.ticket('contact'), undefined);
      expect(
        (await submit('contact', { email: 'anon@example.com' }, await t.ticket('contact'), undefined)).status,
      ).toBe(429);
    } finally {
      warn.mockRestore();
    }
  });
});
