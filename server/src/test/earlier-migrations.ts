import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { MIGRATIONS_DIR, openPg, type Database } from '../db/client';
import { createFreshPgDatabase } from './fresh-pg-database';

/** A folder of the migrations up to and including `lastTag`: a database as an earlier version left it. */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'apotheca-migrations-'));
  await fs.cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  await fs.writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return dir;
}

/**
 * For the tests of a describe block: an empty database (not the test template) migrated up to
 * `lastTag`, as an earlier version left it, for a test of the migrations after it; dropped after them.
 */
export function useEarlierDatabase(lastTag: string): { readonly database: Database } {
  const earlier = {} as { database: Database };
  let migrations: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    migrations = await migrationsUpTo(lastTag);
    const fresh = await createFreshPgDatabase(inject('testDatabase').serverUrl);
    drop = fresh.drop;
    earlier.database = openPg(fresh.url, { poolSize: 2 });
    await earlier.database.migrate(migrations);
  });
  afterAll(async () => {
    await earlier.database.close();
    await drop();
    await fs.rm(migrations, { recursive: true, force: true });
  });
  return earlier;
}
