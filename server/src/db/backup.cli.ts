import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, type Config } from '../config';
import { BackupError, backupFileName, checkBackupFile, restoreBackup, writeBackup } from './backup';
import { openDatabase, openPg, type Database } from './client';
import { runningEmbeddedPostgres } from './embedded-postgres';
import { runOperatorCommand } from './operator-command';

// `npm run backup [-- FILE]`: the whole shop in one file, into BACKUP_DIR unless a FILE (or a folder) is named.
// While the shop runs on the embedded default, the backup reads through its PostgreSQL.
// `npm run restore -- FILE`: fills an empty DATA_DIR (or the empty database of DATABASE_URL) from a
// backup; the shop's next start runs as usual on it.
const [command, given] = process.argv.slice(2);
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

function isDirectory(target: string): boolean {
  try {
    return fs.statSync(target).isDirectory();
  } catch {
    return false;
  }
}

/**
 * The file a backup is written to: FILE, which must not exist yet, or in BACKUP_DIR under its usual name. A FILE that
 * names a folder gets that name in it, as BACKUP_DIR would (`npm run backup -- /mnt/backups`), where the backup was
 * renamed onto the folder and failed with a stack at its very end.
 */
function backupFile(config: Config): string {
  const named = path.resolve(config.invocationDir, given ?? config.backupDir);
  // A path that cannot be looked at (below a file) is no folder; writing it says why in one line.
  const isFolder = given === undefined || isDirectory(named);
  if (isFolder) return path.join(named, backupFileName(new Date()));
  // A mistyped name (an older backup, a system file when run as root) would be replaced without a word.
  if (fs.existsSync(named)) {
    throw new BackupError(`${named} already exists: name a new file, or a folder to write the backup in.`);
  }
  return named;
}

async function backup(config: Config): Promise<string> {
  const file = backupFile(config);
  const running = config.databaseUrl ? undefined : runningEmbeddedPostgres(config.dataDir);
  // Opening an embedded DATA_DIR creates it: a mistyped one would be left holding a new, empty database.
  if (!config.databaseUrl && !fs.existsSync(config.dataDir)) {
    throw new BackupError(`DATA_DIR (${config.dataDir}) does not exist: there is no shop there to back up.`);
  }
  const database = running ? openPg(running, { poolSize: 1 }) : await openDatabase(config);
  return withDatabase(database, async () => {
    const started = performance.now();
    const written = await writeBackup(database, file);
    return (
      `Backed up ${written.rows} rows of ${written.tables} tables to ${written.file} ` +
      `(${(written.bytes / 1024 / 1024).toFixed(1)} MB, ${seconds(started)} s). It holds health data: keep it private.`
    );
  });
}

async function restore(config: Config): Promise<string> {
  if (!given) throw new BackupError('Name the backup file to restore: npm run restore -- FILE');
  const file = path.resolve(config.invocationDir, given);
  const target = config.databaseUrl ? 'The database of DATABASE_URL' : `DATA_DIR (${config.dataDir})`;
  // Before the target is opened: opening an embedded DATA_DIR creates its database.
  await checkBackupFile(file);
  const database = await openDatabase(config);
  return withDatabase(database, async () => {
    const started = performance.now();
    const restored = await restoreBackup(database, file, target);
    // The target opens the sentence, as in the refusal of a target that holds a shop: it is a name
    // with a capital ("The database of DATABASE_URL", "DATA_DIR (…)").
    return `${target} now holds the shop of ${file}: ${restored.rows} rows of ${restored.tables} tables, restored in ${seconds(started)} s.`;
  });
}

async function withDatabase(database: Database, run: () => Promise<string>): Promise<string> {
  try {
    return await run();
  } finally {
    await database.close();
  }
}

await runOperatorCommand(async () => {
  const config = loadConfig();
  return command === 'restore' ? restore(config) : backup(config);
});
