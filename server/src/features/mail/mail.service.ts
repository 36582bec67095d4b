import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { encode as base64Encode, wrap as base64Wrap } from 'nodemailer/lib/base64';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import type MimeNode from 'nodemailer/lib/mime-node';
import { encode as qpEncode, wrap as qpWrap } from 'nodemailer/lib/qp';
import { makeDirectory } from '../../db/writable-directory';

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

/** nodemailer's line length for an encoded body. */
const BODY_LINE_LENGTH = 76;

/** A part's body in its transfer encoding, written as nodemailer's encoders write it. */
function encodedBody(content: MimeNode['content'], transferEncoding: string | false): string {
  if (typeof content !== 'string' && !Buffer.isBuffer(content))
    throw new Error('A mail part is composed from a string or a buffer, not a stream or a file.');
  if (transferEncoding === 'quoted-printable') return qpWrap(qpEncode(content), BODY_LINE_LENGTH);
  if (transferEncoding === 'base64') return base64Wrap(base64Encode(content), BODY_LINE_LENGTH);
  return content.toString();
}

/** A node of nodemailer's message tree and the parts below it, as its `stream` writes them. */
function serialized(node: MimeNode): string {
  let text = `${node.buildHeaders()}\r\n\r\n`;
  if (node.content !== undefined) text += encodedBody(node.content, node.getTransferEncoding());
  if (node.multipart) {
    node.childNodes.forEach((child, i) => {
      text += `${i > 0 ? '\r\n' : ''}--${node.boundary}\r\n${serialized(child)}`;
    });
    text += `\r\n--${node.boundary}--\r\n`;
  }
  return text;
}

/**
 * The MIME message of `mail`: nodemailer's composer decides its tree, headers, encodings and
 * boundaries, and the tree is written out here in one synchronous pass, the same bytes as the
 * composer's own `build()`. That build streams each part through a pipeline of its own, and the
 * streams were about two thirds of a confirmation mail's CPU (docs/decisions/0096).
 */
export function composedMessage(mail: Mail.Options): string {
  const text = serialized(new MailComposer(mail).compile());
  // A message ends with a line break, as the composer's stream ends it.
  return text.endsWith('\n') ? text : `${text}\r\n`;
}

/**
 * One message as an mbox entry ("mboxrd"): a `From ` line that starts it, the message with LF line
 * ends and every line that reads as such a start quoted with one more `>`, and a blank line.
 */
function mboxEntry(message: string, now: Date): string {
  const body = message.replace(/\r\n/g, '\n').replace(/^(>*From )/gm, '>$1');
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
    makeDirectory(outboxDir);
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
  const compose = (message: MailMessage) => composedMessage({ from, ...message });

  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      send: async (message) => {
        // The message is sent as composed: the envelope is given, since a raw message is not read.
        await transport.sendMail({ envelope: { from, to: message.to }, raw: compose(message) });
      },
      close: () => transport.close(),
    };
  }

  const mailbox = mailboxWriter(outboxDir);
  return {
    // Written synchronously; a failure still reaches the caller as a rejected send.
    send: (message) =>
      new Promise<void>((resolve) => {
        const now = new Date();
        const file = mailbox.append(mboxEntry(compose(message), now), now);
        // Named by its file and its row (the Message-ID), never by its address or subject: the address
        // names a patient and the subject their order, and logs are read by more people.
        log({ file, messageId: message.messageId }, 'mail written to the outbox');
        resolve();
      }),
    close: () => mailbox.close(),
  };
}
