import {
  addToCartResponseSchema,
  cartResponseSchema,
  clearCartResponseSchema,
  deletedCartItemResponseSchema,
  errorResponseSchema,
  updatedCartItemResponseSchema,
} from '@apotheca/contract';
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { openPg, type Db } from '../../db/client';
import { batches, cartItems, carts, medicines, users } from '../../db/schema';
import { useTestContext } from '../../test/test-context';
import { createTestUser, type AuthHeaders } from '../../test/test-users';
import { insertMedicine, storedMedicine } from '../medicines/medicines.fixtures';
import { addToCart } from './cart.service';

const ctx = useTestContext();

const shopper = async () => (await createTestUser(ctx)).headers;

const add = (headers: AuthHeaders, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/cart/add', headers, payload });
const getCart = async (headers: AuthHeaders) =>
  cartResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/cart', headers })).json()).cart;
const update = (headers: AuthHeaders, id: string, operation: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: `/api/cart/update/${id}`, headers, payload: { operation } });

describe('cart', () => {
  it('is null before the first add, then holds items priced from the catalogue', async () => {
    const me = await shopper();
    expect(await getCart(me)).toBeNull();
    const medicine = await insertMedicine(ctx, { name: 'Ibuprofen', priceCents: 899, stock: 7 });
    // The client sends the whole card; only medicineId and quantity may count.
    const response = await add(me, {
      medicineId: medicine.id,
      quantity: 2,
      name: 'Free pills',
      price: 0.01,
      developedBy: 'Nobody',
      category: 'Antibiotic',
      imageUrl: 'https://evil.example.test/x.png',
      maxMonthsExpiry: 1,
    });
    expect(response.statusCode).toBe(201);
    const { message, cart } = addToCartResponseSchema.parse(response.json());
    expect(message).toBe('Item added to cart');
    const [item] = cart.items;
    expect(item).toEqual({
      _id: item!.cartItemId,
      cartItemId: item!.cartItemId,
      medicineId: { _id: medicine.id, name: 'Ibuprofen' },
      name: 'Ibuprofen',
      price: 8.99,
      qty: 2,
      quantity: 2,
      imageUrl: medicine.imageUrl,
      developedBy: medicine.developedBy,
      maxMonthsExpiry: medicine.maxMonthsExpiry,
      category: medicine.category,
      stock: 7,
      prescriptionRequired: false,
      maxPerOrder: null,
    });
    expect(cart.totalPrice).toBe(17.98);
    expect(await getCart(me)).toEqual(cart);
  });

  it('refuses a medicine already in the cart, out of stock, beyond the stock or unknown', async () => {
    const me = await shopper();
    const medicine = await insertMedicine(ctx, { name: 'Aspirin', stock: 3 });
    expect((await add(me, { medicineId: medicine.id, quantity: 1 })).statusCode).toBe(201);
    const again = await add(me, { medicineId: medicine.id, quantity: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Item already added to cart' });

    const empty = await insertMedicine(ctx, { name: 'Gone', stock: 0 });
    expect((await add(me, { medicineId: empty.id })).json()).toEqual({ message: 'Gone is out of stock.' });
    const few = await insertMedicine(ctx, { name: 'Scarce', stock: 2 });
    const tooMany = await add(me, { medicineId: few.id, quantity: 3 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ message: 'Only 2 of Scarce left in stock.' });

    for (const medicineId of ['00000000-0000-4000-8000-000000000000', '../../etc/passwd', "' OR 1=1 --"]) {
      const unknown = await add(me, { medicineId });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Medicine not found' });
    }
    expect((await getCart(me))!.items).toHaveLength(1);
  });

  it('creates one cart when the first two adds arrive together', async () => {
    const me = await shopper();
    const [a, b] = [await insertMedicine(ctx), await insertMedicine(ctx)];
    const responses = await Promise.all([add(me, { medicineId: a.id }), add(me, { medicineId: b.id })]);
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201]);
    expect((await getCart(me))!.items.map((item) => item.medicineId._id).sort()).toEqual([a.id, b.id].sort());
  });

  it('answers invalid bodies with 400 and stores nothing', async () => {
    const me = await shopper();
    const medicine = await insertMedicine(ctx);
    const cases: [object, string][] = [
      [{}, 'medicineId is required.'],
      [{ medicineId: 42 }, 'medicineId is required.'],
      [{ medicineId: medicine.id, quantity: 0 }, 'Quantity must be a whole number of at least 1.'],
      [{ medicineId: medicine.id, quantity: '2' }, 'Quantity must be a whole number of at least 1.'],
      [{ medicineId: medicine.id, quantity: 1.5 }, 'Quantity must be a whole number of at least 1.'],
    ];
    for (const [payload, message] of cases) {
      const response = await add(me, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const huge = await add(me, { medicineId: 'x'.repeat(1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: { ...me, 'content-type': 'application/json' },
      payload: '{"medicineId":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await getCart(me)).toBeNull();
  });

  it('keeps the quantity between 1 and the stock', async () => {
    const me = await shopper();
    const medicine = await insertMedicine(ctx, { name: 'Bounded', stock: 2 });
    const { cart } = addToCartResponseSchema.parse((await add(me, { medicineId: medicine.id })).json());
    const id = cart.items[0]!.cartItemId;

    const up = await update(me, id, 'increment');
    expect(up.statusCode).toBe(200);
    const { updatedItem } = updatedCartItemResponseSchema.parse(up.json());
    expect(updatedItem).toMatchObject({ _id: id, qty: 2, quantity: 2, stock: 2 });
    const past = await update(me, id, 'increment');
    expect(past.statusCode).toBe(409);
    expect(past.json()).toEqual({ message: 'Only 2 of Bounded left in stock.' });

    expect((await update(me, id, 'decrement')).statusCode).toBe(200);
    const below = await update(me, id, 'decrement');
    expect(below.statusCode).toBe(409);
    expect(below.json()).toEqual({ message: 'The quantity cannot go below 1.' });
    expect((await getCart(me))!.items[0]!.quantity).toBe(1);

    const wrong = await update(me, id, 'double');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ operation: 'operation must be increment or decrement.' });
  });

  it("removes an item, clears the cart, and never reaches another user's items", async () => {
    const me = await shopper();
    const other = await shopper();
    const first = await insertMedicine(ctx);
    const second = await insertMedicine(ctx);
    await add(me, { medicineId: first.id });
    const { cart } = addToCartResponseSchema.parse((await add(me, { medicineId: second.id })).json());
    const [firstItem, secondItem] = cart.items;

    expect((await update(other, firstItem!._id, 'increment')).statusCode).toBe(404);
    const stolen = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/cart/remove/${firstItem!._id}`,
      headers: other,
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ message: 'Cart item not found' });
    expect((await getCart(me))!.items).toHaveLength(2);

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/cart/remove/${firstItem!._id}`, headers: me });
    expect(removed.statusCode).toBe(200);
    expect(deletedCartItemResponseSchema.parse(removed.json()).deletedItem).toEqual(firstItem);
    expect((await getCart(me))!.items).toEqual([secondItem]);
    const twice = await ctx.app.inject({ method: 'DELETE', url: `/api/cart/remove/${firstItem!._id}`, headers: me });
    expect(twice.statusCode).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: '/api/cart/remove/..%2F..%2Fetc', headers: me })).statusCode,
    ).toBe(404);

    const cleared = await ctx.app.inject({ method: 'DELETE', url: '/api/cart/clear', headers: me });
    expect(cleared.statusCode).toBe(200);
    expect(clearCartResponseSchema.parse(cleared.json())).toEqual({
      message: 'Cart cleared successfully.',
      cart: null,
    });
    expect(await getCart(me)).toBeNull();
  });

  it('loses a medicine that leaves the catalogue', async () => {
    const me = await shopper();
    const medicine = await insertMedicine(ctx);
    await add(me, { medicineId: medicine.id });
    const admin = (await createTestUser(ctx, { role: 'admin' })).headers;
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/medicines/delete-medicine/${medicine.id}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await getCart(me))!.items).toEqual([]);
  });

  it('answers every cart call without a login with 401 and changes nothing', async () => {
    const medicine = await insertMedicine(ctx);
    const before = await ctx.database.db.select().from(cartItems);
    const calls = [
      { method: 'GET', url: '/api/cart' },
      { method: 'POST', url: '/api/cart/add', payload: { medicineId: medicine.id } },
      { method: 'PATCH', url: `/api/cart/update/${before[0]?.id ?? medicine.id}`, payload: { operation: 'increment' } },
      { method: 'DELETE', url: `/api/cart/remove/${before[0]?.id ?? medicine.id}` },
      { method: 'DELETE', url: '/api/cart/clear' },
    ] as const;
    for (const call of calls) {
      for (const headers of [{}, { authorization: 'Bearer not-a-session' }]) {
        const response = await ctx.app.inject({ ...call, headers });
        expect(response.statusCode).toBe(401);
      }
    }
    expect(await ctx.database.db.select().from(cartItems)).toEqual(before);
    // An admin has a cart like anyone else.
    const admin = (await createTestUser(ctx, { role: 'admin' })).headers;
    expect((await add(admin, { medicineId: medicine.id })).statusCode).toBe(201);
    expect((await getCart(admin))!.items).toMatchObject([{ medicineId: { _id: medicine.id }, quantity: 1 }]);
  });
});

