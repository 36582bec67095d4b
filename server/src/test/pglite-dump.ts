import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openPglite } from '../db/client';

// Creating and migrating a PGlite takes seconds; restoring a dump of the migrated schema is faster,
// so the server tests make the dump once per migration set and every test file restores it.

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../db/migrations');
const CACHE_DIR = path.resolve(import.meta.dirname, '../../../node_modules/.cache/apotheca');

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_DIR, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

export const MIGRATED_DUMP_PATH = path.join(CACHE_DIR, `pglite-migrated-${migrationsHash()}.tar.gz`);

export async function ensureMigratedDump(): Promise<void> {
  if (fs.existsSync(MIGRATED_DUMP_PATH)) return;
  const database = await openPglite({ kind: 'memory' });
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('gzip');
  await database.close();
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const tmp = `${MIGRATED_DUMP_PATH}.${process.pid}`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, MIGRATED_DUMP_PATH);
}
