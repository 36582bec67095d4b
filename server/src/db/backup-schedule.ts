import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { startPeriodicTask } from '../periodic-task';
import { backupFileName, isScheduledBackupFileName, writeBackup, type BackupSummary } from './backup';
import type { Database } from './client';
import { backups } from './schema';

type BackupSchedule = { dir: string; everyMs: number; keep: number };

/** How often an instance looks whether the current period's backup is taken. */
const CHECK_EVERY_MS = 60_000;

/** Removes all but the newest `keep` scheduled backups of `dir` (their names sort by time); answers those removed. */
function pruneBackups(dir: string, keep: number): string[] {
  const removed = fs
    .readdirSync(dir)
    .filter(isScheduledBackupFileName)
    .sort()
    .reverse()
    .slice(keep)
    .map((name) => path.join(dir, name));
  for (const file of removed) fs.rmSync(file, { force: true });
  return removed;
}

/**
 * The backup of the period `now` falls in (periods of `everyMs` counted from the epoch, so every
 * instance agrees on them), taken by whichever instance first inserts the period's row: the others
 * find it there and write nothing. A failed backup gives its period up for the next look.
 */
export async function takeScheduledBackup(
  database: Database,
  schedule: BackupSchedule,
  now = new Date(),
): Promise<BackupSummary | undefined> {
  const period = new Date(Math.floor(now.getTime() / schedule.everyMs) * schedule.everyMs);
  const claimed = await database.db
    .insert(backups)
    .values({ period })
    .onConflictDoNothing()
    .returning({ period: backups.period });
  if (claimed.length === 0) return undefined;
  try {
    const backup = await writeBackup(database, path.join(schedule.dir, backupFileName(now, true)));
    await database.db.update(backups).set({ file: backup.file, bytes: backup.bytes }).where(eq(backups.period, period));
    pruneBackups(schedule.dir, schedule.keep);
    return backup;
  } catch (error) {
    await database.db.delete(backups).where(eq(backups.period, period));
    throw error;
  }
}

type Options = {
  database: Database;
  schedule: BackupSchedule;
  onBackup: (backup: BackupSummary) => void;
  onError: (error: unknown) => void;
};

/**
 * Looks every minute (and at once) whether the current period's backup is taken, and takes it if
 * not. Answers a stop function that waits for a backup being written.
 */
export function startScheduledBackups({ database, schedule, onBackup, onError }: Options): () => Promise<void> {
  return startPeriodicTask(CHECK_EVERY_MS, async () => {
    try {
      const backup = await takeScheduledBackup(database, schedule);
      if (backup) onBackup(backup);
    } catch (error) {
      onError(error);
    }
  });
}
