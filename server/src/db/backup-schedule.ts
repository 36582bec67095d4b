import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BACKUP_SCHEDULE_LOOK_MS } from '../config';
import { taskFailures } from './database-down';
import { startPeriodicTask } from '../periodic-task';
import { backupFileName, isScheduledBackupFileName, PARTIAL_SUFFIX, writeBackup, type BackupSummary } from './backup';
import type { Database } from './client';
import { backups } from './schema';
import { queryRows } from './tables';

type BackupSchedule = { dir: string; everyMs: number; keep: number };

/**
 * Removes all but the newest `keep` scheduled backups of `dir` (their names sort by time), and the
 * partial files of scheduled backups whose writer was killed: called under the lock, while no other
 * scheduled backup is being written. Answers those removed.
 */
function pruneBackups(dir: string, keep: number): string[] {
  const names = fs.readdirSync(dir);
  const removed = [
    ...names.filter(isScheduledBackupFileName).sort().reverse().slice(keep),
    ...names.filter(
      (name) => name.endsWith(PARTIAL_SUFFIX) && isScheduledBackupFileName(name.slice(0, -PARTIAL_SUFFIX.length)),
    ),
  ].map((name) => path.join(dir, name));
  for (const file of removed) fs.rmSync(file, { force: true });
  return removed;
}

/** Held by the instance writing a scheduled backup, so the others pass on without waiting for it. */
const SCHEDULED_BACKUP_LOCK_KEY = 7_246_382;

/**
 * The backup of the period `now` falls in (periods of `everyMs` counted from the epoch, so every
 * instance agrees on them), taken by whichever instance first inserts the period's row: the others
 * find it there and write nothing. The row is inserted in a transaction held open while the file is
 * written, so it exists for the others only once the file does: a failed backup, or a process killed
 * while writing it (its connection, and the transaction, end with it), leaves the period to the next
 * look of any instance rather than to nobody until the next period. The others skip the
 * period meanwhile on the advisory lock rather than wait on the uncommitted row.
 */
export async function takeScheduledBackup(
  database: Database,
  schedule: BackupSchedule,
  now = new Date(),
): Promise<BackupSummary | undefined> {
  const period = new Date(Math.floor(now.getTime() / schedule.everyMs) * schedule.everyMs);
  return database.db.transaction(async (tx) => {
    const [lock] = await queryRows(tx, sql`select pg_try_advisory_xact_lock(${SCHEDULED_BACKUP_LOCK_KEY}) as locked`);
    if (!lock?.locked) return undefined;
    const claimed = await tx
      .insert(backups)
      .values({ period })
      .onConflictDoNothing()
      .returning({ period: backups.period });
    if (claimed.length === 0) return undefined;
    const backup = await writeBackup(database, path.join(schedule.dir, backupFileName(now, true)));
    await tx.update(backups).set({ file: backup.file, bytes: backup.bytes }).where(eq(backups.period, period));
    pruneBackups(schedule.dir, schedule.keep);
    return backup;
  });
}

type Options = {
  database: Database;
  schedule: BackupSchedule;
  onBackup: (backup: BackupSummary) => void;
  log: FastifyBaseLogger;
};

/**
 * Looks every minute (and at once) whether the current period's backup is taken, and takes it if
 * not. Answers a stop function that waits for a backup being written.
 */
export function startScheduledBackups({ database, schedule, onBackup, log }: Options): () => Promise<void> {
  return startPeriodicTask(
    BACKUP_SCHEDULE_LOOK_MS,
    async () => {
      const backup = await takeScheduledBackup(database, schedule);
      if (backup) onBackup(backup);
    },
    { report: taskFailures(log, 'scheduled backup failed') },
  );
}
