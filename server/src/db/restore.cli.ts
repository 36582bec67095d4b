import path from 'node:path';
import { loadConfig } from '../config';
import { BackupError, restoreBackup } from './backup';
import { openDatabase } from './client';
import { DataDirLockedError } from './data-dir-lock';
import { EmbeddedPostgresError } from './embedded-postgres';

// `npm run restore -- FILE`: fills an empty DATA_DIR (or the empty database of DATABASE_URL) from a
// backup; the shop's next start runs as usual on it.
const config = loadConfig();
const given = process.argv[2];
if (!given) {
  process.stderr.write('Name the backup file to restore: npm run restore -- FILE\n');
  process.exit(1);
}
const file = path.resolve(config.invocationDir, given);
const target = config.databaseUrl ? 'The database of DATABASE_URL' : `DATA_DIR (${config.dataDir})`;
try {
  const database = await openDatabase(config);
  try {
    const started = performance.now();
    const restored = await restoreBackup(database, file, target);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Restored ${restored.rows} rows of ${restored.tables} tables from ${file} into ${target} (${seconds} s).\n`,
    );
  } finally {
    await database.close();
  }
} catch (error) {
  const explained = [BackupError, DataDirLockedError, EmbeddedPostgresError];
  if (!explained.some((kind) => error instanceof kind)) throw error;
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
