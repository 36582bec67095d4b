import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';

// Outgoing mail: nodemailer over SMTP_URL; without it each message is appended to the day's mailbox
// file in an outbox folder in DATA_DIR (mbox, which mail clients open and which reads as text), and
// the file logged so a developer can open it (never the link it holds: a reset link is a password
// for the hour). One file a day kept open, not one file a mail: creating a file cost 0.3–0.9 ms of
// CPU on the order benchmark's disk, most of the confirmation mail's cost (docs/decisions/0081).

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The Message-ID header, `<…@…>`; nodemailer makes a random one when it is absent. */
  messageId?: string;
};

export type Mailer = { send(message: MailMessage): Promise<void>; close(): void };

type MailerOptions = { smtpUrl: string | undefined; from: string; outboxDir: string };

type MailLog = (details: Record<string, unknown>, message: string) => void;

/** The mailbox file of the UTC day `now` falls on. */
const outboxFileName = (now: Date) => `${now.toISOString().slice(0, 10)}.mbox`;

/**
 * One message as an mbox entry ("mboxrd"): a `From ` line that starts it, the message with LF line
 * ends and every line that reads as such a start quoted with one more `>`, and a blank line.
 */
function mboxEntry(message: Buffer, now: Date): string {
  const body = message
    .toString('utf8')
    .replace(/\r\n/g, '\n')
    .replace(/^(>*From )/gm, '>$1');
  return `From MAILER-DAEMON ${now.toUTCString()}\n${body}${body.endsWith('\n') ? '' : '\n'}\n`;
}

/**
 * Appends to the day's mailbox, through one open file that is reopened when the day or the file
 * changes. Written in place, not through the thread pool: an entry of a few kilobytes into the page
 * cache costs 1–2 µs of CPU, where the pool's round trip cost about 30 µs and woke a second thread
 * on the server's core for every mail (docs/decisions/0090). Synchronous, entries never interleave.
 */
function mailboxWriter(outboxDir: string) {
  let open: { file: string; fd: number } | undefined;
  // A mail may carry a password-reset link: only the app's own user reads the outbox, even one an
  // older version made readable to all.
  const openFile = (file: string) => {
    fs.mkdirSync(outboxDir, { recursive: true, mode: 0o700 });
    fs.chmodSync(outboxDir, 0o700);
    const fd = fs.openSync(file, 'a', 0o600);
    fs.fchmodSync(fd, 0o600);
    return fd;
  };
  const close = () => {
    const closing = open?.fd;
    open = undefined;
    if (closing !== undefined) fs.close(closing, () => {});
  };
  const append = (entry: string, now: Date): string => {
    const file = path.join(outboxDir, outboxFileName(now));
    if (open?.file !== file) {
      close();
      open = { file, fd: openFile(file) };
    }
    try {
      // A file removed meanwhile (or its folder) would swallow the mail: it is made again.
      if (fs.fstatSync(open.fd).nlink === 0) {
        close();
        return append(entry, now);
      }
      fs.appendFileSync(open.fd, entry);
      return file;
    } catch (error) {
      close();
      throw error;
    }
  };
  return { append, close };
}

export function createMailer({ smtpUrl, from, outboxDir }: MailerOptions, log: MailLog): Mailer {
  const compose = (message: MailMessage) => ({ from, ...message });

  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      send: async (message) => {
        await transport.sendMail(compose(message));
      },
      close: () => transport.close(),
    };
  }

  const mailbox = mailboxWriter(outboxDir);
  return {
    send: async (message) => {
      // Composed by nodemailer's composer alone: a transport's plugins and envelope, which a file
      // needs none of, were a seventh of a mail's CPU; the bytes are the same (docs/decisions/0090).
      const composed = await new MailComposer(compose(message)).compile().build();
      const now = new Date();
      const file = mailbox.append(mboxEntry(composed, now), now);
      log({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
    },
    close: () => mailbox.close(),
  };
}
