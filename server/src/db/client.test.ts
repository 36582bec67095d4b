import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, openPglite } from './client';
import { contactMessages } from './schema';

describe('the embedded database in DATA_DIR', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-pglite-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a second opener of the same directory, and keeps every row across a restart', async () => {
    const first = await openPglite({ kind: 'dir', dataDir });
    await first.migrate();
    await first.db
      .insert(contactMessages)
      .values({ name: 'Ann', email: 'ann@example.test', subject: 'Hi', message: 'Hello' });

    await expect(openPglite({ kind: 'dir', dataDir })).rejects.toThrow(DataDirLockedError);
    await expect(openPglite({ kind: 'dir', dataDir })).rejects.toThrow(/already in use by another Apotheca process/);

    await first.close();
    const second = await openPglite({ kind: 'dir', dataDir });
    await second.migrate();
    const [row] = await second.db.select({ n: count() }).from(contactMessages);
    expect(row?.n).toBe(1);
    await second.close();
  });
});
