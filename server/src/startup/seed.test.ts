import { CATEGORIES } from '@apotheca/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../test/test-context';
import { verifyPassword } from '../lib/password-hash';
import { medicines, users } from '../db/schema';
import { ensureAdmin, seedCatalogue } from './seed';
import { medicineColumns } from '../features/medicines/medicines.service';
import { adminPasswordLine } from './startup';

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
    expect(await ensureAdmin(ctx.database.db, { email: 'boss@example.test', password: 'Boss@12345' })).toEqual({
      created: true,
    });
    expect(await ensureAdmin(ctx.database.db, { email: 'other@example.test', password: 'Other@12345' })).toEqual({
      created: false,
    });
    const admins = await ctx.database.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins.map((admin) => admin.email)).toEqual(['boss@example.test']);
    expect(admins[0]!.passwordHash).not.toContain('Boss@12345');
    expect(await verifyPassword('Boss@12345', admins[0]!.passwordHash)).toBe(true);
  });
});

describe('the first admin without ADMIN_PASSWORD', () => {
  const ctx = useTestContext();
  const logIn = (email: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

  it("gets a generated password, shown once at start, and the README's old one is refused", async () => {
    const admin = await ensureAdmin(ctx.database.db, { email: 'first@example.test', password: undefined });
    expect(admin.created).toBe(true);
    const banner = adminPasswordLine('first@example.test', admin);
    const printed = /first@example\.test \/ password (\S+)/.exec(banner)?.[1];
    expect(printed).toBe(admin.generatedPassword);

    expect((await logIn('first@example.test', 'Admin@12345')).statusCode).toBe(401);
    const login = await logIn('first@example.test', printed!);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ user: { email: 'first@example.test', role: 'admin' } });
    // Once an admin exists, no later start makes or shows another password.
    const again = await ensureAdmin(ctx.database.db, { email: 'first@example.test', password: undefined });
    expect(adminPasswordLine('first@example.test', again)).toBe('');
  });
});
