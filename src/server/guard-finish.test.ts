// The guard's last step stored with the route's own write (`withWrite`: form-guard.ts,
// guard-finish.ts): stored together or not at all, a refused submission's attempt still counted, and
// a route that forgets the step caught. Run on a small app with routes of its own, on SQLite and
// (npm run test:api:pg) on PostgreSQL, where the step and the write are one statement.
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statementsOf } from '../../tests/support/statements.ts';
import { createTestApi, type TestApi } from '../../tests/support/test-api.ts';
import { MIN_DWELL_MS } from '../lib/form-rules.ts';
import { writeTogether } from './db/write-together.ts';
import type { AppDeps, AppEnv } from './deps.ts';
import { ApiError } from './errors.ts';
import { publicForm, takeGuardFinish } from './form-guard.ts';
import { jobWrite } from './jobs/queue.ts';
import { emailKey, LIMITS, record } from './rate-limit.ts';

let t: TestApi;
let app: Hono<AppEnv>;
/** The dependencies the routes get (a test in Netlify's mode swaps them). */
let depsOfApp: AppDeps;

/** Runs in the storing route between the guard and the write (a racing request's moment). */
let beforeWrite: (() => Promise<void>) | undefined;

const schema = v.object({ email: v.pipe(v.string(), v.email()) });
const stored = async (email: string) =>
  (await t.db.selectFrom('jobs').select('id').where('summary', '=', `guarded ${email}`).execute()).length;

beforeAll(async () => {
  t = await createTestApi({ localHumanCheck: true });
  depsOfApp = t.deps;
  const guarded = publicForm('contact', schema, { person: (d) => d.email, withWrite: true });
  app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('deps', depsOfApp);
      await next();
    })
    .post('/store', guarded, async (c) => {
      const { email } = c.req.valid('json');
      await beforeWrite?.();
      await writeTogether(c.var.deps.db, c.var.deps.dbKind, [
        takeGuardFinish(c),
        jobWrite({ kind: 'nobody', payload: {}, summary: `guarded ${email}` }, t.now()),
      ]);
      return c.json({ ok: true }, 201);
    })
    .post('/refuse', guarded, async () => {
      await beforeWrite?.();
      throw new ApiError(409, 'already_entered', 'Refused by the route.');
    })
    .post('/forget', guarded, (c) => c.json({ ok: true }, 201))
    .post('/fail', guarded, () => {
      throw new Error('the database went away');
    })
    .onError((error, c) => {
      if (error instanceof ApiError) return c.json(error.toJSON(), error.status as ContentfulStatusCode);
      return c.json({ error: { code: 'internal', description: String(error) } }, 500);
    });
});
afterAll(() => t.close());

let ipCounter = 0;
/** A submission's body as the form sends it: a ticket past its dwell, a passed human check. */
const formBody = async (email: string, token?: string) => ({
  website: '',
  form_ticket: await t.ticket('contact'),
  human_check_token: token ?? (await t.humanToken('contact')),
  email,
});

async function submit(path: string, email: string, token?: string) {
  return send(path, await formBody(email, token));
}

