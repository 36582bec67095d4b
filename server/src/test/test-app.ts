import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { openPg, openPglite, type Database } from '../db/client';
import type { LogStream } from '../plugins/log-options';
import { createFreshPgDatabase } from './fresh-pg-database';
import { MIGRATED_DUMP_PATH } from './pglite-dump';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

/** The cheapest cost config accepts, for the hashes tests make. */
export const TEST_SCRYPT_COST = 10;

export type TestContext = { app: FastifyInstance; database: Database; config: Config; close: () => Promise<void> };

/**
 * A fresh database for one test file: with DATABASE_URL, a new database on that PostgreSQL server
 * (dropped at close); without it, an in-memory PGlite restored from a dump of the migrated schema.
 */
async function freshDatabase(
  databaseUrl: string | undefined,
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (!databaseUrl) {
    const dump = new Blob([fs.readFileSync(MIGRATED_DUMP_PATH)]);
    return { database: await openPglite({ kind: 'memory', dump }), drop: async () => {} };
  }
  const fresh = await createFreshPgDatabase(databaseUrl);
  const database = openPg(fresh.url, { poolSize: 10 });
  await database.migrate();
  return { database, drop: fresh.drop };
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
  const config: Config = {
    ...loadConfig(),
    env: 'test',
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    seedCatalogue: false,
    rateLimitPerMinute: 0,
    // 2^10 rather than 2^17: every registration would otherwise cost a third of a second.
    scryptCost: TEST_SCRYPT_COST,
    smtpUrl: undefined,
    logLevel: 'silent',
    ...overrides,
  };
  const { database, drop } = await freshDatabase(config.databaseUrl);
  const app = await buildApp({ config, database, logger: logStream !== undefined, logStream });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
