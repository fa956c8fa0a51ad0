import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { readOutbox } from '../../tests/support/outbox.ts';
import { createMailer } from './mailer.ts';

const dir = mkdtempSync(join(tmpdir(), 'kwikfill-mail-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const message = {
  to: 'dana@example.com',
  subject: 'Reset your Kwik Fill password',
  text: `Open this link:\nhttp://localhost:4321/account/reset-password?reset_token=${'t'.repeat(43)}\n`,
};

describe('mailer without SMTP_URL', () => {
  it('writes each message as an .eml file to the outbox and logs only its subject', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const outboxDir = join(dir, 'outbox');
    const mailer = createMailer({ mailFrom: '"Kwik Fill" <no-reply@kwikfill.example>', outboxDir });
    await mailer.send(message);
    await mailer.send({ ...message, subject: 'Second' });
    const mail = readOutbox(outboxDir);
    expect(mail.map((m) => m.subject)).toEqual(['Reset your Kwik Fill password', 'Second']);
    expect(mail[0]).toMatchObject({ to: 'dana@example.com', text: message.text });
    const logged = info.mock.calls.flat().join('\n');
    expect(logged).toContain('"Reset your Kwik Fill password"');
    expect(logged).not.toContain('reset_token');
    expect(logged).not.toContain('dana@example.com');
  });
});

/** Just enough of an SMTP server to receive one message. */
function fakeSmtp(received: string[]): Promise<Server> {
  const server = createServer((socket) => {
    let data = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      if (data) {
        if (!buffer.includes('\r\n.\r\n')) return;
        received.push(buffer.slice(0, buffer.indexOf('\r\n.\r\n')));
        buffer = '';
        data = false;
        socket.write('250 queued\r\n');
        return;
      }
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          data = true;
          socket.write('354 go on\r\n');
          return;
        }
        socket.write(verb === 'QUIT' ? '221 bye\r\n' : '250 ok\r\n');
        end = buffer.indexOf('\r\n');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('mailer with SMTP_URL', () => {
  it('sends through the SMTP server instead of the outbox', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    const received: string[] = [];
    const server = await fakeSmtp(received);
    const { port } = server.address() as { port: number };
    const outboxDir = join(dir, 'unused-outbox');
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        mailFrom: 'Shop <shop@example.com>',
        outboxDir,
      });
      await mailer.send(message);
    } finally {
      server.close();
    }
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('Subject: Reset your Kwik Fill password');
    expect(received[0]).toContain('From: Shop <shop@example.com>');
    expect(readOutbox(outboxDir)).toEqual([]);
  });
});
