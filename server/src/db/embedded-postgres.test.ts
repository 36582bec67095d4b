import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirLockedError } from './data-dir-lock';
import { startEmbeddedPostgres } from './embedded-postgres';
import { contactMessages } from './schema';

const postmasterPid = (dataDir: string) =>
  Number(fs.readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n')[0]);

describe('the embedded PostgreSQL in DATA_DIR', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-embedded-'));
  const open = () => openDatabase({ databaseUrl: undefined, dataDir });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a second app on the same DATA_DIR, and keeps every row across a restart', async () => {
    const first = await open();
    expect(first.embeddedDir).toBe(path.join(dataDir, 'postgres'));
    await first.migrate();
    await first.db
      .insert(contactMessages)
      .values({ name: 'Ann', email: 'ann@example.test', subject: 'Hi', message: 'Hello' });

    await expect(open()).rejects.toThrow(DataDirLockedError);
    await expect(open()).rejects.toThrow(/already in use by another Apotheca process/);

    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'postgres/postmaster.pid'))).toBe(false);
    const second = await open();
    const [row] = await second.db.select({ n: count() }).from(contactMessages);
    expect(row?.n).toBe(1);
    await second.close();
  });

  it('stops the postgres a killed app left running, and starts again with every row', async () => {
    // An app killed with SIGKILL: its postmaster runs on, its lock names a process that is gone.
    const killed = await startEmbeddedPostgres(dataDir);
    const orphan = postmasterPid(dataDir);
    fs.writeFileSync(path.join(dataDir, 'apotheca.pid'), '2147483646');

    const restarted = await open();
    try {
      expect(restarted.embeddedDir).toBe(killed.dir);
      expect(postmasterPid(dataDir)).not.toBe(orphan);
      const [row] = await restarted.db.select({ n: count() }).from(contactMessages);
      expect(row?.n).toBe(1);
    } finally {
      await restarted.close();
    }
  });
});
