import { setImmediate } from 'node:timers/promises';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { taskFailures, type TaskLog } from '../../db/database-down';
import { isMailTemplate, renderMail, type TemplatedMail } from './mail-templates.service';
import type { MailMessage, Mailer } from './mail.service';

// The durable mail outbox (docs/decisions/0013): a feature enqueues a mail in the transaction of
// the change it reports, so the mail exists exactly when the change does; the worker sends it after
// commit, retrying with backoff until the mail server takes it, across restarts.

/** The first retry waits this long, each next one twice as long, up to MAX_RETRY_DELAY_MS. */
const FIRST_RETRY_DELAY_MS = 5_000;
const MAX_RETRY_DELAY_MS = 60 * 60 * 1000;
/** How long a claimed mail waits before another attempt if its sender died mid-send. */
const CLAIM_LEASE_MS = 5 * 60 * 1000;

/**
 * Writes a mail to the outbox as a template and its data (rendered when it is sent); sent once the
 * caller's transaction commits.
 */
export async function enqueueMail(tx: Db | Tx, { to, template, data }: TemplatedMail): Promise<void> {
  await tx.insert(mailOutbox).values({ to, template, data });
}

type OutboxRow = typeof mailOutbox.$inferSelect;
/** What a sent mail names: APP_URL for its links, and APP_URL's host for its Message-ID. */
type Addressing = { appUrl: string; messageIdDomain: string };
/**
 * The mail a row holds: rendered from its template, or as written (a row an earlier version queued,
 * which wrote the password reset out in full). Its Message-ID is the row's, so
 * a mail sent again (its sender died before recording it sent) reads as the same message to the
 * recipient's mail client; nodemailer's random one also cost a sixth of composing a mail.
 */
const messageOf = (mail: OutboxRow, { appUrl, messageIdDomain }: Addressing): MailMessage => ({
  ...(mail.template !== null && isMailTemplate(mail.template)
    ? renderMail({ to: mail.to, template: mail.template, data: mail.data } as TemplatedMail, appUrl)
    : { to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined }),
  messageId: `<${mail.id}@${messageIdDomain}>`,
});

const retryDelay = (attempts: number) => Math.min(FIRST_RETRY_DELAY_MS * 2 ** (attempts - 1), MAX_RETRY_DELAY_MS);

/** How many due mails one claim takes: a checkout rush is sent in a few statements, not one per order. */
const CLAIM_BATCH = 50;

/** The oldest due mails, claimed (leased) in one statement so that no other worker sends them meanwhile. */
async function claimDueMail(db: Db) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(CLAIM_BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(Date.now() + CLAIM_LEASE_MS) })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** The worker's log: a background task's, and a warning when mail stops going out. */
type MailLog = TaskLog & { warn(message: string): void };

type SendReport = { failed: (code: string) => void; sent: () => void };

/**
 * A mail server that refuses or cannot be reached (or an outbox folder that cannot be written)
 * fails every mail, each retried on its own backoff, and without a line in the log an operator
 * learns of it from a patient. It is said once, by the failure's code alone (an SMTP reply may quote
 * the recipient), when sending starts failing, and once when a mail is sent again.
 */
function sendReport(log: MailLog): SendReport {
  let failing = false;
  return {
    failed: (code) => {
      if (failing) return;
      failing = true;
      log.warn(
        `mail could not be sent (${code}): it stays in the outbox and is tried again; said once until a mail is sent`,
      );
    },
    sent: () => {
      if (!failing) return;
      failing = false;
      log.info('mail is sent again');
    },
  };
}

/** Sends every due mail once; a failure is recorded by its code and tried again later. Returns how many were sent. */
async function deliverDueMail(db: Db, mailer: Mailer, addressing: Addressing, report: SendReport): Promise<number> {
  let sent = 0;
  for (let batch = await claimDueMail(db); batch.length > 0; batch = await claimDueMail(db)) {
    const delivered: string[] = [];
    for (const mail of batch) {
      // Mail waits for the requests that came meanwhile: composing one is synchronous work, and a
      // claim's 50 in a row would hold a checkout rush's answers back by milliseconds.
      await setImmediate();
      try {
        await mailer.send(messageOf(mail, addressing));
        delivered.push(mail.id);
        report.sent();
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        const lastError = typeof code === 'string' ? code : 'send failed';
        report.failed(lastError);
        await db
          .update(mailOutbox)
          .set({
            lastError,
            nextAttemptAt: new Date(Date.now() + retryDelay(mail.attempts)),
          })
          .where(eq(mailOutbox.id, mail.id));
      }
    }
    // The body (a reset link, say, or a patient's items) is not kept once the mail is gone.
    if (delivered.length > 0)
      await db
        .update(mailOutbox)
        .set({ sentAt: new Date(), text: '', html: null, data: null })
        .where(inArray(mailOutbox.id, delivered));
    sent += delivered.length;
  }
  return sent;
}

export type MailOutboxWorker = {
  /** Delivers what is due now (after a commit that enqueued mail); resolves when that run is over. */
  wake(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Runs deliverDueMail every `intervalMs` and whenever woken, one run at a time. Wakes that come
 * while a run waits to start share it (it will read every mail committed before it starts), so a
 * burst of orders costs a few runs, not one each.
 */
export function startMailOutboxWorker(
  db: Db,
  mailer: Mailer,
  { intervalMs, appUrl, log }: { intervalMs: number; appUrl: string; log: MailLog },
): MailOutboxWorker {
  // The shop's own host names its messages, as APP_URL's links do; read once, not per run.
  const addressing: Addressing = { appUrl, messageIdDomain: new URL(appUrl).hostname };
  const failures = taskFailures(log, 'mail outbox run failed');
  const sending = sendReport(log);
  let running: Promise<void> = Promise.resolve();
  let queued: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    queued ??= running = running.then(async () => {
      // Started: it may have read the outbox already, so a wake from now on queues another run.
      queued = undefined;
      if (stopped) return;
      await deliverDueMail(db, mailer, addressing, sending).then(failures.succeeded, failures.failed);
    });
    return queued;
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  void run(); // what a previous run left queued
  return {
    wake: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
