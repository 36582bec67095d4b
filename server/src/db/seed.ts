import { count, eq } from 'drizzle-orm';
import { ROLE, type Category } from '@apotheca/contract';
import { hashPassword } from '../features/auth/password-hash';
import { storeMedicineImage } from '../features/medicines/medicine-image.service';
import type { Db } from './client';
import { medicines, users } from './schema';
import { medicineArtwork } from './seed-artwork';
import { SEED_CATALOGUE } from './seed-catalogue';

/** The first admin, created only when no admin exists (CONTRACT.md). Returns whether one was created. */
export async function ensureAdmin(db: Db, admin: { email: string; password: string }): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, ROLE.admin)).limit(1);
  if (existing) return false;
  await db.insert(users).values({
    firstName: 'Store',
    lastName: 'Admin',
    email: admin.email,
    phNo: '0000000000',
    passwordHash: await hashPassword(admin.password),
    role: ROLE.admin,
  });
  return true;
}

/** Fills an empty catalogue with the demo medicines and their generated artwork. Returns how many. */
export async function seedCatalogue(db: Db, uploadsDir: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(medicines);
  if ((row?.n ?? 0) > 0) return 0;
  const values = await Promise.all(
    Object.entries(SEED_CATALOGUE).flatMap(([category, rows]) =>
      rows.map(async ([name, developedBy, maxMonthsExpiry, priceCents, stock], index) => ({
        name,
        developedBy,
        maxMonthsExpiry,
        category,
        stock,
        priceCents,
        imageUrl: await storeMedicineImage(
          medicineArtwork(category as Category, index),
          uploadsDir,
          `seed-${name.toLowerCase()}`,
        ),
      })),
    ),
  );
  await db.insert(medicines).values(values);
  return values.length;
}