describe('a medicine with a limit per order', () => {
  it('refuses more than the limit at add, increment and checkout with 409, changing nothing', async () => {
    const me = await shopper();
    const medicine = await insertMedicine(ctx, { name: 'Codeine', stock: 50, maxPerOrder: 2 });
    const tooMany = await add(me, { medicineId: medicine.id, quantity: 3 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ message: 'You can order at most 2 of Codeine.' });
    expect(await getCart(me)).toBeNull();

    const added = await add(me, { medicineId: medicine.id, quantity: 2 });
    expect(added.statusCode).toBe(201);
    const itemId = added.json().cart.items[0].cartItemId as string;
    const increment = await update(me, itemId, 'increment');
    expect(increment.statusCode).toBe(409);
    expect(increment.json()).toEqual({ message: 'You can order at most 2 of Codeine.' });
    expect((await getCart(me))!.items[0]!.quantity).toBe(2);

    // The limit lowered after the item went into the cart: the checkout refuses the order.
    await ctx.database.db.update(medicines).set({ maxPerOrder: 1 }).where(eq(medicines.id, medicine.id));
    const checkout = await ctx.app.inject({ method: 'POST', url: '/api/orders/add-order', headers: me });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json()).toEqual({ message: 'You can order at most 1 of Codeine.' });
    expect((await storedMedicine(ctx, medicine.id))!.stock).toBe(50);
    expect((await getCart(me))!.items).toHaveLength(1);
  });

  it('steps a line above a limit lowered after it was added down towards the limit, which checkout needs', async () => {
    const me = await shopper();
    const medicine = await insertMedicine(ctx, { name: 'Tramadol', stock: 50, maxPerOrder: 5 });
    const added = await add(me, { medicineId: medicine.id, quantity: 5 });
    const itemId = added.json().cart.items[0].cartItemId as string;
    await ctx.database.db.update(medicines).set({ maxPerOrder: 2 }).where(eq(medicines.id, medicine.id));

    const down = await update(me, itemId, 'decrement');
    expect(down.statusCode, down.body).toBe(200);
    expect((await getCart(me))!.items[0]!.quantity).toBe(4);
    // Still above the limit, a step up stays refused.
    const up = await update(me, itemId, 'increment');
    expect(up.statusCode).toBe(409);
    expect(up.json()).toEqual({ message: 'You can order at most 2 of Tramadol.' });
    expect((await getCart(me))!.items[0]!.quantity).toBe(4);
  });
});

