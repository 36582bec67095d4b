import { batchResponseSchema } from '@apotheca/contract';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { batches } from '../../db/schema';
import type { TestContext } from '../../test/test-app';
import { insertMedicine } from '../medicines/medicines.fixtures';

// Shared by the batch and report tests: the day expiry is judged by, and medicines stocked lot by lot.

/** Fixes the day expiry is judged by, as the shop's clock would read it. */
export const freezeToday = (ctx: TestContext, day: string) =>
  ctx.database.db.execute(
    sql.raw(`create or replace function shop_today() returns date language sql stable as $$ select date '${day}' $$`),
  );

/**
 * `use` with the day expiry is judged by fixed at `day` (a test may move it on with freezeToday),
 * and the migrations' own definition of the day back afterwards, even when `use` fails.
 */
export async function onDay(ctx: TestContext, day: string, use: () => Promise<void>): Promise<void> {
  const { rows } = (await ctx.database.db.execute<{ definition: string }>(
    sql`select pg_get_functiondef('shop_today()'::regprocedure) as definition`,
  )) as { rows: { definition: string }[] };
  try {
    await freezeToday(ctx, day);
    await use();
  } finally {
    await ctx.database.db.execute(sql.raw(rows[0]!.definition));
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
