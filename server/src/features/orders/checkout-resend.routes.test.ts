import {
  addressResponseSchema,
  cartResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  orderResponseSchema,
} from '@apotheca/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, orders } from '../../db/schema';
import { useTestContext } from '../../test/test-context';
import { createTestUser, type AuthHeaders } from '../../test/test-users';
import { HOME_ADDRESS } from '../addresses/addresses.fixtures';
import { addToCart } from '../cart/cart.fixtures';
import { insertMedicine, storedMedicine } from '../medicines/medicines.fixtures';
import { TEST_CARD } from './orders.fixtures';

// A checkout sent again with the same Idempotency-Key (its answer was lost on the way: an instance
// died behind the load balancer) answers the order the first copy placed, and places nothing twice.

const ctx = useTestContext();

const card = TEST_CARD;
const KEY = 'c0ffee00-1234-4abc-8def-000000000001';

const placeOrder = (headers: AuthHeaders, key: string | undefined, payload: object = { payment: card }) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/orders/add-order',
    headers: { ...headers, ...(key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }) },
    payload,
  });
const ordersOf = async (userId: string) => ctx.database.db.select().from(orders).where(eq(orders.userId, userId));
const stockOf = async (id: string) => (await storedMedicine(ctx, id))?.stock;
const mailCount = async () => (await ctx.database.db.select().from(mailOutbox)).length;
const cartOf = async (headers: AuthHeaders) =>
  cartResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/cart', headers })).json()).cart;

async function shopperWithCart(stock = 10, quantity = 2) {
  const shopper = await createTestUser(ctx);
  const medicine = await insertMedicine(ctx, { stock });
  await addToCart(ctx, shopper.headers, medicine.id, quantity);
  return { ...shopper, medicine };
}

describe('POST /api/orders/add-order with an Idempotency-Key', () => {
  it('answers a resend with the order the first placed, and places it and takes its stock once', async () => {
    const { headers, user, medicine } = await shopperWithCart(10, 2);
    const first = await placeOrder(headers, KEY);
    expect(first.statusCode).toBe(201);
    const mails = await mailCount();

    const resent = await placeOrder(headers, KEY);
    expect(resent.statusCode).toBe(201);
    expect(orderResponseSchema.parse(resent.json())).toEqual(orderResponseSchema.parse(first.json()));
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await stockOf(medicine.id)).toBe(8);
    expect(await mailCount()).toBe(mails);
  });

  it('answers a resend with the first order even when the cart was filled again meanwhile', async () => {
    const { headers, user, medicine } = await shopperWithCart(10, 2);
    const first = await placeOrder(headers, KEY);
    await addToCart(ctx, headers, medicine.id, 3);

    const resent = await placeOrder(headers, KEY);
    expect(resent.statusCode).toBe(201);
    expect(resent.json()).toEqual(first.json());
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await stockOf(medicine.id)).toBe(8);
    // The new cart waits for its own checkout.
    expect((await cartOf(headers))?.items.map((item) => item.quantity)).toEqual([3]);
  });

  it('answers a resend with the first order even when its saved address was deleted meanwhile', async () => {
    const { headers, user, medicine } = await shopperWithCart(10, 2);
    const { address } = addressResponseSchema.parse(
      (await ctx.app.inject({ method: 'POST', url: '/api/addresses', headers, payload: HOME_ADDRESS })).json(),
    );
    const payload = { payment: card, addressId: address._id };
    const first = await placeOrder(headers, KEY, payload);
    expect(first.statusCode).toBe(201);
    await ctx.app.inject({ method: 'DELETE', url: `/api/addresses/${address._id}`, headers });

    const resent = await placeOrder(headers, KEY, payload);
    expect(resent.statusCode, resent.body).toBe(201);
    expect(resent.json()).toEqual(first.json());
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await stockOf(medicine.id)).toBe(8);
  });

  it('places one order when two copies of an attempt arrive at once', async () => {
    const { headers, user, medicine } = await shopperWithCart(10, 2);
    const answers = await Promise.all([placeOrder(headers, KEY), placeOrder(headers, KEY), placeOrder(headers, KEY)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    const ids = answers.map((answer) => orderResponseSchema.parse(answer.json()).order._id);
    expect(new Set(ids).size).toBe(1);
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await stockOf(medicine.id)).toBe(8);
  });

  it('refuses a key reused with another request, and changes nothing', async () => {
    const { headers, user, medicine } = await shopperWithCart(10, 2);
    expect((await placeOrder(headers, KEY)).statusCode).toBe(201);
    await addToCart(ctx, headers, medicine.id, 1);

    const reused = await placeOrder(headers, KEY, {});
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ message: IDEMPOTENCY_KEY_REUSED_MESSAGE });
    expect(await ordersOf(user.id)).toHaveLength(1);
    expect(await stockOf(medicine.id)).toBe(8);
    expect((await cartOf(headers))?.items).toHaveLength(1);
  });

  it('keeps each patient’s keys apart', async () => {
    const ada = await shopperWithCart(10, 1);
    const bob = await shopperWithCart(10, 1);
    const answers = [await placeOrder(ada.headers, KEY), await placeOrder(bob.headers, KEY)];
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect(await ordersOf(ada.user.id)).toHaveLength(1);
    expect(await ordersOf(bob.user.id)).toHaveLength(1);
  });

  it.each([
    ['too short', 'abc123'],
    ['too long', 'a'.repeat(65)],
    ['outside the charset', 'c0ffee00 1234 4abc 8def'],
    ['empty', ''],
  ])('refuses a key %s with a 400, and places nothing', async (_, key) => {
    const { headers, user, medicine } = await shopperWithCart(10, 2);
    const response = await placeOrder(headers, key);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: IDEMPOTENCY_KEY_MESSAGE,
      errors: { [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_KEY_MESSAGE },
    });
    expect(await ordersOf(user.id)).toHaveLength(0);
    expect(await stockOf(medicine.id)).toBe(10);
  });

  it('places an order sent without a key, and a second send finds the cart empty as before', async () => {
    const { headers, user } = await shopperWithCart(10, 2);
    expect((await placeOrder(headers, undefined)).statusCode).toBe(201);
    expect((await placeOrder(headers, undefined)).statusCode).toBe(400);
    expect(await ordersOf(user.id)).toHaveLength(1);
  });
});
