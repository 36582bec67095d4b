import { CATEGORIES } from '@apotheca/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { verifyPassword } from '../features/auth/password-hash';
import { medicines, users } from './schema';
import { ensureAdmin, seedCatalogue } from './seed';

describe('seed', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('fills an empty catalogue with at least 60 medicines over the nine categories, with their artwork served', async () => {
    expect(await seedCatalogue(ctx.database.db)).toBeGreaterThanOrEqual(60);
    const rows = await ctx.database.db.select().from(medicines);
    expect(new Set(rows.map((row) => row.category))).toEqual(new Set(CATEGORIES));
    expect(rows.filter((row) => row.stock === 0).length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      expect(row.imageUrl).toMatch(/^\/uploads\/medicines\/.+-detail\.webp$/);
      for (const url of [row.imageUrl, row.imageUrl.replace('-detail.webp', '-card.webp')]) {
        const image = await ctx.app.inject({ method: 'GET', url });
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/webp');
      }
    }
  });

  it('leaves a catalogue that has medicines alone', async () => {
    expect(await seedCatalogue(ctx.database.db)).toBe(0);
  });

  it('creates the first admin only when no admin exists', async () => {
    expect(await ensureAdmin(ctx.database.db, { email: 'boss@example.test', password: 'Boss@12345' })).toBe(true);
    expect(await ensureAdmin(ctx.database.db, { email: 'other@example.test', password: 'Other@12345' })).toBe(false);
    const admins = await ctx.database.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins.map((admin) => admin.email)).toEqual(['boss@example.test']);
    expect(admins[0]!.passwordHash).not.toContain('Boss@12345');
    expect(await verifyPassword('Boss@12345', admins[0]!.passwordHash)).toBe(true);
  });
});
