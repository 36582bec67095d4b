import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPg } from '../db/client';
import { loadConfig } from '../config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded-postgres';
import { createFreshPgDatabase } from './fresh-pg-database';

// Route tests run on the database the product runs on (docs/decisions/0066): the PostgreSQL server of
// DATABASE_URL, or else one embedded PostgreSQL for the whole run, started as `npm start` starts it.
// The schema is migrated once, into a template database; each test file gets its own copy of it.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server the route tests run on, and the migrated database each test file's own is copied from. */
    testDatabase: { serverUrl: string; template: string };
  }
}

/**
 * A test cluster is thrown away at the end of the run: losing its last writes in a crash costs
 * nothing, and not waiting for the disk makes every commit cheaper.
 */
async function skipDurability(serverUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (const setting of ['fsync', 'synchronous_commit', 'full_page_writes']) {
      await client.query(`ALTER SYSTEM SET ${setting} = off`);
    }
    await client.query('SELECT pg_reload_conf()');
  } finally {
    await client.end();
  }
}

/**
 * Vitest exits at once on Ctrl-C or SIGTERM, without tearing down: the postmaster (a child does not
 * die with its parent) would stay, holding its temporary directory. At exit it is shut down
 * (SIGQUIT: immediate) and waited for, then the directory removed.
 */
function stopAtExit(embedded: EmbeddedPostgres, dataDir: string): () => void {
  const stopNow = () => {
    try {
      const pid = Number(fs.readFileSync(path.join(embedded.dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGQUIT');
      const pause = new Int32Array(new SharedArrayBuffer(4));
      for (let waited = 0; waited < 10_000; waited += 50) {
        process.kill(pid, 0); // throws once the postmaster is gone
        Atomics.wait(pause, 0, 0, 50);
      }
    } catch {
      // No postmaster.pid, or the postmaster has gone.
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', stopNow);
  return () => process.off('exit', stopNow);
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  /** What the run leaves behind, undone in reverse order at the end, whether the tests passed or not. */
  const undo: (() => Promise<void> | void)[] = [];
  const teardown = async () => {
    let failure: unknown;
    for (const step of undo.reverse()) {
      try {
        await step();
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure) throw failure as Error;
  };
  try {
    let serverUrl = loadConfig().databaseUrl;
    if (!serverUrl) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-test-pg-'));
      undo.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const embedded = await startEmbeddedPostgres(dataDir);
      undo.push(() => embedded.stop());
      undo.push(stopAtExit(embedded, dataDir));
      serverUrl = embedded.connectionString;
      await skipDurability(serverUrl);
    }
    const template = await createFreshPgDatabase(serverUrl, { prefix: 'apotheca_template' });
    undo.push(template.drop);
    const database = openPg(template.url, { poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      // A database is copied only while nobody is connected to it.
      await database.close();
    }
    project.provide('testDatabase', { serverUrl, template: template.name });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
