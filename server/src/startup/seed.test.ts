import { CATEGORIES, passwordSchema, ROLE } from '@apotheca/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../test/test-context';
import type { TestContext } from '../test/test-app';
import { PUBLISHED_ADMIN_PASSWORD } from '../config';
import { createSession } from '../features/auth/session.service';
import { hashPassword, verifyPassword } from '../lib/password-hash';
import { medicines, users } from '../db/schema';
import { ensureAdmin, seedCatalogue } from './seed';
import { medicineColumns } from '../features/medicines/medicines.service';
import { adminPasswordLine } from './startup';

/** `ensureAdmin` as the start calls it for the shop of `ctx`: at its SCRYPT_COST. */
const ensureAdminOf = (ctx: TestContext, email: string, password: string | undefined) =>
  ensureAdmin(ctx.database.db, { email, password }, ctx.config.scryptCost);

describe('seed', () => {
  const ctx = useTestContext();

  // The demo images are made with sharp as the catalogue is seeded: most of a minute on a busy machine.
  it(
    'fills an empty catalogue with at least 200 medicines over the nine categories, with their artwork served',
    { timeout: 180_000 },
    async () => {
      expect(await seedCatalogue(ctx.database.db)).toBeGreaterThanOrEqual(200);
      const rows = await ctx.database.db.select(medicineColumns).from(medicines);
      expect(new Set(rows.map((row) => row.category))).toEqual(new Set(CATEGORIES));
      expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
      expect(rows.filter((row) => row.stock === 0).length).toBeGreaterThanOrEqual(3);
      // Every demo medicine states the whole record, and most have a substitute of another brand.
      for (const row of rows) {
        expect(row).toMatchObject({ activeIngredient: expect.any(String), dosageForm: expect.any(String) });
        for (const field of [
          'activeIngredient',
          'strength',
          'packSize',
          'description',
          'directions',
          'warnings',
        ] as const)
          expect(row[field], `${row.name} ${field}`).not.toBe('');
      }
      const kinds = new Map<string, number>();
      for (const row of rows) {
        const kind = `${row.activeIngredient}/${row.strength}/${row.dosageForm}`;
        kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      }
      const withSubstitute = rows.filter(
        (row) => kinds.get(`${row.activeIngredient}/${row.strength}/${row.dosageForm}`)! > 1,
      );
      expect(withSubstitute.length).toBeGreaterThan(rows.length * 0.8);
      // Prescriptions as common practice has them.
      const rx = (ingredient: string) =>
        rows.filter((row) => row.activeIngredient === ingredient)[0]?.prescriptionRequired;
      expect(
        [
          'Amoxicillin',
          'Insulin glargine',
          'Atorvastatin',
          'Amlodipine',
          'Clopidogrel',
          'Levothyroxine',
          'Sertraline',
        ].map(rx),
      ).toEqual(Array(7).fill(true));
      expect(['Paracetamol', 'Ibuprofen'].map(rx)).toEqual([false, false]);
      for (const row of rows) {
        expect(row.imageUrl).toMatch(/^\/uploads\/medicines\/.+-detail\.webp$/);
        for (const url of [row.imageUrl, row.imageUrl.replace('-detail.webp', '-card.webp')]) {
          const image = await ctx.app.inject({ method: 'GET', url });
          expect(image.statusCode).toBe(200);
          expect(image.headers['content-type']).toBe('image/webp');
        }
      }
    },
  );

  it('leaves a catalogue that has medicines alone', async () => {
    expect(await seedCatalogue(ctx.database.db)).toBe(0);
  });

  it('creates the first admin only when no admin exists', async () => {
    expect(await ensureAdminOf(ctx, 'boss@example.test', 'Boss@12345')).toEqual({
      created: true,
    });
    expect(await ensureAdminOf(ctx, 'other@example.test', 'Other@12345')).toEqual({
      created: false,
    });
    const admins = await ctx.database.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins.map((admin) => admin.email)).toEqual(['boss@example.test']);
    expect(admins[0]!.passwordHash).not.toContain('Boss@12345');
    // Hashed at the shop's SCRYPT_COST, as every other password is.
    expect(admins[0]!.passwordHash).toMatch(new RegExp(`^scrypt\\$${2 ** ctx.config.scryptCost}\\$`));
    expect(await verifyPassword('Boss@12345', admins[0]!.passwordHash)).toBe(true);
  });
});

describe('the first admin without ADMIN_PASSWORD', () => {
  const ctx = useTestContext();
  const logIn = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it("gets a generated password, shown once at start, and the README's old one is refused", async () => {
    const admin = await ensureAdminOf(ctx, 'first@example.test', undefined);
    expect(admin.created).toBe(true);
    const banner = adminPasswordLine('first@example.test', admin);
    const printed = /first@example\.test \/ password (\S+)/.exec(banner)?.[1];
    expect(printed).toBe(admin.generatedPassword);
    // As strong as a patient's must be, so it may also be kept as ADMIN_PASSWORD.
    expect(passwordSchema.safeParse(printed).success).toBe(true);

    expect((await logIn('first@example.test', PUBLISHED_ADMIN_PASSWORD)).statusCode).toBe(401);
    const login = await logIn('first@example.test', printed!);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ user: { email: 'first@example.test', role: 'admin' } });
    // Once an admin exists, no later start makes or shows another password.
    const again = await ensureAdminOf(ctx, 'first@example.test', undefined);
    expect(adminPasswordLine('first@example.test', again)).toBe('');
  });
});

describe('an admin of an earlier version who kept its published password', () => {
  const ctx = useTestContext();
  const logIn = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const admin = async (email: string, password: string) => {
    const [row] = await ctx.database.db
      .insert(users)
      .values({
        firstName: 'Old',
        lastName: 'Admin',
        email,
        phNo: '0000000000',
        passwordHash: await hashPassword(password, ctx.config.scryptCost),
        role: ROLE.admin,
      })
      .returning({ id: users.id });
    return { id: row!.id, token: await createSession(ctx.database.db, row!.id, false) };
  };
  const profile = (token: string) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

  it('gets a generated password in its place at the next start, shown once, and its sessions end', async () => {
    const old = await admin('old@example.test', PUBLISHED_ADMIN_PASSWORD);
    const other = await admin('other@example.test', 'Chosen@Pass-2026');
    expect((await profile(old.token)).statusCode).toBe(200);

    const started = await ensureAdminOf(ctx, 'old@example.test', undefined);
    const banner = adminPasswordLine('old@example.test', started);
    const printed = /old@example\.test still had the password an earlier version published; it is now (\S+)/.exec(
      banner,
    )?.[1];
    expect(printed).toBeDefined();
    expect(banner).not.toContain('other@example.test');

    expect((await logIn('old@example.test', PUBLISHED_ADMIN_PASSWORD)).statusCode).toBe(401);
    expect((await logIn('old@example.test', printed!)).statusCode).toBe(200);
    expect((await profile(old.token)).statusCode).toBe(401);
    // An admin who chose their own password keeps it, and their session.
    expect((await logIn('other@example.test', 'Chosen@Pass-2026')).statusCode).toBe(200);
    expect((await profile(other.token)).statusCode).toBe(200);
    // The next start finds nothing to replace and shows no password.
    const again = await ensureAdminOf(ctx, 'old@example.test', undefined);
    expect(adminPasswordLine('old@example.test', again)).toBe('');
  });
});
