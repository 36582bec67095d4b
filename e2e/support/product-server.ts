import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runningEmbeddedPostgres } from '../../server/src/db/embedded-postgres';
import { createFreshPgDatabase } from '../../server/src/test/fresh-pg-database';
import { buildServerIfStale, SERVER_BUILD } from '../../scripts/build-server.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { adminEnv } from './admin-account';

const root = path.resolve(import.meta.dirname, '../..');

export { freePort };

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

export type ServerProcess = {
  baseUrl: string;
  /** Everything the process printed so far. */
  output: () => string;
  /** Sends the signal and resolves with the exit code once the process has ended. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  /** Resolves with the exit code once the process has ended, by itself or stopped. */
  exited: Promise<number | null>;
};

/** The environment a test's server runs with on `port`: production, quiet, cheap hashes, then `env`. */
export const serverEnv = (port: number, env: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(port),
  RATE_LIMIT_PER_MINUTE: '0',
  // Cheap password hashes, as in the server tests: 2^17 costs a third of a second per registration.
  SCRYPT_COST: '10',
  LOG_LEVEL: 'warn',
  ...adminEnv(),
  ...env,
});

/** Runs the built server (what `npm start` runs) with the given environment on a free port. */
export async function spawnServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  port ??= await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  await buildServerIfStale();
  const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUILD], {
    cwd: path.join(root, 'server'),
    env: serverEnv(port, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  await Promise.race([waitForHealth(baseUrl, server, () => output), exited]);
  return {
    baseUrl,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (server.exitCode === null) server.kill(signal);
      return exited;
    },
  };
}

/**
 * Starts the built product on a free port and a fresh database: a temporary DATA_DIR, or a new
 * database on the PostgreSQL server of DATABASE_URL. `env(baseUrl)` adds variables that depend on
 * where it listens. `databaseUrl` reaches its database, for what no request can make.
 */
export async function startProduct(
  env: (baseUrl: string) => Record<string, string> = () => ({}),
): Promise<{ baseUrl: string; databaseUrl: string; stop: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-e2e-'));
  const pgDatabase = process.env.DATABASE_URL ? await createFreshPgDatabase(process.env.DATABASE_URL) : undefined;
  const port = await freePort();
  const server = await spawnServer(
    { DATA_DIR: dataDir, DATABASE_URL: pgDatabase?.url ?? '', ...env(`http://127.0.0.1:${port}`) },
    port,
  );
  const stop = async () => {
    await server.stop();
    await pgDatabase?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const databaseUrl = pgDatabase?.url ?? runningEmbeddedPostgres(dataDir);
  if (!databaseUrl) {
    await stop();
    throw new Error(`The product's embedded PostgreSQL was not found in ${dataDir}.`);
  }
  return { baseUrl: server.baseUrl, databaseUrl, stop };
}
