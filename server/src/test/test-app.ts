import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openPg, type Database } from '../db/client';
import type { LogStream } from '../plugins/log-options';
import { createFreshPgDatabase } from './fresh-pg-database';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

/** The cheapest cost config accepts, for the hashes tests make. */
export const TEST_SCRYPT_COST = 10;

export type TestContext = { app: FastifyInstance; database: Database; config: Config; close: () => Promise<void> };

/**
 * The shop's configuration for a test on `dataDir`: no demo catalogue, no rate limit, cheap hashes,
 * no mail server and no log, on the database at `databaseUrl` (or the embedded one in `dataDir`).
 */
export const testConfig = (dataDir: string, databaseUrl?: string): Config => ({
  ...loadConfig(),
  databaseUrl,
  env: 'test',
  dataDir,
  uploadsDir: path.join(dataDir, 'uploads'),
  seedCatalogue: false,
  rateLimitPerMinute: 0,
  // 2^10 rather than 2^17: every registration would otherwise cost a third of a second.
  scryptCost: TEST_SCRYPT_COST,
  smtpUrl: undefined,
  logLevel: 'silent',
});

/**
 * A fresh database for one test context: a copy of the migrated template on the run's PostgreSQL
 * server (src/test/global-setup.ts), dropped at close.
 */
async function freshDatabase(): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const { serverUrl, template } = inject('testDatabase');
  const fresh = await createFreshPgDatabase(serverUrl, { template });
  return { database: openPg(fresh.url, { poolSize: 10 }), url: fresh.url, drop: fresh.drop };
}

/**
 * The real app on a fresh database, called through `app.inject`. It logs nothing unless given a
 * `logStream` (and a `logLevel` in the overrides) to read its log lines from.
 */
export async function createTestContext(
  overrides: Partial<Config> = {},
  { logStream }: { logStream?: LogStream } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-test-'));
  const { database, url, drop } = await freshDatabase();
  // The database the app runs on, as with DATABASE_URL: a test can open a second instance on it.
  const config: Config = { ...testConfig(dataDir, url), ...overrides };
  const app = await buildApp({ config, database, logger: logStream !== undefined, logStream });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      // The database and the folder go even when closing the app fails: a run leaves nothing behind.
      try {
        await app.close();
      } finally {
        await drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * `use` on a test context of its own, for a setting the file's shared context lacks, closed
 * afterwards even when `use` fails.
 */
export async function withTestContext<T>(
  overrides: Partial<Config>,
  use: (ctx: TestContext) => Promise<T>,
): Promise<T> {
  const ctx = await createTestContext(overrides);
  try {
    return await use(ctx);
  } finally {
    await ctx.close();
  }
}

/**
 * For the tests of a file (or a describe block) whose app sends mail: before them, a sink and a test
 * app (with `overrides`) mailing through it; after them, both closed. A test that restarts the mail
 * server puts the new sink in `sink`.
 */
export function mailingTestContext(overrides: Partial<Config> = {}): { ctx: TestContext; sink: SmtpSink } {
  const mailing = {} as { ctx: TestContext; sink: SmtpSink };
  beforeAll(async () => {
    mailing.sink = await startSmtpSink();
    mailing.ctx = await createTestContext({ ...overrides, smtpUrl: mailing.sink.url });
  });
  afterAll(async () => {
    await mailing.ctx.close();
    await mailing.sink.close();
  });
  return mailing;
}
