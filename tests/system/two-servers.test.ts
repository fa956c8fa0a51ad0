// Several servers (docs/architecture.md, "Hosts"): two built servers on one PostgreSQL database, as behind a load balancer, with an
// SMTP sink (tests/system/smtp-sink.ts), each given what the operator gives every server of a set
// (the same DATABASE_URL, APP_SECRET and APPLICATION_KEYS: tests/support/built-server.mjs). The
// requests alternate between them: what one signed, sealed, counted or queued, the other honours;
// every mail arrives exactly once, also when the server that claimed it is killed mid-send; and a
// server taken out under load (SIGTERM, drained) loses no request.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { profileValues, uniqueEmail } from '../../src/features/account/account.sample.ts';
import { resetMailSubject } from '../../src/features/account/reset.server.ts';
import {
  applicationForm,
  SECRETS,
  sampleChargeCard,
} from '../../src/features/applications/applications.sample.ts';
import { entryValues } from '../../src/features/giveaway/giveaway.sample.ts';
import { DEFAULT_API_KEY } from '../../src/lib/api-key.ts';
import { GUARD_HEADERS } from '../../src/lib/form-rules.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { waitOutDwellAfterTicket } from '../e2e/dwell.ts';
import { admin } from '../support/admin.ts';
import { type BuiltServer, startBuiltServer } from '../support/built-server.mjs';
import { skipWithoutPostgres } from '../support/requirements.ts';
import { until } from '../support/until.ts';
import {
  API,
  apiHeaders,
  formTicket,
  freshPostgresDatabase,
  humanCheckToken,
  prepareContact,
  SAMPLE_PROMOTION,
  submit,
  visitorAddress,
} from './helpers.ts';
import { type SmtpSink, startSmtpSink } from './smtp-sink.ts';

/** A dead server's claim on a mail runs out after this (the default is 30 s, renewed while a send runs). */
const LEASE_SECONDS = 8;
/** Longer than the balancer below takes to notice a failing /readyz, even on a busy machine. */
const DRAIN_SECONDS = 5;

let sink: SmtpSink;
let a: BuiltServer;
let b: BuiltServer;
let database: { url: string; drop: () => Promise<void> } | undefined;
let handle: ReturnType<typeof openDatabase> | undefined;
const dirs: string[] = [];

const skip = skipWithoutPostgres();

beforeAll(async () => {
  if (skip) return;
  database = await freshPostgresDatabase();
  if (!database) throw new Error('DATABASE_URL is not set');
  sink = await startSmtpSink();
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: sink.url,
    TRUST_PROXY: '1',
    DRAIN_SECONDS: String(DRAIN_SECONDS),
    JOB_LEASE_SECONDS: String(LEASE_SECONDS),
    JOB_POLL_SECONDS: '1',
    LOG_LEVEL: 'warn',
  };
  a = await startBuiltServer({ seed: true, env });
  b = await startBuiltServer({ env });
  handle = openDatabase({ dataDir: a.dataDir, databaseUrl: database.url });
});

/** A server the test before killed (its test failed, say) started again, so each test has both. */
afterEach(async () => {
  if (skip) return;
  const dead = (server: BuiltServer) => server.child.exitCode !== null || server.child.signalCode !== null;
  if (dead(a)) a = await a.restart();
  if (dead(b)) b = await b.restart();
});

