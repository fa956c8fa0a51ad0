// POST /contact (SPEC 3, 5.4, 7): through the public-form guard, either payload reading, stored
// with the sender's address (include_ip=true) and time, answered only once stored; the mails go
// out after the answer and are retried from the stored message when they fail.
import { randomBytes, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { AppEnv } from '../../server/deps';
import { isUniqueViolation } from '../../server/errors';
import { guardPublicForm } from '../../server/form-guard';
import { clientIp } from '../../server/http';
import { bearerToken, findSessionUser } from '../../server/sessions';
import { sha256 } from '../../server/tokens';
import { contactPayloadSchema } from './contact';
import { sendContactMail, startMailSweep } from './contact-mail.server';

// No 0/O or 1/I: the reference is read out on the phone.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newReference(): string {
  const chars = [...randomBytes(8)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `KF-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

export const contactRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    startMailSweep(c.var.deps);
    await next();
  })
  .post('/', async (c) => {
    const { deps } = c.var;
    const message = await guardPublicForm(c, 'contact', contactPayloadSchema);
    const token = bearerToken(c);
    const user = token ? await findSessionUser(deps, sha256(token)) : undefined;
    const id = randomUUID();
    const values = {
      ...message,
      id,
      extra_data: JSON.stringify(message.extra_data),
      ip: c.req.query('include_ip') === 'true' ? clientIp(c) : null,
      user_id: user?.id ?? null,
      created_at: deps.now(),
    };
    let reference = newReference();
    try {
      await deps.db
        .insertInto('contact_messages')
        .values({ ...values, reference })
        .execute();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      reference = newReference(); // one in a trillion: the same reference twice
      await deps.db
        .insertInto('contact_messages')
        .values({ ...values, reference })
        .execute();
    }
    deps.defer('contact mail', () => sendContactMail(deps, id));
    return c.json({ ok: true, reference }, 201);
  });
