import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../../config';
import { startMailOutboxWorker, type MailOutboxWorker } from './mail-outbox.service';
import { createMailer } from './mail.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker: features enqueue with enqueueMail(tx, …) and wake it after commit. */
    mailOutbox: MailOutboxWorker;
  }
}

/** Between two looks at the outbox for mail that is due (retries, or mail left by a previous run). */
const OUTBOX_INTERVAL_MS = 2_000;

/** Sends the mail outbox through SMTP_URL, or writes it to DATA_DIR/outbox when none is set. */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const mailer = createMailer(
      { smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') },
      (details, message) => app.log.info(details, message),
    );
    const worker = startMailOutboxWorker(app.database.db, mailer, {
      intervalMs: OUTBOX_INTERVAL_MS,
      appUrl: config.appUrl,
      log: app.log,
    });
    app.decorate('mailOutbox', worker);
    app.addHook('onClose', async () => {
      await worker.stop();
      mailer.close();
    });
  },
  { name: 'mail-outbox', dependencies: ['database'] },
);
