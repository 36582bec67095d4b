import { batchResponseSchema } from '@apotheca/contract';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { batches } from '../../db/schema';
import type { TestContext } from '../../test/test-app';
import { insertMedicine } from '../medicines/medicines.fixtures';

// Shared by the batch and report tests: the day expiry is judged by, and medicines stocked lot by lot.

/** Fixes the day expiry is judged by, as the database's clock would read it. */
export const freezeToday = (ctx: TestContext, day: string) =>
  ctx.database.db.execute(
    sql.raw(`create or replace function shop_today() returns date language sql stable as $$ select date '${day}' $$`),
  );
const thawToday = (ctx: TestContext) =>
  ctx.database.db.execute(
    sql`create or replace function shop_today() returns date language sql stable as $$ select current_date $$`,
  );

/**
 * `use` with the day expiry is judged by fixed at `day` (a test may move it on with freezeToday),
 * and the database's own clock back afterwards, even when `use` fails.
 */
export async function onDay(ctx: TestContext, day: string, use: () => Promise<void>): Promise<void> {
  try {
    await freezeToday(ctx, day);
    await use();
  } finally {
    await thawToday(ctx);
  }
}

export type Delivery = { lot: string; expiresOn: string; quantity: number };

/** A medicine with no stock of its own, then the given batches, added by the admin through the API. */
export async function medicineWithBatches(ctx: TestContext, admin: { authorization?: string }, lots: Delivery[]) {
  const medicine = await insertMedicine(ctx, { stock: 0 });
  await ctx.database.db.delete(batches).where(eq(batches.medicineId, medicine.id));
  const ids: Record<string, string> = {};
  for (const lot of lots) {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/medicines/${medicine.id}/batches`,
      headers: admin,
      payload: lot,
    });
    expect(response.statusCode, response.body).toBe(201);
    ids[lot.lot] = batchResponseSchema.parse(response.json()).batch._id;
  }
  return { medicine, ids };
}
