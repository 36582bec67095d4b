import path from 'node:path';
import { loadConfig } from '../config';
import { writeBackup, backupFileName } from './backup';
import { openDatabase, openPg } from './client';
import { runningEmbeddedPostgres } from './embedded-postgres';

// `npm run backup [-- FILE]`: the whole shop in one file, into BACKUP_DIR unless a FILE is named.
// While the shop runs on the embedded default, the backup reads through its PostgreSQL.
const config = loadConfig();
const file = path.resolve(
  config.invocationDir,
  process.argv[2] ?? path.join(config.backupDir, backupFileName(new Date())),
);
const running = config.databaseUrl ? undefined : runningEmbeddedPostgres(config.dataDir);
const database = running ? await openPg(running, { poolSize: 1 }) : await openDatabase(config);
try {
  const started = performance.now();
  const backup = await writeBackup(database, file);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `Backed up ${backup.rows} rows of ${backup.tables} tables to ${backup.file} ` +
      `(${(backup.bytes / 1024 / 1024).toFixed(1)} MB, ${seconds} s). It holds health data: keep it private.\n`,
  );
} finally {
  await database.close();
}