async function send(path: string, body: Awaited<ReturnType<typeof formBody>>) {
  const answer = await app.request(
    path,
    { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    { clientAddress: `198.51.100.${++ipCounter}` },
  );
  return { status: answer.status, code: ((await answer.json()) as { error?: { code: string } }).error?.code };
}

describe("the guard's last step stored with the route's write", () => {
  it('stores the submission and takes the token: the same token again stores nothing', async () => {
    const token = await t.humanToken('contact');
    expect((await submit('/store', 'one@example.com', token)).status).toBe(201);
    expect(await submit('/store', 'two@example.com', token)).toEqual({
      status: 400,
      code: 'human_check_failed',
    });
    expect(await stored('one@example.com')).toBe(1);
    expect(await stored('two@example.com')).toBe(0);
  });

  it('a person at the limit by a racing attempt (after the guard looked): 429, nothing stored', async () => {
    const email = 'racer@example.com';
    const person = `form:contact:person:${emailKey(email)}`;
    beforeWrite = () => record(t.deps, person, person, person);
    try {
      expect(await submit('/store', email)).toEqual({ status: 429, code: 'rate_limited' });
    } finally {
      beforeWrite = undefined;
    }
    expect(await stored(email)).toBe(0);
  });

  it("a submission the route refuses still takes the token and counts as the person's attempt", async () => {
    const token = await t.humanToken('contact');
    expect((await submit('/refuse', 'refused@example.com', token)).status).toBe(409);
    expect(await submit('/store', 'other@example.com', token)).toEqual({
      status: 400,
      code: 'human_check_failed',
    });
    expect((await submit('/refuse', 'refused@example.com')).status).toBe(409);
    expect((await submit('/refuse', 'refused@example.com')).status).toBe(409);
    expect(await submit('/store', 'refused@example.com')).toEqual({ status: 429, code: 'rate_limited' });
    expect(await stored('refused@example.com')).toBe(0);
  });

  it('a refused submission of a person at the limit meanwhile: 429 (the limit comes first), and the token is used up', async () => {
    const person = `form:contact:person:${emailKey('late@example.com')}`;
    const token = await t.humanToken('contact');
    beforeWrite = () => record(t.deps, person, person, person);
    try {
      expect(await submit('/refuse', 'late@example.com', token)).toEqual({
        status: 429,
        code: 'rate_limited',
      });
    } finally {
      beforeWrite = undefined;
    }
    expect(await submit('/store', 'later@example.com', token)).toEqual({
      status: 400,
      code: 'human_check_failed',
    });
  });

  it('a limit this server saw refused is answered from memory, before the human check, until its oldest hit leaves the window', async () => {
    const email = 'remembered@example.com';
    const person = `form:contact:person:${emailKey(email)}`;
    const firstHit = t.now();
    await record(t.deps, person);
    t.advance(60_000);
    await record(t.deps, person, person);
    expect(await submit('/store', email)).toEqual({ status: 429, code: 'rate_limited' });
    await t.deps.settle(); // the refusal is remembered after the answer
    // Refused again before its token is looked at: the token stays unused, good for another form.
    const token = await t.humanToken('contact');
    expect(await submit('/store', email, token)).toEqual({ status: 429, code: 'rate_limited' });
    expect((await submit('/store', 'someone.else@example.com', token)).status).toBe(201);
    // The first hit leaves the hour: the database has room again, and the memory refuses no longer.
    t.advance(firstHit + LIMITS.publicForm.windowMs - t.now() - MIN_DWELL_MS);
    expect((await submit('/store', email)).status).toBe(201);
  });

  it('on PostgreSQL, a submission is one statement: the limits, the token and the write together', async () => {
    if (t.deps.dbKind !== 'postgres') return;
    const body = await formBody('counted@example.com');
    const counted = await statementsOf(depsOfApp, async () => {
      expect((await send('/store', body)).status).toBe(201);
    });
    expect(counted).toHaveLength(1);
  });

  it("a submission that failed on our side (5xx) is not the person's attempt", async () => {
    for (let i = 0; i < 3; i++) expect((await submit('/fail', 'unlucky@example.com')).status).toBe(500);
    expect((await submit('/store', 'unlucky@example.com')).status).toBe(201);
  });

  it('a route that answers 2xx without storing the step is a bug: 500', async () => {
    expect((await submit('/forget', 'forgot@example.com')).status).toBe(500);
  });
});

describe('an attacker over a limit, with Turnstile', () => {
  let turnstile: TestApi;
  let asked = 0;
  beforeAll(async () => {
    turnstile = await createTestApi({
      turnstileSecretKey: 'secret-key',
      turnstileSiteKey: 'site-key',
      siteUrl: 'https://www.kwikfill.example',
    });
    turnstile.mockFetch(async () => {
      asked++;
      await new Promise((resolve) => setTimeout(resolve, 20)); // Cloudflare takes a moment
      return Response.json({ success: false, 'error-codes': ['invalid-input-response'] });
    });
  });
  afterAll(() => turnstile.close());

  /** Ten attempts at once from `address`, put at its limit first, with made-up tokens: their answers. */
  async function burstAtTheLimit(address: string, deps: AppDeps) {
    const hits = Array.from({ length: LIMITS.publicFormPerIp.limit }, () => `form:contact:ip:${address}`);
    await record(turnstile.deps, ...hits);
    const tickets = await Promise.all(Array.from({ length: 10 }, () => turnstile.ticket('contact')));
    asked = 0;
    depsOfApp = deps;
    try {
      return await Promise.all(
        tickets.map(async (ticket, i) => {
          const body = {
            website: '',
            form_ticket: ticket,
            human_check_token: `made-up-${i}`,
            email: `x${i}@example.com`,
          };
          const answer = await app.request(
            '/store',
            { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
            { clientAddress: address },
          );
          return answer.status;
        }),
      );
    } finally {
      depsOfApp = t.deps;
    }
  }

  it('a burst from an address at its limit asks Cloudflare once, then is refused from memory', async () => {
    expect(await burstAtTheLimit('203.0.113.77', turnstile.deps)).toEqual(Array(10).fill(429));
    expect(asked).toBe(1);
  });

  it('where each request has a process of its own (Netlify), the limits come first: Cloudflare is never asked', async () => {
    const alone = { ...turnstile.deps, answersAlone: true };
    expect(await burstAtTheLimit('203.0.113.78', alone)).toEqual(Array(10).fill(429));
    expect(asked).toBe(0);
  });
});

describe('a process that answers one request at a time (Netlify)', () => {
  it('counts the browser and the address first and the person with the write, each once', async () => {
    depsOfApp = { ...t.deps, answersAlone: true };
    try {
      expect((await submit('/store', 'alone@example.com')).status).toBe(201);
    } finally {
      depsOfApp = t.deps;
    }
    const counts = await t.db
      .selectFrom('rate_limit_counts')
      .select(['key', 'hits'])
      .where('key', 'in', [
        `form:contact:ip:198.51.100.${ipCounter}`,
        `form:contact:person:${emailKey('alone@example.com')}`,
      ])
      .execute();
    expect(counts.map((row) => Number(row.hits))).toEqual([1, 1]);
  });
});
