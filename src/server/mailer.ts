// Outgoing mail through nodemailer: SMTP when SMTP_URL is set, otherwise each message is written
// as an .eml file to the outbox folder (development, tests). Only the subject is logged: bodies
// carry reset links. nodemailer is loaded with the first message: it is about a fifth of the
// server's memory at rest (bench/server.mjs), and most processes send none for a long while.
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Config } from './config/index.ts';
import { countMail } from './metrics.ts';
import { maskEmail } from './tokens.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Where replies go (a department mail answers the visitor who wrote). */
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

let sequence = 0;

/** A transport made on first use. */
function lazyTransport(options: string | object): () => Promise<Transporter> {
  let transport: Promise<Transporter> | undefined;
  return () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(options));
    return transport;
  };
}

/** Counts each send's outcome (kwikfill_mail_sent_total, kwikfill_mail_send_failures_total). */
function counted(transport: 'smtp' | 'outbox', mailer: Mailer): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        countMail(transport, 'failed');
        throw error;
      }
      countMail(transport, 'sent');
    },
  };
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>): Mailer {
  return counted(config.smtpUrl ? 'smtp' : 'outbox', transportMailer(config));
}

function transportMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'outboxDir'>): Mailer {
  if (config.smtpUrl) {
    const transport = lazyTransport(config.smtpUrl);
    return {
      async send(message) {
        await (await transport()).sendMail({ from: config.mailFrom, ...message });
        console.info(`[mail] sent "${message.subject}" to ${maskEmail(message.to)}`);
      },
    };
  }
  const transport = lazyTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from: config.mailFrom, ...message });
      await mkdir(config.outboxDir, { recursive: true });
      // Sortable names (time, then a sequence for the same millisecond): the newest file is last.
      const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(++sequence).padStart(6, '0')}`;
      const file = join(config.outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      console.info(`[mail] "${message.subject}" to ${maskEmail(message.to)} written to the outbox`);
    },
  };
}