describe('a line above the stock left', () => {
  it('steps down towards the stock, as a patient does to order what is left', async () => {
    const me = await shopper();
    const medicine = await insertMedicine(ctx, { name: 'Shortamol', stock: 5 });
    const added = await add(me, { medicineId: medicine.id, quantity: 5 });
    const itemId = added.json().cart.items[0].cartItemId as string;
    // Another patient's order or a recall took most of its one batch.
    await ctx.database.db.update(batches).set({ quantity: 2 }).where(eq(batches.medicineId, medicine.id));

    const down = await update(me, itemId, 'decrement');
    expect(down.statusCode, down.body).toBe(200);
    expect((await getCart(me))!.items[0]!.quantity).toBe(4);
  });
});

describe('an add into an existing cart', () => {
  it('commits without waiting for the disk in its own transaction only: the connection waits again after it', async () => {
    const { user, headers } = await createTestUser(ctx);
    const [first, second] = await Promise.all([
      insertMedicine(ctx, { name: 'Cetirizine', stock: 5 }),
      insertMedicine(ctx, { name: 'Loratadine', stock: 5 }),
    ]);
    expect((await add(headers, { medicineId: first.id, quantity: 1 })).statusCode).toBe(201);
    // One connection, so the next statement runs where the add's did; waiting for the disk, which
    // the test cluster itself does not.
    const single = openPg(ctx.config.databaseUrl!, { poolSize: 1 });
    try {
      await single.db.execute(sql`set synchronous_commit = on`);
      const setting = async (db: Db) => {
        const { rows } = (await db.execute(sql`select current_setting('synchronous_commit') as value`)) as {
          rows: { value: string }[];
        };
        return rows[0]!.value;
      };
      const during = await single.db.transaction(async (tx) => {
        const cart = await addToCart(tx, user.id, { medicineId: second.id, quantity: 1 });
        expect(cart.items.map((item) => item.name)).toEqual(['Cetirizine', 'Loratadine']);
        return setting(tx);
      });
      expect(during).toBe('off');
      expect(await setting(single.db)).toBe('on');
    } finally {
      await single.close();
    }
  });
});

describe('a shopper deleted on another instance, whose session this one still holds', () => {
  // The deletion's notification has not reached this instance yet (it trusts a session it read for
  // up to SESSION_CACHE_TTL_MS): the row is removed here without one.
  it('answers their add with 409 in the one error shape, not a server error, and stores nothing', async () => {
    const { user, headers } = await createTestUser(ctx);
    const medicine = await insertMedicine(ctx, { stock: 5 });
    expect(await getCart(headers)).toBeNull();
    await ctx.database.db.delete(users).where(eq(users.id, user.id));
    const response = await add(headers, { medicineId: medicine.id });
    expect(response.statusCode, response.body).toBe(409);
    expect(errorResponseSchema.strict().parse(response.json()).message).toEqual(expect.any(String));
    expect(await ctx.database.db.select().from(carts).where(eq(carts.userId, user.id))).toEqual([]);
  });
});
