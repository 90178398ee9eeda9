import { SMTPServer } from 'smtp-server';
import { afterAll } from 'vitest';
import { freePort } from './free-port.js';

export type ReceivedMail = { to: string[]; raw: string };
export type MailParts = { subject: string; text: string; html: string };

// The decoded text and html parts of a received message (quoted-printable or base64).
export function mailParts(raw: string): MailParts {
  const decode = (body: string, encoding: string) => {
    if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (/quoted-printable/i.test(encoding)) {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    return body;
  };
  const out: MailParts = { subject: '', text: '', html: '' };
  const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  out.subject = subject.replace(/\r?\n[ \t]/g, ' ');
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split);
    const body = part.slice(split).replace(/^\r?\n\r?\n/, '');
    const encoding = /Content-Transfer-Encoding:\s*(\S+)/i.exec(headers)?.[1] ?? '';
    if (/Content-Type:\s*text\/plain/i.test(headers)) out.text = decode(body, encoding);
    if (/Content-Type:\s*text\/html/i.test(headers)) out.html = decode(body, encoding);
  }
  return out;
}

// A real SMTP server on this machine for the file's tests (closed after them): e-mail is read as it
// arrives, not from the outbox.
export async function startSmtpReceiver() {
  const received: ReceivedMail[] = [];
  const port = await freePort();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    // What one address received, decoded.
    mailTo: (address: string) => received.filter((m) => m.to.includes(address)).map((m) => mailParts(m.raw)),
  };
}