afterAll(async () => {
  // SIGINT: no drain at the end of the test.
  for (const server of [a, b]) await server?.stop('SIGINT');
  for (const server of [a, b]) await server?.close();
  await handle?.close();
  await sink?.close();
  await database?.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const post = (server: BuiltServer, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.base}${API}${path}`, {
    method: 'POST',
    headers: { ...apiHeaders(), ...headers },
    body: JSON.stringify(body),
  });

/** The queue's jobs whose summary (a mail's subject, a contact message's reference) contains `text`. */
const jobsAbout = (text: string) =>
  (handle as NonNullable<typeof handle>).db
    .selectFrom('jobs')
    .select(['id', 'status', 'attempts', 'lease_owner'])
    .where('summary', 'like', `%${text}%`)
    .execute();

/** Every job queued so far has run (mail and contact messages' mail: none queued, none failed). */
const queueEmpty = async () =>
  (
    await (handle as NonNullable<typeof handle>).db
      .selectFrom('jobs')
      .select('id')
      .where('status', '!=', 'done')
      .execute()
  ).length === 0;

describe.skipIf(skip)('two servers on one PostgreSQL', () => {
  it("accept each other's form tickets, human-check tokens and sessions", async () => {
    const email = uniqueEmail('both');
    // Ticket and token from B, the sign-up on A.
    const [ticket, token] = await Promise.all([
      formTicket(b.base, 'register'),
      humanCheckToken(b.base, 'register'),
    ]);
    await waitOutDwellAfterTicket();
    const registered = await post(a, '/auth/register', {
      email,
      password: 'Secret123',
      website: '',
      form_ticket: ticket,
      human_check_token: token,
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const { token: sessionOnA } = (await registered.json()) as { token: string };
    // The session A made is valid on B; one signed in on B is valid on A.
    const profile = (server: BuiltServer, session: string) =>
      fetch(`${server.base}${API}/me/profile`, {
        headers: { ...apiHeaders(), Authorization: `Bearer ${session}` },
      });
    const onB = await profile(b, sessionOnA);
    expect(onB.status).toBe(200);
    expect(await onB.json()).toMatchObject({ email });
    const login = await post(b, '/auth/login', { email, password: 'Secret123' });
    expect(login.status).toBe(200);
    const { token: sessionOnB } = (await login.json()) as { token: string };
    expect((await profile(a, sessionOnB)).status).toBe(200);
    // Saved on one, read on the other.
    const saved = await fetch(`${b.base}${API}/me/profile`, {
      method: 'PUT',
      headers: { ...apiHeaders(), Authorization: `Bearer ${sessionOnB}` },
      body: JSON.stringify(profileValues({ city: 'Bradford' })),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await (await profile(a, sessionOnA)).json()).toMatchObject({ city: 'Bradford' });
  });

  it('share the limits: 200 entries of one person, half on each, store one', async () => {
    const email = uniqueEmail('persistent');
    const COUNT = 200;
    // Each entry from its own browser and address, its ticket from one server and its token from
    // the other, sent to either: only the person is the same.
    const prepared: { body: string; address: string }[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < COUNT) {
          const n = next++;
          const address = visitorAddress(50_000 + n);
          const [issuer, checker] = n % 2 === 0 ? [a, b] : [b, a];
          const [form_ticket, human_check_token] = await Promise.all([
            formTicket(issuer.base, 'giveaway', address),
            humanCheckToken(checker.base, 'giveaway', address),
          ]);
          prepared[n] = {
            address,
            body: JSON.stringify({ ...entryValues(email), website: '', form_ticket, human_check_token }),
          };
        }
      }),
    );
    await waitOutDwellAfterTicket();
    const statuses = await Promise.all(
      prepared.map(async ({ body, address }, n) => {
        const server = n % 2 === 0 ? b : a;
        const answer = await fetch(`${server.base}${API}/promotion/${SAMPLE_PROMOTION}/entry`, {
          method: 'POST',
          headers: apiHeaders(address),
          body,
        });
        await answer.arrayBuffer();
        return answer.status;
      }),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    // The rest: the person's hourly attempts used up (429) or today's entry made (409).
    expect(statuses.filter((s) => s !== 201 && s !== 409 && s !== 429)).toEqual([]);
    const stored = await (handle as NonNullable<typeof handle>).db
      .selectFrom('giveaway_entries')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(stored).toHaveLength(1);
  });

  it('open on one and with the export an application sealed on the other; each mail arrives once', async () => {
    const applicant = uniqueEmail('applicant');
    // Every form's ticket and token first, so that one dwell covers them all.
    const [chargeTicket, chargeToken, registerTicket, registerToken, contact] = await Promise.all([
      formTicket(b.base, 'charge-card'),
      humanCheckToken(a.base, 'charge-card'),
      formTicket(a.base, 'register'),
      humanCheckToken(a.base, 'register'),
      prepareContact(b.base, 60_000),
    ]);
    await waitOutDwellAfterTicket();
    const headers = {
      'X-API-Key': DEFAULT_API_KEY,
      [GUARD_HEADERS.form_ticket]: chargeTicket,
      [GUARD_HEADERS.human_check_token]: chargeToken,
    };
    const sent = await fetch(`${a.base}${API}/applications/charge-card`, {
      method: 'POST',
      headers,
      body: applicationForm({ ...sampleChargeCard(), a_email: applicant }),
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const { reference } = (await sent.json()) as { reference: string };

    // The operator's export, with B's settings (same DATABASE_URL and APPLICATION_KEYS).
    const out = mkdtempSync(join(tmpdir(), 'kwikfill-export-'));
    dirs.push(out);
    const written = await admin(['applications', 'export', reference, '--out', out], b.env);
    const jsonFile = written.split('\n').find((line) => line.endsWith('.json')) as string;
    expect(readFileSync(jsonFile, 'utf8')).toContain(SECRETS.ssnA);

    // A password reset asked on B, a contact message sent on A (ticket and token from B).
    const member = uniqueEmail('forgetful');
    const registered = await post(b, '/auth/register', {
      email: member,
      password: 'Secret123',
      website: '',
      form_ticket: registerTicket,
      human_check_token: registerToken,
    });
    expect(registered.status).toBe(201);
    expect((await post(b, '/auth/password_reset/request', { email: member })).status).toBe(200);
    const answer = await submit(a.base, contact);
    if ('error' in answer) throw answer.error;
    expect(answer.status).toBe(201);
    const message = String(answer.body.reference);

    const expected: [string, string][] = [
      [applicant, 'We received your'],
      ['credit@kwikfill.example', reference],
      [member, resetMailSubject],
      [String(contact.body.email), `We received your message (${message})`],
    ];
    await until(
      'the mails to be sent',
      async () => (await queueEmpty()) && sink.count(member, resetMailSubject) > 0,
    );
    for (const [to, subject] of expected) expect(sink.count(to, subject), `${to}: ${subject}`).toBe(1);
    expect(sink.received.filter((m) => m.subject.endsWith(`(${message})`))).toHaveLength(2); // and the department's
    const ids = sink.received.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a server killed right after "sent", mid-send, still gets its mail out through the other', async () => {
    const contact = await prepareContact(b.base, 70_000);
    await waitOutDwellAfterTicket();
    sink.hold(); // the SMTP server hangs: a send is claimed but cannot finish
    let killed: BuiltServer;
    let survivor: BuiltServer;
    let reference: string;
    try {
      const answer = await submit(a.base, contact);
      if ('error' in answer) throw answer.error;
      expect(answer.status).toBe(201);
      reference = String(answer.body.reference);
      // A claimed the message's mail job at once (rarely B, polling just then): whichever holds the
      // claim is killed while its send hangs, before it delivered anything.
      let holder: string | null = null;
      await until('a claimed send to hang', async () => {
        holder = (await jobsAbout(reference)).find((job) => job.lease_owner)?.lease_owner ?? null;
        return holder !== null && sink.held() > 0;
      });
      [killed, survivor] = String(holder).includes(`:${a.child.pid}:`) ? [a, b] : [b, a];
      expect(await killed.stop('SIGKILL')).toBeNull();
    } finally {
      sink.release();
    }

    // Its claim runs out (JOB_LEASE_SECONDS) and the survivor sends both mails, each once.
    await until(
      'the mail to be sent',
      async () => (await jobsAbout(reference)).every((job) => job.status === 'done'),
      { seconds: LEASE_SECONDS + 90 },
    );
    const mails = sink.received.filter((m) => m.subject.endsWith(`(${reference})`));
    expect(mails).toHaveLength(2);
    expect(mails.filter((m) => m.to.includes(String(contact.body.email).toLowerCase()))).toHaveLength(1);
    // The message's two mail jobs (the department's, the acknowledgement); the killed server's claim
    // was taken over: its job was tried again, by the survivor (on a busy machine a try may also
    // outlive its lease once more; each mail still went out once, above).
    const attempts = (await jobsAbout(reference)).map((job) => job.attempts);
    expect(attempts).toHaveLength(2);
    expect(Math.max(...attempts)).toBeGreaterThanOrEqual(2);
    expect(survivor.child.exitCode).toBeNull();
  });

  it('a SIGTERM to one server under load, behind a balancer following /readyz, loses no request', async () => {
    const servers = [a, b];
    const inRotation = new Set(servers.map((s) => s.base));
    let checking = true;
    const checker = (async () => {
      while (checking) {
        for (const { base } of servers) {
          const ready = await fetch(`${base}/readyz`).then(
            (r) => r.ok,
            () => false,
          );
          if (ready) inRotation.add(base);
          else inRotation.delete(base);
        }
        await sleep(100);
      }
    })();
    const failures: string[] = [];
    const answered = new Map(servers.map((s) => [s.base, 0]));
    let turn = 0;
    let loading = true;
    const paths = ['/api/v1/store?size=5', '/', '/api/v1/health'];
    const worker = async () => {
      while (loading) {
        const rotation = [...inRotation];
        if (rotation.length === 0) {
          failures.push('no server in rotation');
          await sleep(10);
          continue;
        }
        const base = rotation[turn++ % rotation.length] as string;
        const path = paths[turn % paths.length] as string;
        try {
          const response = await fetch(base + path, { headers: { 'x-api-key': DEFAULT_API_KEY } });
          await response.arrayBuffer();
          if (response.status !== 200) failures.push(`${base}${path}: ${response.status}`);
          answered.set(base, (answered.get(base) ?? 0) + 1);
        } catch (error) {
          failures.push(
            `${base}${path}: ${(error as Error & { cause?: { code?: string } }).cause?.code ?? error}`,
          );
        }
      }
    };
    const load = Array.from({ length: 8 }, worker);
    await until('steady load on both', () => servers.every((s) => (answered.get(s.base) ?? 0) >= 50));
    const stopped = a.stop('SIGTERM');
    await until('A to leave the rotation', () => !inRotation.has(a.base));
    const bBefore = answered.get(b.base) ?? 0;
    await until('more load on B alone', () => (answered.get(b.base) ?? 0) >= bBefore + 100);
    expect(await stopped).toBe(0); // drained, then exited by itself
    loading = false;
    await Promise.all(load);
    checking = false;
    await checker;
    expect(failures).toEqual([]);
  });
});
