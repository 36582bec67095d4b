import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

// Outgoing mail: nodemailer over SMTP_URL; without it each message is written to an
// outbox folder in DATA_DIR, one .eml file per message, and its path logged so a developer can open it
// (never the link it holds: a reset link is a password for the hour).

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
};

export type Mailer = { send(message: MailMessage): Promise<void>; close(): void };

type MailerOptions = { smtpUrl: string | undefined; from: string; outboxDir: string };

type MailLog = (details: Record<string, unknown>, message: string) => void;

export function createMailer({ smtpUrl, from, outboxDir }: MailerOptions, log: MailLog): Mailer {
  const compose = ({ to, subject, text, html }: MailMessage) => ({ from, to, subject, text, html });

  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      send: async (message) => {
        await transport.sendMail(compose(message));
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  // A mail may carry a password-reset link: only the app's own user reads the outbox, even one
  // an older version made readable to all. Made so once per mailer, not once per mail (a checkout
  // rush writes hundreds a second), and again if the folder was removed meanwhile.
  const makeOutboxDir = async () => {
    await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
    await fs.chmod(outboxDir, 0o700);
  };
  let outboxMade: Promise<void> | undefined;
  const writeFile = async (file: string, message: Buffer) => {
    try {
      await (outboxMade ??= makeOutboxDir());
      await fs.writeFile(file, message, { mode: 0o600 });
    } catch (error) {
      // Made (and checked) again by the next attempt.
      outboxMade = undefined;
      throw error;
    }
  };
  return {
    send: async (message) => {
      const info = await transport.sendMail(compose(message));
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      try {
        await writeFile(file, info.message as Buffer);
      } catch (error) {
        // The folder was removed since it was made: once more, making it again.
        if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
        await writeFile(file, info.message as Buffer);
      }
      log({ to: message.to, subject: message.subject, file }, 'mail written to the outbox');
    },
    close: () => transport.close(),
  };
}
