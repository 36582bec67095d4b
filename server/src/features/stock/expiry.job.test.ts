import { medicineListResponseSchema } from '@apotheca/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { batches } from '../../db/schema';
import { useTestContext } from '../../test/test-context';
import { insertMedicine } from '../medicines/medicines.fixtures';

// A batch stops being sold on its expiry date with nothing written: the catalogue's search, its
// stock filter and its facets must stop counting it once the shop's day (UTC) reaches that date.

const ctx = useTestContext({ expiryCheckMs: 50 });

const list = async (query: string) =>
  medicineListResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/medicines?${query}` })).json());

describe('the expiry watch', () => {
  it('takes a batch out of search, the stock filter and the facets on its expiry date, with no write', async () => {
    const medicine = await insertMedicine(ctx, { name: 'Expirol', category: 'Allergy Medicine', stock: 5 });
    // Its one batch expires tomorrow by the shop's day (UTC).
    await ctx.database.db
      .update(batches)
      .set({ expiresOn: sql`shop_today() + 1` })
      .where(eq(batches.medicineId, medicine.id));
    const inStock = await list('q=expirol&inStock=true');
    expect(inStock.medicines.map((m) => [m.name, m.stock])).toEqual([['Expirol', 5]]);
    expect(inStock.facets.category).toEqual([{ value: 'Allergy Medicine', count: 1 }]);

    // Midnight passes: the shop's day (UTC) moves on, and no row changes.
    await ctx.database.db.execute(
      sql`create or replace function shop_today() returns date language sql stable as $$ select current_date + 1 $$`,
    );
    await vi.waitFor(
      async () => {
        const sold = await list('q=expirol&inStock=true');
        expect({ total: sold.total, facets: sold.facets.category }).toEqual({ total: 0, facets: [] });
      },
      { timeout: 5000, interval: 50 },
    );
    expect((await list('q=expirol&inStock=false')).medicines.map((m) => [m.name, m.stock])).toEqual([['Expirol', 0]]);
  });
});
