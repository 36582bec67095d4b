import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { ROLE } from '@apotheca/contract';
import { PUBLISHED_ADMIN_PASSWORD } from '../config';
import { hashPassword, verifyPassword } from '../lib/password-hash';
import { changeSessions, revokeAllSessions } from '../features/auth/session.service';
import { copyMedicineImage, storeMedicineImage } from '../features/medicines/medicine-image.service';
import type { Db } from '../db/client';
import { batches, medicines, users } from '../db/schema';
import { medicineArtwork } from './seed-artwork';
import { SEED_CATALOGUE } from './seed-catalogue';

/**
 * A password no one has read anywhere: 128 random bits, after one character of each class the
 * password rules ask for, so it is also one a user could have chosen.
 */
const generatePassword = () => `Aa1@${randomBytes(16).toString('base64url')}`;

export type EnsuredAdmin = {
  created: boolean;
  generatedPassword?: string;
  /** Admins whose published password this start replaced, each with the one it generated for them. */
  replaced?: { email: string; password: string }[];
};

/**
 * The first admin, created only when no admin exists, so a restart never adds a second. Without a password given, it
 * gets a generated one, returned so that the start prints it once; there is no published default
 * (docs/decisions/0045). An admin of an earlier version who still has the password its README
 * published gets a generated one in its place, and loses every session opened with it. Its password is
 * hashed at `scryptCost` (SCRYPT_COST), as a patient's is.
 */
export async function ensureAdmin(
  db: Db,
  admin: { email: string; password: string | undefined },
  scryptCost: number,
): Promise<EnsuredAdmin> {
  const admins = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.role, ROLE.admin));
  if (admins.length > 0) {
    const replaced = await replacePublishedPasswords(db, admins, scryptCost);
    return { created: false, ...(replaced.length > 0 && { replaced }) };
  }
  const generatedPassword = admin.password === undefined ? generatePassword() : undefined;
  await db.insert(users).values({
    firstName: 'Store',
    lastName: 'Admin',
    email: admin.email,
    phNo: '0000000000',
    passwordHash: await hashPassword(admin.password ?? generatedPassword!, scryptCost),
    role: ROLE.admin,
  });
  return { created: true, ...(generatedPassword && { generatedPassword }) };
}

type AdminRow = { id: string; email: string; passwordHash: string };

/**
 * Anyone who read the README of an earlier version knows the password it gave the first admin: an
 * admin who kept it is open to them, so each start checks every admin (a few hashes, once) and
 * replaces that password with a generated one, shown once at the start as a first admin's is.
 */
async function replacePublishedPasswords(db: Db, admins: AdminRow[], scryptCost: number) {
  const replaced = [];
  for (const { id, email, passwordHash } of admins) {
    if (!(await verifyPassword(PUBLISHED_ADMIN_PASSWORD, passwordHash))) continue;
    const password = generatePassword();
    const newHash = await hashPassword(password, scryptCost);
    await changeSessions(db, { userId: id }, async (tx) => {
      await tx.update(users).set({ passwordHash: newHash }).where(eq(users.id, id));
      await revokeAllSessions(tx, id);
    });
    replaced.push({ email, password });
  }
  return replaced;
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
  const added = await db
    .insert(medicines)
    .values(values)
    .returning({ id: medicines.id, maxMonthsExpiry: medicines.maxMonthsExpiry });
  await db.insert(batches).values(added.flatMap((medicine, i) => demoBatches(medicine, values[i]!.stock, i)));
  return values.length;
}

const daysFromToday = (days: number) => sql`shop_today() + ${days}::integer`;

/**
 * A demo medicine's stock as deliveries: one batch expiring its shelf life from today; every fifth
 * medicine in stock has part of it in a second lot that expires within 30 days, and the first one
 * in stock also has an expired lot beside them, which is never sold.
 */
function demoBatches(medicine: { id: string; maxMonthsExpiry: number }, stock: number, index: number) {
  const lot = (suffix: string) => `L${String(index + 1).padStart(4, '0')}-${suffix}`;
  const shelfLife = sql`(shop_today() + make_interval(months => ${medicine.maxMonthsExpiry}))::date`;
  const soon = index % 5 === 0 && stock > 1 ? Math.ceil(stock / 3) : 0;
  const rows = [{ medicineId: medicine.id, lot: lot('A'), expiresOn: shelfLife, quantity: stock - soon }];
  if (soon > 0)
    rows.push({ medicineId: medicine.id, lot: lot('B'), expiresOn: daysFromToday(7 + (index % 23)), quantity: soon });
  if (index === 0) rows.push({ medicineId: medicine.id, lot: lot('X'), expiresOn: daysFromToday(-10), quantity: 12 });
  return rows;
}
