import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { useTestContext } from '../test/test-context';
import { BackupError, backupFileName, writeBackup } from './backup';
import { takeScheduledBackup } from './backup-schedule';

const HOUR_MS = 3_600_000;

let dir: string;
const ctx = useTestContext();
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-scheduled-backups-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('scheduled backups', () => {
  it('keep the newest BACKUP_KEEP of their own and every backup taken by hand, and each period is written by one instance only', async () => {
    const schedule = { dir, everyMs: HOUR_MS, keep: 2 };
    const start = Date.UTC(2026, 10, 27, 1, 0, 0);
    // Taken by hand into the same folder, before the scheduled ones (before an upgrade, say): kept.
    const byHand = path.basename(
      (await writeBackup(ctx.database, path.join(dir, backupFileName(new Date(start))))).file,
    );
    const written: string[] = [];
    for (let hour = 0; hour < 4; hour += 1) {
      // Two instances on one database look at the same period at once.
      const now = new Date(start + hour * HOUR_MS + 5 * 60_000);
      const [first, second] = await Promise.all([
        takeScheduledBackup(ctx.database, schedule, now),
        takeScheduledBackup(ctx.database, schedule, new Date(now.getTime() + 1)),
      ]);
      expect([first, second].filter(Boolean)).toHaveLength(1);
      written.push(path.basename((first ?? second)!.file));
      // A later look in the same period writes nothing more.
      expect(await takeScheduledBackup(ctx.database, schedule, new Date(now.getTime() + 30 * 60_000))).toBeUndefined();
    }
    expect(fs.readdirSync(dir).sort()).toEqual([byHand, ...written.slice(-2)].sort());
  });

  it('stop a start whose BACKUP_DIR cannot be written, in the one line a backup by hand gets', async () => {
    // Started, the schedule failed at every look, a minute apart, each time with a stack in the log.
    const notAFolder = path.join(dir, 'a-file');
    fs.writeFileSync(notAFolder, '');
    const started = buildApp({
      config: { ...ctx.config, backupEveryHours: 24, backupDir: notAFolder },
      database: ctx.database,
      logger: false,
    });
    await expect(started).rejects.toThrow(BackupError);
    await expect(started).rejects.toThrow(new RegExp(`^The backup cannot be written in ${notAFolder} \\(EEXIST`));
  });

  it('stop a start whose BACKUP_DIR is set and cannot be written even with no schedule, rather than let a backup by hand find it', async () => {
    const notAFolder = path.join(dir, 'another-file');
    fs.writeFileSync(notAFolder, '');
    const { backupDir, backupDirSet } = loadConfig({ BACKUP_DIR: notAFolder });
    const started = buildApp({
      config: { ...ctx.config, backupDir, backupDirSet, backupEveryHours: 0 },
      database: ctx.database,
      logger: false,
    });
    await expect(started).rejects.toThrow(BackupError);
    await expect(started).rejects.toThrow(new RegExp(`^The backup cannot be written in ${notAFolder} \\(EEXIST`));
  });
});
