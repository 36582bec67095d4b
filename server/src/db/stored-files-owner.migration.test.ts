import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { prescriptionFilePath } from '../features/prescriptions/prescription-file.service';
import { migrationsUpTo } from '../test/earlier-migrations';
import { createFreshPgDatabase } from '../test/fresh-pg-database';
import { openPg, type Database } from './client';
import { storedFiles, users } from './schema';

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
