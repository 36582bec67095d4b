import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { ROLE } from '@apotheca/contract';
import { hashPassword } from '../features/auth/password-hash';
import { copyMedicineImage, storeMedicineImage } from '../features/medicines/medicine-image.service';
import type { Db } from './client';
import { medicines, users } from './schema';
import { medicineArtwork } from './seed-artwork';
import { SEED_CATALOGUE } from './seed-catalogue';

/**
 * A password no one has read anywhere: 128 random bits, after one character of each class the
 * password rules ask for, so it is also one a user could have chosen.
 */
const generatePassword = () => `Aa1@${randomBytes(16).toString('base64url')}`;

export type EnsuredAdmin = { created: boolean; generatedPassword?: string };

/**
 * The first admin, created only when no admin exists (CONTRACT.md). Without a password given, it
 * gets a generated one, returned so that the start prints it once; there is no published default
 * (docs/decisions/0045).
 */
export async function ensureAdmin(
  db: Db,
  admin: { email: string; password: string | undefined },
): Promise<EnsuredAdmin> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.role, ROLE.admin)).limit(1);
  if (existing) return { created: false };
  const generatedPassword = admin.password === undefined ? generatePassword() : undefined;
  await db.insert(users).values({
    firstName: 'Store',
    lastName: 'Admin',
    email: admin.email,
    phNo: '0000000000',
    passwordHash: await hashPassword(admin.password ?? generatedPassword!),
    role: ROLE.admin,
  });
  return { created: true, ...(generatedPassword && { generatedPassword }) };
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
