import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { printedByOwnProcess } from '../../test/own-process';
import { composedMessage, createMailer } from './mail.service';

// Without a mail server each mail is appended to the day's mailbox file in the outbox folder, which
// only the app's user may read.

/** The messages of an mbox file, each without its `From ` line. */
const messagesOf = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split(/^From MAILER-DAEMON .*\n/m)
    .slice(1);

describe('the file outbox', () => {
  it("appends each mail to the day's mailbox, and makes the folder again when it was removed meanwhile", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-mailer-'));
    const outboxDir = path.join(dataDir, 'outbox');
    const written: Record<string, unknown>[] = [];
    const mailer = createMailer({ smtpUrl: undefined, from: 'shop@example.com', outboxDir }, (details) =>
      written.push(details),
    );
    const fileOf = (mail: number) => written[mail]!.file as string;
    try {
      const mail = (subject: string, text = `${subject} text`) => ({ to: 'ada@example.com', subject, text });
      await mailer.send(mail('First', 'From here on a line reads like a new message.\n>From quoted already'));
      await mailer.send({ ...mail('Second'), messageId: '<outbox-row@shop.example>' });
      const file = fileOf(0);
      expect(path.basename(file)).toMatch(/^\d{4}-\d{2}-\d{2}\.mbox$/);
      expect(fs.readdirSync(outboxDir)).toEqual([path.basename(file)]);
      const [first, second, ...others] = messagesOf(file);
      expect(others).toEqual([]);
      expect(first).toContain('Subject: First');
      // A body line that starts like an entry is quoted, so the mailbox still holds two messages.
      expect(first).toContain('\n>From here on a line');
      expect(first).toContain('\n>>From quoted already');
      expect(first).not.toContain('\r');
      expect(second).toContain('Subject: Second');
      expect(second).toMatch(/^Message-ID: <outbox-row@shop\.example>$/m);
      expect(written).toEqual([
        { file, messageId: undefined },
        { file, messageId: '<outbox-row@shop.example>' },
      ]);

      fs.rmSync(outboxDir, { recursive: true });
      await mailer.send(mail('Third'));
      const [third, ...rest] = messagesOf(fileOf(2));
      expect(rest).toEqual([]);
      expect(third).toContain('Subject: Third');
      expect(fs.statSync(outboxDir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(fileOf(2)).mode & 0o777).toBe(0o600);
    } finally {
      mailer.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a composed message', () => {
  // The same date, boundary and Message-ID on both sides: nodemailer would otherwise pick the time
  // and random ones.
  const fixed = {
    from: 'Apotheca <shop@example.com>',
    to: 'ada@example.com',
    date: new Date(0),
    baseBoundary: 'b0',
    messageId: '<row-0@shop.example>',
  };
  const longLine = `${'Paracetamol 500 mg, '.repeat(12)}end`;
  const messages = {
    'plain text only': { subject: 'Your order', text: 'Thank you.\nYour order is placed.' },
    'text and HTML with accents and long lines': {
      subject: 'Commande reçue — n° 1042',
      text: `Bonjour Zoë,\n${longLine}\nTotal : 24,68 €  \n`,
      html: `<p>Bonjour Zoë,</p><table><tr><td>${longLine}</td><td>24,68 €</td></tr></table>`,
      messageId: '<row-1@shop.example>',
    },
    'mostly non-Latin text (base64)': {
      subject: 'Заказ принят',
      text: 'Ваш заказ принят. Спасибо!',
      html: '<p>ご注文ありがとうございます</p>',
    },
    'a line that reads like a new mbox entry': { subject: 'Lines', text: 'From here on\n.\n>From quoted' },
  };

  for (const [name, message] of Object.entries(messages))
    it(`is byte for byte what nodemailer's composer builds: ${name}`, async () => {
      const mail = { ...fixed, ...message };
      const built = await new MailComposer(mail).compile().build();
      expect(composedMessage(mail)).toBe(built.toString());
    });

  // With DATABASE_URL, DATA_DIR is first made for the outbox's first mail. Under /proc, Node 20's
  // recursive mkdir loops without end, which stopped the whole server: the send runs in a process of
  // its own, which the time limit ends.
  it(
    'fails the send of a mail whose outbox cannot be made under /proc, instead of hanging',
    { timeout: 60_000 },
    async () => {
      const url = pathToFileURL(path.join(import.meta.dirname, 'mail.service.ts')).href;
      const printed = await printedByOwnProcess(
        `const { createMailer } = await import(${JSON.stringify(url)});
        const mailer = createMailer({ smtpUrl: undefined, from: 'shop@example.com', outboxDir: '/proc/apotheca/outbox' }, () => {});
        await mailer.send({ to: 'ada@example.com', subject: 'First', text: 'text' }).then(() => console.log('sent'), (error) => console.log(error.message));`,
      );
      expect(printed).toBe("ENOENT: no such file or directory, mkdir '/proc/apotheca'");
    },
  );
});
