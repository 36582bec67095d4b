import { orderResponseSchema, type Order } from '@apotheca/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import type { TestContext } from '../../test/test-app';
import type { AuthHeaders } from '../../test/test-users';
import { addToCart } from '../cart/cart.fixtures';
import { listAllOrders } from './orders.service';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
/** A card the checkout takes: it runs out at the end of next year. */
export const TEST_CARD = {
  cardholderName: 'JANE DOE',
  cardNumber: '123456789012',
  expiry: `12/${nextYear}`,
  cvv: '123',
};

/** Puts `quantity` of a medicine in the cart and checks out with `payload`; the order placed (201). */
export async function placedOrder(
  ctx: TestContext,
  headers: AuthHeaders,
  medicineId: string,
  quantity = 1,
  payload?: object,
): Promise<Order> {
  await addToCart(ctx, headers, medicineId, quantity);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders/add-order',
    headers,
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return orderResponseSchema.parse(response.json()).order;
}

/** Sets an order's status as the staff's status select does; answers the response. */
export const setOrderStatus = (
  ctx: TestContext,
  headers: { authorization?: string },
  id: string,
  status: string,
  payload: object = {},
) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/orders/update-order/${id}`, headers, payload: { status, ...payload } });

/** Thirty orders of early 2020, five hours apart (two to five a day), written straight into the table. */
export const insertOrdersOf2020 = (db: Db) =>
  db.execute(sql`INSERT INTO orders (total_cents, created_at)
    SELECT 100, timestamptz '2020-01-01 00:00:00+00' + make_interval(hours => 5 * i) FROM generate_series(1, 30) i`);

/**
 * Every one-order page of the staff list past its first ten, where a page is entered at its day from
 * the kept counts, holds the order at that place of `all` (the whole list, read without paging).
 */
export async function expectFarPagesInPlace(db: Db, all: Order[]): Promise<void> {
  for (let page = 11; page <= all.length + 1; page += 1) {
    const { orders: listed } = await listAllOrders(db, { page, limit: 1 });
    expect(
      listed.map((order) => order._id),
      `page ${page}`,
    ).toEqual(all.slice(page - 1, page).map((order) => order._id));
  }
}
