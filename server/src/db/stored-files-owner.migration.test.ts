import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { prescriptionFilePath } from '../features/prescriptions/prescription-file.service';
import { useEarlierDatabase } from '../test/earlier-migrations';
import { storedFiles, users } from './schema';

describe('files stored before they had owners', () => {
  // The database starts at the migrations before owners.
  const earlier = useEarlierDatabase('0009_batches_stock');

  it("become their prescription's patient's, and go with that patient", async () => {
    const { db } = earlier.database;
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

    await earlier.database.migrate();

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
