import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createFreshPgDatabase } from '../../server/src/test/fresh-pg-database';
import { startSmtpSink, type ReceivedMail } from '../../server/src/test/smtp-sink';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailboxUrl: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited early:\n${log()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not become healthy in 60 s:\n${log()}`);
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
 * Starts the built product (the same command as `npm start` runs) on a free port and a fresh
 * database: a temporary DATA_DIR, or a new database on the PostgreSQL server of DATABASE_URL. Its
 * mail goes through real SMTP to a local sink that tests read through `mailboxUrl`.
 */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-e2e-'));
  const pgDatabase = process.env.DATABASE_URL ? await createFreshPgDatabase(process.env.DATABASE_URL) : undefined;
  const smtp = await startSmtpSink();
  const mailbox = await serveMailbox(smtp.received);
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'server'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: pgDatabase?.url ?? '',
      RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      APP_URL: baseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitForHealth(baseUrl, server, () => output);
  project.provide('baseUrl', baseUrl);
  project.provide('mailboxUrl', mailbox.url);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await Promise.all([mailbox.close(), smtp.close()]);
    await pgDatabase?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
