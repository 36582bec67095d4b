import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renderMail, type TemplatedMail } from '../src/features/mail/mail-templates.service';
import { createMailer, type MailMessage } from '../src/features/mail/mail.service';

// `npm run bench -- mail`: the CPU time of one order confirmation, as the outbox worker sends it
// without SMTP_URL: rendered from its template, composed into a MIME message by nodemailer, and
// appended to the day's mailbox file. An order's confirmation costs as much CPU as a good part of its
// checkout (docs/decisions/0095); this shows which step. Prints, asserts nothing.

const MAILS = Number(process.env.MAIL_BENCH_MAILS ?? 5000);
const FROM = 'Apotheca <shop@bench.test>';

const confirmation: TemplatedMail = {
  to: 'shopper-1@bench.test',
  template: 'orderPlaced',
  data: {
    firstName: 'Bench',
    number: 100123,
    totalCents: 2468,
    awaitingReview: false,
    payWithinMinutes: null,
    address: null,
    items: [{ name: 'Bench-12', quantity: 2, priceCents: 1234 }],
  },
};
const rendered = (): MailMessage => ({
  ...renderMail(confirmation, 'https://shop.bench.test'),
  messageId: '<bench@shop.bench.test>',
});

/** CPU time (user and system) of this process per call of `step`, in µs, after a warm-up. */
async function cpuPerCall(step: () => unknown): Promise<number> {
  for (let i = 0; i < MAILS / 10; i += 1) await step();
  const before = process.cpuUsage();
  for (let i = 0; i < MAILS; i += 1) await step();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / MAILS;
}

const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-mail-bench-'));
const mailer = createMailer({ smtpUrl: undefined, from: FROM, outboxDir }, () => {});
try {
  // Composing is what the send adds to the rendering: its append is a stat and a write.
  const rows: [string, number][] = [
    ['rendered from its template (Handlebars)', await cpuPerCall(rendered)],
    ['rendered, composed (nodemailer) and appended to the mailbox', await cpuPerCall(() => mailer.send(rendered()))],
  ];
  process.stdout.write(
    `an order confirmation, ${MAILS} times each (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}):\n`,
  );
  for (const [step, us] of rows)
    process.stdout.write(`  ${step.padEnd(60)} ${us.toFixed(0).padStart(5)} µs CPU a mail\n`);
} finally {
  mailer.close();
  fs.rmSync(outboxDir, { recursive: true, force: true });
}
