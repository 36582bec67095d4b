import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { prescriptionFilePath } from '../features/prescriptions/prescription-file.service';
import { createFreshPgDatabase } from '../test/fresh-pg-database';
import { MIGRATIONS_DIR, openPg, type Database } from './client';
import { storedFiles, users } from './schema';

/** The migrations up to and including `lastTag`: a database as an earlier version left it. */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'apotheca-migrations-'));
  await fs.cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  await fs.writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return dir;
}

describe('files stored before they had owners', () => {
  let database: Database;
  let earlier: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    earlier = await migrationsUpTo('0009_batches_stock');
    // An empty database, not the test template: it must start at the migrations before owners.
    const fresh = await createFreshPgDatabase(inject('testDatabase').serverUrl);
    drop = fresh.drop;
    database = openPg(fresh.url, { poolSize: 2 });
    await database.migrate(earlier);
  });
  afterAll(async () => {
    await database.close();
    await drop();
    await fs.rm(earlier, { recursive: true, force: true });
  });

  it("become their prescription's patient's, and go with that patient", async () => {
    const { db } = database;
    const [patient] = await db
      .insert(users)
      .values({
        firstName: 'Ada',
        lastName: 'Patient',
        email: 'ada@example.com',
        phNo: '0123456789',
        passwordHash: 'x',
      })
      .returning();
    const prescriptionId = randomUUID();
    await db.execute(
      sql`INSERT INTO prescriptions (id, user_id, file_type) VALUES (${prescriptionId}, ${patient!.id}, 'application/pdf')`,
    );
    await db.execute(sql`INSERT INTO stored_files (path, content_type, etag, body) VALUES
      (${prescriptionFilePath(prescriptionId)}, 'application/pdf', '"a"', '\\x00'),
      ('/uploads/medicines/aspirin-card.webp', 'image/webp', '"b"', '\\x00')`);

    await database.migrate();

    const owners = await db
      .select({ path: storedFiles.path, ownerId: storedFiles.ownerId })
      .from(storedFiles)
      .orderBy(storedFiles.path);
    expect(owners).toEqual([
      { path: prescriptionFilePath(prescriptionId), ownerId: patient!.id },
      { path: '/uploads/medicines/aspirin-card.webp', ownerId: null },
    ]);
    await db.delete(users).where(eq(users.id, patient!.id));
    expect((await db.select({ path: storedFiles.path }).from(storedFiles)).map(({ path }) => path)).toEqual([
      '/uploads/medicines/aspirin-card.webp',
    ]);
  });
});
