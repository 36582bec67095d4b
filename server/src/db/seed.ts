import { count, eq } from 'drizzle-orm';
import { ROLE } from '@apotheca/contract';
import { hashPassword } from '../features/auth/password-hash';
import { copyMedicineImage, storeMedicineImage } from '../features/medicines/medicine-image.service';
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

/**
 * Fills an empty catalogue with the demo medicines and their generated artwork. Returns how many.
 * The artwork depends only on category and dosage form, so each pair is drawn once and copied.
 */
export async function seedCatalogue(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(medicines);
  if ((row?.n ?? 0) > 0) return 0;
  const drawn = new Map<string, Promise<string>>();
  const values = await Promise.all(
    SEED_CATALOGUE.flatMap(({ products, ...generic }, genericIndex) =>
      products.map(async ([name, developedBy, strength, priceCents, stock]) => {
        const baseName = `seed-${name.toLowerCase()}`;
        const kind = `${generic.category}/${generic.dosageForm}`;
        let artwork = drawn.get(kind);
        let imageUrl: string;
        if (artwork) {
          imageUrl = await copyMedicineImage(db, await artwork, baseName);
        } else {
          artwork = storeMedicineImage(
            db,
            medicineArtwork(generic.category, generic.dosageForm, genericIndex),
            baseName,
          );
          drawn.set(kind, artwork);
          imageUrl = await artwork;
        }
        return { ...generic, name, developedBy, strength, priceCents, stock, imageUrl };
      }),
    ),
  );
  await db.insert(medicines).values(values);
  return values.length;
}
