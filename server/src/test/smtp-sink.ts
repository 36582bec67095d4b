import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string; text: string };

/**
 * A real SMTP server on a free local port that keeps what it receives, so tests send mail
 * through nodemailer exactly as production does. Pass `url` as the app's smtpUrl; pass a port to
 * start it again where a closed one listened.
 */
export async function startSmtpSink(port = 0): Promise<{
  url: string;
  received: ReceivedMail[];
  nextMail: () => Promise<ReceivedMail>;
  close: () => Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  let taken = 0;
  let wake = () => {};
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw) };
        received.push(mail);
        wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    /** The oldest mail not yet taken, waiting for it if none has arrived. */
    nextMail: async () => {
      while (taken >= received.length) await new Promise<void>((resolve) => (wake = resolve));
      return received[taken++]!;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * nodemailer sends long text lines as quoted-printable: joins the soft line breaks and decodes
 * `=XX` escapes (UTF-8), which is all a test needs to read a link or a line in the body.
 */
function decodeQuotedPrintable(raw: string): string {
  // Each escape is one byte of UTF-8: the bytes are gathered, then read as UTF-8.
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
