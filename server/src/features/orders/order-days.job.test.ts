import { asc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderDays } from '../../db/schema';
import { useTestContext } from '../../test/test-context';
import { createTestUser } from '../../test/test-users';
import { addToCart } from '../cart/cart.fixtures';
import { insertMedicine } from '../medicines/medicines.fixtures';
import { expectFarPagesInPlace, insertOrdersOf2020 } from './orders.fixtures';
import { foldPastOrderDays } from './order-days.service';
import { listAllOrders } from './orders.service';

const ctx = useTestContext();

const countRows = () =>
  ctx.database.db
    .select({ day: orderDays.day, status: orderDays.status, shard: orderDays.shard, orders: orderDays.orders })
    .from(orderDays)
    .orderBy(asc(orderDays.day), asc(orderDays.status), asc(orderDays.shard));

describe('the counts of past days', () => {
  it('are folded into one row a day and kind, with the same totals and the same pages, and today is left', async () => {
    const { db } = ctx.database;
    // Thirty orders over a week of 2020, as SQL writes them; then their counts are spread as other
    // connections would have left them: each day's row gives one order to the row of another.
    await insertOrdersOf2020(db);
    await db.execute(sql`
      with "split" as (
        update ${orderDays} set "orders" = "orders" - 1 where "orders" > 1
        returning "day", "status", "prescription_review", "shard")
      insert into ${orderDays} select "day", "status", "prescription_review", ("shard" + 1) % 64, 1 from "split"`);
    // And one order placed today through the shop.
    const medicine = await insertMedicine(ctx, { stock: 5 });
    const { headers } = await createTestUser(ctx);
    await addToCart(ctx, headers, medicine.id, 1);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/orders/add-order', headers })).statusCode).toBe(201);

    const isPast = (row: { day: string }) => row.day < '2021-01-01';
    const before = await countRows();
    const past = before.filter(isPast);
    const today = before.filter((row) => !isPast(row));
    const pastDays = [...new Set(past.map((row) => row.day))];
    expect(past).toHaveLength(2 * pastDays.length);
    const { orders: all, total } = await listAllOrders(db);
    expect(total).toBe(31);

    expect(await foldPastOrderDays(db)).toBe(past.filter((row) => row.shard !== 0).length);
    const after = await countRows();
    expect(after.filter(isPast).map(({ day, shard }) => ({ day, shard }))).toEqual(
      pastDays.map((day) => ({ day, shard: 0 })),
    );
    expect(after.filter((row) => !isPast(row))).toEqual(today);
    expect(after.reduce((sum, row) => sum + row.orders, 0)).toBe(31);
    // The staff list reads the same total and, past its first ten pages, enters each page at its day.
    expect((await listAllOrders(db)).total).toBe(31);
    await expectFarPagesInPlace(db, all);
    // Nothing is left to fold.
    expect(await foldPastOrderDays(db)).toBe(0);
  });
});
