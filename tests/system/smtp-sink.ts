// An SMTP server on loopback that keeps every mail it is given (the `smtp-server` package), for the
// system tests: the servers under test get SMTP_URL=smtp://127.0.0.1:<port> and send through the
// real nodemailer transport. Plain SMTP only (no STARTTLS offered, no AUTH), as nodemailer then
// sends without TLS. `hold()` keeps every new session waiting at MAIL FROM, as a mail server that
// hangs, until `release()`: a sender killed meanwhile has delivered nothing.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  subject: string;
  messageId: string;
}

export interface SmtpSink {
  url: string;
  received: ReceivedMail[];
  /** Sessions waiting at MAIL FROM since hold(). */
  held: () => number;
  hold: () => void;
  release: () => void;
  /** How many mails went to `recipient` with a subject that includes `subject`. */
  count: (recipient: string, subject: string) => number;
  close: () => Promise<void>;
}

/** A header's value from a raw message's header block (folded lines joined). */
function header(raw: string, name: string): string {
  const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
}

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let holding = false;
  let waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onMailFrom(_address, _session, callback) {
      if (holding) waiting.push(() => callback());
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: header(raw, 'Subject'),
          messageId: header(raw, 'Message-ID'),
        });
        callback();
      });
    },
  });
  // A client killed mid-session is a socket error here, nothing more.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    held: () => waiting.length,
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      const go = waiting;
      waiting = [];
      for (const resume of go) resume();
    },
    count: (recipient, subject) =>
      received.filter((m) => m.to.includes(recipient.toLowerCase()) && m.subject.includes(subject)).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
