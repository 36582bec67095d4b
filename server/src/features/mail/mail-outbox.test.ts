import { ORDER_STATUS, orderNumberLabel } from '@apotheca/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { mailOutbox } from '../../db/schema';
import { openPg } from '../../db/client';
import { capturingLog } from '../../test/capturing-log';
import { startDatabaseProxy } from '../../test/database-proxy';
import { startSmtpSink } from '../../test/smtp-sink';
import { createTestContext, mailingTestContext } from '../../test/test-app';

import { createTestUser } from '../../test/test-users';
import { enqueueMail, startMailOutboxWorker } from './mail-outbox.service';
import type { Mailer } from './mail.service';

// The outbox keeps a mail until the mail server has taken it: through an outage and a restart,
// and it is delivered once.

const mailing = mailingTestContext({ appUrl: 'https://shop.example' });

const rows = () => mailing.ctx.database.db.select().from(mailOutbox);
/** A reset mail's data, for a mail queued by hand. */
const LINK = { name: 'Ada', link: 'https://shop.example/reset-password/user/token' };

describe('the mail outbox', () => {
  it('logs a database outage once when its runs start failing and once when the database is back', async () => {
    const proxy = await startDatabaseProxy(mailing.ctx.config.databaseUrl!);
    const database = openPg(proxy.url, { poolSize: 1 });
    const { lines, log } = capturingLog();
    const mailer: Mailer = { send: async () => {}, close: () => {} };
    const worker = startMailOutboxWorker(database.db, mailer, {
      intervalMs: 60_000,
      appUrl: 'https://shop.example',
      log,
    });
    try {
      await worker.wake();
      await proxy.stop();
      for (let run = 0; run < 4; run++) await worker.wake();
      await proxy.start();
      for (let run = 0; run < 2; run++) await worker.wake();
    } finally {
      await worker.stop();
      await database.close();
      await proxy.close();
    }
    expect(lines).toEqual([
      'error: mail outbox run failed: the database is not answering; said once until it answers',
      'info: mail outbox run failed no more: the database answers again',
    ]);
  });

  it('delivers a reset mail once after the mail server comes back', async () => {
    const port = Number(new URL(mailing.sink.url).port);
    await mailing.sink.close();
    const { user } = await createTestUser(mailing.ctx);
    const response = await mailing.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(200);
    // The first attempt fails and is recorded, the mail kept.
    const [failed] = await vi.waitFor(async () => {
      const queued = await rows();
      expect(queued[0]?.lastError).toEqual(expect.any(String));
      return queued;
    });
    expect(failed!.sentAt).toBeNull();

    mailing.sink = await startSmtpSink(port);
    // Its retry is due now rather than after the backoff.
    await mailing.ctx.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date() })
      .where(eq(mailOutbox.id, failed!.id));
    await mailing.ctx.app.mailOutbox.wake();
    const mail = await mailing.sink.nextMail();
    expect(mail.to).toEqual([user.email]);
    expect(mail.text).toMatch(/https:\/\/shop\.example\/reset-password\//);
    // Named by its outbox row, so every attempt at it is the same message to the recipient.
    expect(mail.raw).toMatch(new RegExp(`^Message-ID: <${failed!.id}@shop\\.example>\r$`, 'm'));

    await mailing.ctx.app.mailOutbox.wake();
    expect(mailing.sink.received).toHaveLength(1);
    const [sent] = await rows();
    expect(sent!.sentAt).not.toBeNull();
    expect(sent!.data).toBeNull(); // the link is not kept once sent
  });

  it('sends what a previous run left queued when the app starts again', async () => {
    await enqueueMail(mailing.ctx.database.db, { to: 'queued@example.com', template: 'passwordReset', data: LINK });
    const restarted = await buildApp({ config: mailing.ctx.config, database: mailing.ctx.database, logger: false });
    try {
      await restarted.ready();
      const mail = await mailing.sink.nextMail();
      expect(mail.to).toEqual(['queued@example.com']);
    } finally {
      await restarted.mailOutbox.stop();
    }
  });

  it('sends a mail an earlier version queued in the words of this one, as the outbox keeps its template and data', async () => {
    // The row as the version whose subject said "Your prescription was rejected" wrote it.
    await mailing.ctx.database.db.insert(mailOutbox).values({
      to: 'rejected@example.com',
      template: 'prescriptionReviewed',
      data: {
        firstName: 'Ada',
        number: 100234,
        items: [{ name: 'Calm', quantity: 1, priceCents: 1250 }],
        totalCents: 1250,
        address: null,
        approved: false,
        note: 'The prescription is not signed.',
        refunded: true,
      },
    });
    await mailing.ctx.app.mailOutbox.wake();
    const mail = await mailing.sink.nextMail();
    expect(mail.to).toEqual(['rejected@example.com']);
    const label = orderNumberLabel(100234);
    expect(mail.raw).toMatch(new RegExp(`^Subject: Your Apotheca order ${label} is ${ORDER_STATUS.canceled}\r$`, 'm'));
    expect(mail.text).toMatch(
      new RegExp(`Hello Ada,\r?\n\r?\nYour order ${label} is canceled, and your payment is refunded\\.`),
    );
  });

  it('enqueues nothing when the caller’s transaction rolls back', async () => {
    const before = (await rows()).length;
    await mailing.ctx.database.db
      .transaction(async (tx) => {
        await enqueueMail(tx, { to: 'never@example.com', template: 'passwordReset', data: LINK });
        throw new Error('the change failed');
      })
      .catch(() => {});
    expect(await rows()).toHaveLength(before);
  });
});

describe('a mail the mail server does not take', () => {
  it('is logged as a warning once, by its failure alone, until a mail is sent again', async () => {
    const sink = await startSmtpSink();
    const port = Number(new URL(sink.url).port);
    await sink.close();
    const lines: string[] = [];
    const ctx = await createTestContext(
      { logLevel: 'info', smtpUrl: `smtp://127.0.0.1:${port}` },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    let back: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
    try {
      const forgot = () =>
        ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
      const { user } = await createTestUser(ctx);
      const mailLines = () =>
        lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => /mail/.test(line.msg));
      for (let i = 0; i < 3; i++) {
        await forgot();
        await ctx.app.mailOutbox.wake();
      }
      await vi.waitFor(async () => {
        const queued = await ctx.database.db.select().from(mailOutbox);
        expect(queued.map((mail) => mail.lastError)).toEqual(['ESOCKET', 'ESOCKET', 'ESOCKET']);
      });
      expect(mailLines()).toEqual(
        [
          {
            level: 40,
            msg: 'mail could not be sent (ESOCKET): it stays in the outbox and is tried again; said once until a mail is sent',
          },
        ].map((line) => expect.objectContaining(line)),
      );

      back = await startSmtpSink(port);
      await ctx.database.db.update(mailOutbox).set({ nextAttemptAt: new Date() });
      await ctx.app.mailOutbox.wake();
      await back.nextMail();
      expect(mailLines().map((line) => line.msg)).toEqual([
        'mail could not be sent (ESOCKET): it stays in the outbox and is tried again; said once until a mail is sent',
        'mail is sent again',
      ]);
      // Neither line names the patient.
      expect(lines.join('\n')).not.toContain(user.email);
    } finally {
      await ctx.close();
      await back?.close();
    }
  });
});
