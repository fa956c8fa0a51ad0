// POST /contact (product.md 3, 5.4, 7): through the public-form guard, either payload reading, stored
// with the sender's address (include_ip=true) and time, answered only once stored together with
// its mail jobs (the durable queue, src/server/jobs/queue.ts); the mails go out after the answer and
// are retried by the queue from the stored message when they fail.
import { randomBytes, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../../server/deps.ts';
import { isUniqueViolation } from '../../server/errors.ts';
import { guardForm } from '../../server/form-guard.ts';
import { keepAnswer } from '../../server/idempotency.ts';
import { enqueue } from '../../server/jobs/queue.ts';
import { countStored } from '../../server/metrics.ts';
import { clientAddress } from '../../server/request.ts';
import { bearerToken, findSessionUser } from '../../server/sessions.ts';
import { sha256 } from '../../server/tokens.ts';
import { query } from '../../server/validate.ts';
import { contactPayloadSchema } from './contact.ts';
import { ackWithheldAt, contactMailJobs } from './contact-mail.server.ts';

// No 0/O or 1/I: the reference is read out on the phone.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newReference(): string {
  const chars = [...randomBytes(8)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `KF-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** product.md 7: `?include_ip=true` stores the sender's address with the message. */
const contactQuery = v.object({ include_ip: v.optional(v.string()) });

export const contactRoutes = new Hono<AppEnv>().post(
  '/',
  query(contactQuery),
  guardForm('contact', contactPayloadSchema, { person: (data) => data.email }),
  async (c) => {
    const { deps } = c.var;
    const message = c.req.valid('json');
    const token = bearerToken(c);
    const user = token ? await findSessionUser(deps, sha256(token)) : undefined;
    const id = randomUUID();
    const values = {
      ...message,
      id,
      extra_data: JSON.stringify(message.extra_data),
      ip: c.req.valid('query').include_ip === 'true' ? (clientAddress(c) ?? null) : null,
      user_id: user?.id ?? null,
      created_at: deps.now(),
    };
    const keep = keepAnswer(c, 201);
    // The message (its acknowledgement counted), its mail jobs and the answer kept for a retry:
    // stored as one, all or nothing.
    const store = (reference: string) =>
      deps.db.transaction().execute(async (trx) => {
        const withheld = await ackWithheldAt(trx, deps.dbKind, message.email, deps.now());
        await trx
          .insertInto('contact_messages')
          .values({ ...values, reference, ack_withheld_at: withheld })
          .execute();
        for (const job of contactMailJobs(id, reference, { acknowledge: withheld === null }))
          await enqueue(trx, job, deps.now());
        await keep(trx, { ok: true, reference });
      });
    let reference = newReference();
    try {
      await store(reference);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      reference = newReference(); // one in a trillion: the same reference twice
      await store(reference);
    }
    countStored('contact_message');
    deps.jobs.kick();
    return c.json({ ok: true, reference }, 201);
  },
);
