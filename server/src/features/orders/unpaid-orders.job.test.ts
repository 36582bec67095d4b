import { medicineResponseSchema, orderResponseSchema, ROLE, type Order } from '@apotheca/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { orderHistory, orders } from '../../db/schema';
import { useTestContext } from '../../test/test-context';
import { createTestUser, useTestUsers } from '../../test/test-users';
import { addToCart } from '../cart/cart.fixtures';
import { insertMedicine, storedMedicine } from '../medicines/medicines.fixtures';
import { cancelUnpaidOrders, UNPAID_CANCEL_NOTE } from './order-status.service';
import { setOrderStatus, TEST_CARD } from './orders.fixtures';

const TTL_MINUTES = 30;

// The sweep runs every 50 ms here, so the periodic job is seen at work.
const ctx = useTestContext({ unpaidOrderTtlMinutes: TTL_MINUTES, unpaidOrderSweepMs: 50 });
const { admin } = useTestUsers(ctx, { admin: ROLE.admin });

const card = TEST_CARD;

async function placeOrder(medicineId: string, quantity: number, paid = false): Promise<Order> {
  const { headers } = await createTestUser(ctx);
  await addToCart(ctx, headers, medicineId, quantity);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders/add-order',
    headers,
    ...(paid ? { payload: { payment: card } } : {}),
  });
  expect(response.statusCode).toBe(201);
  return orderResponseSchema.parse(response.json()).order;
}
/** Makes an order look placed `minutes` ago. */
const age = (order: Order, minutes: number) =>
  ctx.database.db
    .update(orders)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(orders.id, order._id));
const statusOf = async (order: Order) =>
  (await ctx.database.db.select().from(orders).where(eq(orders.id, order._id)))[0]!.status;
const stockOf = async (id: string) => (await storedMedicine(ctx, id))!.stock;

describe('unpaid orders', () => {
  it('are canceled with their stock given back once older than the configured time, by the periodic job', async () => {
    const medicine = await insertMedicine(ctx, { stock: 10 });
    const order = await placeOrder(medicine.id, 3);
    // The catalogue answer is cached with the stock the order left.
    const shown = async () =>
      medicineResponseSchema.parse(
        (await ctx.app.inject({ method: 'GET', url: `/api/medicines/${medicine.id}` })).json(),
      ).medicine.stock;
    expect(await shown()).toBe(7);

    await age(order, TTL_MINUTES + 1);
    await vi.waitFor(async () => expect(await statusOf(order)).toBe('Canceled'), { timeout: 5000, interval: 50 });
    expect(await stockOf(medicine.id)).toBe(10);
    expect(await shown()).toBe(10);
    // Recorded as the shop's own change, with why, beside the stock it put back.
    const history = await ctx.database.db
      .select()
      .from(orderHistory)
      .where(eq(orderHistory.orderId, order._id))
      .orderBy(orderHistory.id);
    expect(history.map(({ actorId, event, from, to, note }) => ({ actorId, event, from, to, note }))).toEqual([
      expect.objectContaining({ event: 'placed' }),
      { actorId: null, event: 'status-changed', from: 'Pending', to: 'Canceled', note: UNPAID_CANCEL_NOTE },
      { actorId: null, event: 'stock-restored', from: null, to: null, note: null },
    ]);
  });

  it('leave paid, accepted and recent orders alone', async () => {
    const medicine = await insertMedicine(ctx, { stock: 10 });
    const paid = await placeOrder(medicine.id, 1, true);
    const accepted = await placeOrder(medicine.id, 1);
    const recent = await placeOrder(medicine.id, 1);
    const patched = await setOrderStatus(ctx, admin, accepted._id, 'Accepted');
    expect(patched.statusCode).toBe(200);
    await Promise.all([age(paid, TTL_MINUTES + 1), age(accepted, TTL_MINUTES + 1), age(recent, TTL_MINUTES - 1)]);

    expect(await cancelUnpaidOrders(ctx.database.db, new Date(Date.now() - TTL_MINUTES * 60_000))).toBe(0);
    expect([await statusOf(paid), await statusOf(accepted), await statusOf(recent)]).toEqual([
      'Pending',
      'Accepted',
      'Pending',
    ]);
    expect(await stockOf(medicine.id)).toBe(7);
  });
});
