import { batchResponseSchema, orderResponseSchema, type Role } from '@apotheca/contract';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { batches, orderHistory, orderItemBatches, orderItems, orders } from '../../db/schema';
import type { TestContext } from '../../test/test-app';
import { createTestUser, type AuthHeaders } from '../../test/test-users';
import { HOME_ADDRESS } from '../addresses/addresses.fixtures';
import { addToCart } from '../cart/cart.fixtures';
import { insertMedicine } from '../medicines/medicines.fixtures';

// Shared by the batch, report and held-order tests: the day expiry is judged by, medicines stocked lot
// by lot, orders of them, their recalls, and what an order holds of each lot.

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

/** Each lot of a medicine with the units it holds. */
export const quantities = async (ctx: TestContext, medicineId: string) =>
  Object.fromEntries(
    (await ctx.database.db.select().from(batches).where(eq(batches.medicineId, medicineId))).map((b) => [
      b.lot,
      b.quantity,
    ]),
  );

/** A checkout with a delivery address, so that its order can be dispatched. */
export const checkoutWithAddress = (ctx: TestContext, headers: AuthHeaders) =>
  ctx.app.inject({ method: 'POST', url: '/api/orders/add-order', headers, payload: { address: HOME_ADDRESS } });

/** A new patient's order of `quantity` of a medicine, with a delivery address. */
export async function orderOf(ctx: TestContext, medicineId: string, quantity: number, firstName = 'Pat', role?: Role) {
  const buyer = await createTestUser(ctx, { firstName, ...(role ? { role } : {}) });
  await addToCart(ctx, buyer.headers, medicineId, quantity);
  const response = await checkoutWithAddress(ctx, buyer.headers);
  expect(response.statusCode, response.body).toBe(201);
  return { buyer, order: orderResponseSchema.parse(response.json()).order };
}

/** The admin's recall of a batch, which must succeed. */
export async function recallLot(ctx: TestContext, admin: AuthHeaders, medicineId: string, batchId: string) {
  const recall = await ctx.app.inject({
    method: 'POST',
    url: `/api/medicines/${medicineId}/batches/${batchId}/recall`,
    headers: admin,
    payload: { reason: 'Contaminated' },
  });
  expect(recall.statusCode, recall.body).toBe(200);
}

/** An order as stored: its status, its history's events and how many units it drew from each lot. */
export async function storedOrder(ctx: TestContext, orderId: string) {
  const [row] = await ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  const history = await ctx.database.db
    .select({ event: orderHistory.event })
    .from(orderHistory)
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(orderHistory.id);
  const draws = await ctx.database.db
    .select({ lot: batches.lot, quantity: orderItemBatches.quantity })
    .from(orderItemBatches)
    .innerJoin(orderItems, eq(orderItems.id, orderItemBatches.orderItemId))
    .innerJoin(batches, eq(batches.id, orderItemBatches.batchId))
    .where(eq(orderItems.orderId, orderId));
  return {
    status: row!.status,
    events: history.map(({ event }) => event),
    draws: Object.fromEntries(draws.map(({ lot, quantity }) => [lot, quantity])),
  };
}
