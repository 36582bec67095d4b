import http from 'node:http';
import type { TestProject } from 'vitest/node';
import { startSmtpSink, type ReceivedMail } from '../../server/src/test/smtp-sink';
import { freePort, startProduct } from './product-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailboxUrl: string;
    databaseUrl: string;
  }
}

/**
 * Tests run in other processes than this setup, so they read the sink's mail over HTTP:
 * GET returns every mail received so far as JSON.
 */
async function serveMailbox(received: ReceivedMail[]): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(received));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * Starts the built product on a fresh database for the browser tests. Its mail goes through real
 * SMTP to a local sink that tests read through `mailboxUrl`.
 */
export default async function setup(project: TestProject) {
  const smtp = await startSmtpSink();
  const mailbox = await serveMailbox(smtp.received);
  // The import test's new medicines take the pictures this shop already serves, here on loopback,
  // which the import fetches from only when told to (IMPORT_PRIVATE_IMAGE_RANGES).
  const product = await startProduct((baseUrl) => ({
    SMTP_URL: smtp.url,
    APP_URL: baseUrl,
    IMPORT_PRIVATE_IMAGE_RANGES: new URL(baseUrl).hostname,
  }));
  project.provide('baseUrl', product.baseUrl);
  project.provide('mailboxUrl', mailbox.url);
  project.provide('databaseUrl', product.databaseUrl);

  return async () => {
    await product.stop();
    await Promise.all([mailbox.close(), smtp.close()]);
  };
}
