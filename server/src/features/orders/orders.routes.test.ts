import {
  CARD_EXPIRED_MESSAGE,
  CART_CHANGED_MESSAGE,
  SHOWN_LINES_MESSAGE,
  ROLE,
  ADMIN_ORDERS_PAGE_SIZE,
  cartResponseSchema,
  medicineResponseSchema,
  orderResponseSchema,
  ordersResponseSchema,
  orderListResponseSchema,
  ORDER_STATUSES,
  ORDER_STATUS_CHANGED_MESSAGE,
  OWN_ORDER_MESSAGE,
  PRESCRIPTION_REVIEW,
} from '@apotheca/contract';
import { asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { cartItems, orders, users } from '../../db/schema';
import { useTestContext } from '../../test/test-context';
import { createTestUser, useTestUsers, type AuthHeaders } from '../../test/test-users';
import { addToCart } from '../cart/cart.fixtures';
import { HOME_ADDRESS } from '../addresses/addresses.fixtures';
import { insertMedicine, setStock, storedMedicine } from '../medicines/medicines.fixtures';
import { placedOrder as placed, setOrderStatus, TEST_CARD } from './orders.fixtures';

const ctx = useTestContext();
const { admin } = useTestUsers(ctx, { admin: ROLE.admin });

const card = TEST_CARD;

const shopper = async (firstName = 'Test') => createTestUser(ctx, { firstName });
const placeOrder = (headers: AuthHeaders, payload?: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/orders/add-order', headers, ...(payload ? { payload } : {}) });
const stockOf = async (id: string) => (await storedMedicine(ctx, id))?.stock;
const orderCount = async () => (await ctx.database.db.select().from(orders)).length;
const setStatus = (id: string, status: string, headers: AuthHeaders = admin) =>
  setOrderStatus(ctx, headers, id, status);

const placedOrder = (headers: AuthHeaders, medicineId: string, quantity = 1, payload?: object) =>
  placed(ctx, headers, medicineId, quantity, payload);

describe('POST /api/orders/add-order', () => {
  it('takes the stock, copies names and server prices, keeps only the last four card digits and empties the cart', async () => {
    const { headers, user } = await shopper('Ada');
    const a = await insertMedicine(ctx, { name: 'Alpha', priceCents: 1050, stock: 5 });
    const b = await insertMedicine(ctx, { name: 'Beta', priceCents: 299, stock: 3 });
    await addToCart(ctx, headers, a.id, 2);
    await addToCart(ctx, headers, b.id, 3);

    const response = await placeOrder(headers, { payment: card });
    expect(response.statusCode).toBe(201);
    const { order } = orderResponseSchema.parse(response.json());
    expect(order).toMatchObject({
      userId: { _id: user.id, first_name: 'Ada', last_name: 'Shopper' },
      totalPrice: 29.97,
      status: 'Pending',
      paymentStatus: 'Paid',
    });
    expect(order.items.map(({ medicineId, name, price, quantity }) => ({ medicineId, name, price, quantity }))).toEqual(
      [
        { medicineId: { _id: a.id, name: 'Alpha' }, name: 'Alpha', price: 10.5, quantity: 2 },
        { medicineId: { _id: b.id, name: 'Beta' }, name: 'Beta', price: 2.99, quantity: 3 },
      ],
    );
    expect(await stockOf(a.id)).toBe(3);
    expect(await stockOf(b.id)).toBe(0);
    const cart = await ctx.app.inject({ method: 'GET', url: '/api/cart', headers });
    expect(cartResponseSchema.parse(cart.json()).cart?.items ?? []).toEqual([]);
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored!.cardLast4).toBe('9012');
    expect(JSON.stringify(stored)).not.toContain('123456789012');
  });

  it('records a payment as Pending without a card form', async () => {
    const { headers } = await shopper();
    const medicine = await insertMedicine(ctx);
    await addToCart(ctx, headers, medicine.id);
    const { order } = orderResponseSchema.parse((await placeOrder(headers)).json());
    expect(order.paymentStatus).toBe('Pending');
  });

  // A card runs to the end of its month: one whose month of this year was over placed a Paid order.
  it('refuses a card whose month of this year is over with its message, and changes nothing', async () => {
    const { headers } = await shopper();
    const medicine = await insertMedicine(ctx, { stock: 4 });
    await addToCart(ctx, headers, medicine.id);
    const before = await orderCount();
    // The shop's clock in mid-December: November of the same year is over, whatever month the test runs in.
    const year = new Date().getFullYear();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(year, 11, 15) });
    try {
      const expiry = `11/${String(year % 100).padStart(2, '0')}`;
      const response = await placeOrder(headers, { payment: { ...card, expiry } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: CARD_EXPIRED_MESSAGE,
        errors: { 'payment.expiry': CARD_EXPIRED_MESSAGE },
      });
    } finally {
      vi.useRealTimers();
    }
    expect(await orderCount()).toBe(before);
  });

  it('refuses an invalid card form with its message and changes nothing', async () => {
    const { headers } = await shopper();
    const medicine = await insertMedicine(ctx, { stock: 4 });
    await addToCart(ctx, headers, medicine.id);
    const before = await orderCount();
    const cases: [object, string, string][] = [
      [{ ...card, cardNumber: '1234' }, 'cardNumber', 'Card Number must be exactly 12 digits.'],
      [{ ...card, cvv: '12a' }, 'cvv', 'CVV must be exactly 3 digits.'],
      [{ ...card, expiry: '13/30' }, 'expiry', 'Enter a valid expiration in MM/YY format.'],
      [{ ...card, expiry: '01/00' }, 'expiry', 'Year cannot be in the past.'],
      [{ ...card, cardholderName: '' }, 'cardholderName', 'Cardholder name is required'],
      [{ ...card, cardNumber: 123456789012 }, 'cardNumber', 'Card Number must be exactly 12 digits.'],
    ];
    for (const [payment, field, message] of cases) {
      const response = await placeOrder(headers, { payment });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.message).toBe(message);
      // A nested field is named by its dotted path.
      expect(body.errors).toEqual({ [`payment.${field}`]: message });
    }
    expect(await orderCount()).toBe(before);
    expect(await stockOf(medicine.id)).toBe(4);
  });

  it('answers an empty cart with 400', async () => {
    const { headers } = await shopper();
    const response = await placeOrder(headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Cart is Empty' });
  });

  it('answers too little stock with 409 naming the medicine, and changes nothing', async () => {
    const { headers } = await shopper();
    const plenty = await insertMedicine(ctx, { name: 'Plenty', stock: 50 });
    const scarce = await insertMedicine(ctx, { name: 'Scarce', stock: 3 });
    await addToCart(ctx, headers, plenty.id, 5);
    await addToCart(ctx, headers, scarce.id, 3);
    await setStock(ctx, scarce.id, 2);
    const before = await orderCount();
    const itemsBefore = (await ctx.database.db.select().from(cartItems)).length;

    const response = await placeOrder(headers);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Only 2 of Scarce left in stock.' });
    expect(await stockOf(plenty.id)).toBe(50);
    expect(await stockOf(scarce.id)).toBe(2);
    expect(await orderCount()).toBe(before);
    expect(await ctx.database.db.select().from(cartItems)).toHaveLength(itemsBefore);
  });

  // The checkout sends the cart as it showed it: a cart changed since in another tab or on another
  // device, or repriced by the shop, is not charged unseen.
  it('places the order when the cart is as the checkout showed it, in any order of its lines', async () => {
    const { headers } = await shopper();
    const a = await insertMedicine(ctx, { name: 'ShownA', priceCents: 799, stock: 5 });
    const b = await insertMedicine(ctx, { name: 'ShownB', priceCents: 1050, stock: 5 });
    await addToCart(ctx, headers, a.id, 1);
    await addToCart(ctx, headers, b.id, 2);
    const shownLines = [
      { medicineId: b.id.toUpperCase(), quantity: 2, price: 10.5 },
      { medicineId: a.id, quantity: 1, price: 7.99 },
    ];

    const response = await placeOrder(headers, { payment: card, shownLines });
    expect(response.statusCode).toBe(201);
    expect(orderResponseSchema.parse(response.json()).order.totalPrice).toBe(28.99);
  });

  it.each([
    ['a quantity changed since', { quantity: 1 }, undefined],
    ['a line added since', { quantity: 2 }, 'added'],
    ['a price changed since', { quantity: 2, price: 7.49 }, undefined],
  ] as const)('refuses a cart unlike the one shown (%s) with 409, and changes nothing', async (_, shown, extra) => {
    const { headers } = await shopper();
    const a = await insertMedicine(ctx, { name: 'ShownC', priceCents: 799, stock: 5 });
    await addToCart(ctx, headers, a.id, 2);
    if (extra) await addToCart(ctx, headers, (await insertMedicine(ctx, { name: 'ShownD', stock: 5 })).id, 1);
    const before = await orderCount();
    const itemsBefore = (await ctx.database.db.select().from(cartItems)).length;

    const response = await placeOrder(headers, {
      payment: card,
      shownLines: [{ medicineId: a.id, price: 7.99, ...shown }],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: CART_CHANGED_MESSAGE });
    expect(await stockOf(a.id)).toBe(5);
    expect(await orderCount()).toBe(before);
    expect(await ctx.database.db.select().from(cartItems)).toHaveLength(itemsBefore);
  });

  it('refuses shown lines that are not a cart with 400 and its message', async () => {
    const { headers } = await shopper();
    const a = await insertMedicine(ctx, { name: 'ShownE', stock: 5 });
    await addToCart(ctx, headers, a.id, 1);
    for (const shownLines of [
      [{ medicineId: 'x', quantity: 1, price: 1 }],
      [{ medicineId: a.id, quantity: 0, price: 1 }],
      'all',
    ]) {
      const response = await placeOrder(headers, { shownLines });
      expect(response.statusCode).toBe(400);
      expect(Object.values(response.json<{ errors: object }>().errors)).toEqual([SHOWN_LINES_MESSAGE]);
    }
    expect(await stockOf(a.id)).toBe(5);
  });

  it('sells the last 5 units to exactly 5 of 20 users checking out at once', async () => {
    const medicine = await insertMedicine(ctx, { name: 'LastFive', stock: 5 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    for (const { headers } of buyers) await addToCart(ctx, headers, medicine.id);
    const before = await orderCount();

    const responses = await Promise.all(buyers.map(({ headers }) => placeOrder(headers)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(15);
    for (const r of responses.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toEqual({ message: 'LastFive is out of stock.' });
    }
    expect(await stockOf(medicine.id)).toBe(0);
    expect(await orderCount()).toBe(before + 5);
  });

  it('places every order when carts holding the same medicines check out at once', async () => {
    const a = await insertMedicine(ctx, { name: 'Shared A', stock: 100 });
    const b = await insertMedicine(ctx, { name: 'Shared B', stock: 100 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => shopper()));
    // Half the carts hold them in the other order: checkouts must still not deadlock on the stock.
    for (const [i, { headers }] of buyers.entries()) {
      for (const medicine of i % 2 ? [a, b] : [b, a]) await addToCart(ctx, headers, medicine.id, 2);
    }

    const responses = await Promise.all(buyers.map(({ headers }) => placeOrder(headers)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(await stockOf(a.id)).toBe(80);
    expect(await stockOf(b.id)).toBe(80);
  });

  it('places one order when the same cart is checked out twice at once', async () => {
    const { headers } = await shopper();
    const medicine = await insertMedicine(ctx, { stock: 10 });
    await addToCart(ctx, headers, medicine.id, 2);
    const responses = await Promise.all([placeOrder(headers), placeOrder(headers)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await stockOf(medicine.id)).toBe(8);
  });

  it('shows the new stock in the catalogue at once', async () => {
    const { headers } = await shopper();
    const medicine = await insertMedicine(ctx, { stock: 6 });
    const detail = async () =>
      medicineResponseSchema.parse(
        (await ctx.app.inject({ method: 'GET', url: `/api/medicines/${medicine.id}` })).json(),
      ).medicine.stock;
    expect(await detail()).toBe(6);
    await placedOrder(headers, medicine.id, 4);
    expect(await detail()).toBe(2);
  });
});

describe('reading orders', () => {
  it('lists my orders newest first and shows one to its owner or an admin only', async () => {
    const owner = await shopper();
    const other = await shopper();
    const medicine = await insertMedicine(ctx, { stock: 10 });
    const first = await placedOrder(owner.headers, medicine.id);
    const second = await placedOrder(owner.headers, medicine.id, 2);
    await placedOrder(other.headers, medicine.id);

    const mine = await ctx.app.inject({ method: 'GET', url: '/api/orders/my-orders', headers: owner.headers });
    expect(mine.statusCode).toBe(200);
    expect(ordersResponseSchema.parse(mine.json()).orders.map((o) => o._id)).toEqual([second._id, first._id]);

    const one = (headers: AuthHeaders, id = first._id) =>
      ctx.app.inject({ method: 'GET', url: `/api/orders/single-product/${id}`, headers });
    expect(orderResponseSchema.parse((await one(owner.headers)).json()).order).toEqual(first);
    expect((await one(admin)).statusCode).toBe(200);
    expect((await one(other.headers)).statusCode).toBe(404);
    expect((await one(other.headers)).json()).toEqual({ message: 'Order not found' });
    expect((await one({})).statusCode).toBe(401);
    expect((await one(owner.headers, '..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });

  it("gives admins every order, newest first, with the buyer's name or null once deleted", async () => {
    const gone = await shopper('Gone');
    const medicine = await insertMedicine(ctx, { stock: 10 });
    const order = await placedOrder(gone.headers, medicine.id);
    await ctx.database.db.delete(users).where(eq(users.id, gone.user.id));

    const response = await ctx.app.inject({ method: 'GET', url: '/api/orders', headers: admin });
    expect(response.statusCode).toBe(200);
    const all = ordersResponseSchema.parse(response.json()).orders;
    expect(all.length).toBe(await orderCount());
    expect(all[0]!._id).toBe(order._id);
    expect(all[0]!.userId).toBeNull();
    const created = all.map((o) => o.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    const { headers } = await shopper();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/orders', headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
  });

  it('keeps the copied name and price when the medicine leaves the catalogue', async () => {
    const { headers } = await shopper();
    const medicine = await insertMedicine(ctx, { name: 'Retired', priceCents: 777 });
    const order = await placedOrder(headers, medicine.id);
    await ctx.app.inject({ method: 'DELETE', url: `/api/medicines/delete-medicine/${medicine.id}`, headers: admin });
    const response = await ctx.app.inject({ method: 'GET', url: `/api/orders/single-product/${order._id}`, headers });
    const [item] = orderResponseSchema.parse(response.json()).order.items;
    expect(item).toMatchObject({ medicineId: { _id: null, name: 'Retired' }, name: 'Retired', price: 7.77 });
  });

  it('answers one page of all orders with page and limit, and every order without them', async () => {
    const { headers } = await shopper();
    const medicine = await insertMedicine(ctx, { stock: 20 });
    for (let i = 0; i < 10; i += 1) await placedOrder(headers, medicine.id);
    const list = async (query: string) => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/orders${query}`, headers: admin });
      expect(response.statusCode, query).toBe(200);
      return ordersResponseSchema.parse(response.json()).orders;
    };
    const all = await list('');
    expect(all.length).toBe(await orderCount());
    expect(await list('?page=1&limit=3')).toEqual(all.slice(0, 3));
    expect(await list('?page=2&limit=3')).toEqual(all.slice(3, 6));
    // One of the two alone: page 1, or the admin list's page size.
    expect(await list('?limit=2')).toEqual(all.slice(0, 2));
    expect(await list('?page=2')).toEqual(all.slice(ADMIN_ORDERS_PAGE_SIZE, 2 * ADMIN_ORDERS_PAGE_SIZE));
    expect(await list(`?page=${all.length + 1}&limit=1`)).toEqual([]);
  });

  it('pages through every order exactly once, from the first page to past the last, either way round', async () => {
    const { headers } = await shopper();
    const medicine = await insertMedicine(ctx, { stock: 20 });
    for (let i = 0; i < 7; i += 1) await placedOrder(headers, medicine.id);
    const list = async (query: string) => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: admin });
      expect(response.statusCode, query).toBe(200);
      const { orders: listed, total } = orderListResponseSchema.parse(response.json());
      return { ids: listed.map((order) => order._id), total };
    };
    for (const filter of ['sort=newest', 'sort=oldest', 'status=Pending', 'status=Pending&sort=oldest']) {
      const all = await list(filter);
      expect(all.total, filter).toBe(all.ids.length);
      // Pages past the middle are read from the other end: each must still hold its own slice.
      const pageCount = Math.ceil(all.total / 3);
      for (let page = 1; page <= pageCount + 1; page += 1) {
        expect(await list(`${filter}&limit=3&page=${page}`), `${filter}, page ${page}`).toEqual({
          ids: all.ids.slice((page - 1) * 3, page * 3),
          total: all.total,
        });
      }
    }
  });

  it('pages far into orders of many days, each page its own slice, after orders moved day, status or were deleted', async () => {
    // Orders seven hours apart over twelve days, one exactly at a midnight (UTC) and one just before.
    const statuses = sql.join(
      ORDER_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    );
    await ctx.database.db.execute(sql`
      insert into ${orders} (total_cents, status, prescription_review, created_at)
      select 100, (array[${statuses}])[1 + i % ${ORDER_STATUSES.length}],
        case when i % 3 = 0 then ${PRESCRIPTION_REVIEW.pending} end,
        timestamptz '2020-01-01 00:00:00+00' + make_interval(hours => 7 * i)
      from generate_series(1, 40) i
      union all select 100, ${ORDER_STATUSES[0]}, null, timestamptz '2020-01-03 23:59:59.999+00'`);
    const moved = await ctx.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(lt(orders.createdAt, new Date('2021-01-01')))
      .orderBy(asc(orders.createdAt))
      .limit(6);
    await ctx.database.db
      .update(orders)
      .set({ createdAt: new Date('2020-01-09T12:00:00Z') })
      .where(inArray(orders.id, [moved[0]!.id, moved[1]!.id]));
    await ctx.database.db.update(orders).set({ status: ORDER_STATUSES[3] }).where(eq(orders.id, moved[2]!.id));
    await ctx.database.db.delete(orders).where(inArray(orders.id, [moved[3]!.id, moved[4]!.id]));

    const list = async (query: string) => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: admin });
      expect(response.statusCode, query).toBe(200);
      const { orders: listed, total } = orderListResponseSchema.parse(response.json());
      return { ids: listed.map((order) => order._id), total };
    };
    const filters = [
      'sort=newest',
      'sort=oldest',
      `status=${ORDER_STATUSES[3]}`,
      `review=${PRESCRIPTION_REVIEW.pending}&sort=oldest`,
      `status=${ORDER_STATUSES[0]}&review=${PRESCRIPTION_REVIEW.pending}`,
    ];
    for (const filter of filters) {
      const all = await list(filter);
      expect(all.total, filter).toBe(all.ids.length);
      for (let page = 1; page <= all.total + 1; page += 1) {
        expect(await list(`${filter}&limit=1&page=${page}`), `${filter}, page ${page}`).toEqual({
          ids: all.ids.slice(page - 1, page),
          total: all.total,
        });
      }
    }
  });

  it('shows each order once to a reader paging oldest first while new orders arrive', async () => {
    const { headers } = await shopper();
    const medicine = await insertMedicine(ctx, { stock: 40 });
    for (let i = 0; i < 5; i += 1) await placedOrder(headers, medicine.id);
    const page = async (n: number) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/orders?status=Pending&sort=oldest&limit=4&page=${n}`,
        headers: admin,
      });
      return orderListResponseSchema.parse(response.json());
    };
    const first = await page(1);
    const seen = first.orders.map((order) => order._id);
    let total = first.total;
    for (let n = 2; seen.length < total; n += 1) {
      await placedOrder(headers, medicine.id);
      const next = await page(n);
      expect(next.total).toBe(total + 1);
      total = next.total;
      seen.push(...next.orders.map((order) => order._id));
    }
    const everyOne = await ctx.app.inject({
      method: 'GET',
      url: '/api/orders?status=Pending&sort=oldest',
      headers: admin,
    });
    expect(seen).toEqual(orderListResponseSchema.parse(everyOne.json()).orders.map((order) => order._id));
  });

  it("keeps each status's total exact through checkouts, refused checkouts, status changes and deleted buyers", async () => {
    const totals = async () => {
      const byStatus: Record<string, number> = {};
      for (const status of ORDER_STATUSES) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/orders?status=${status}&limit=1`,
          headers: admin,
        });
        byStatus[status] = orderListResponseSchema.parse(response.json()).total;
      }
      const response = await ctx.app.inject({ method: 'GET', url: '/api/orders?limit=1', headers: admin });
      return { all: orderListResponseSchema.parse(response.json()).total, ...byStatus };
    };
    const stored = async () => {
      const rows = await ctx.database.db.select({ status: orders.status }).from(orders);
      return {
        all: rows.length,
        ...Object.fromEntries(
          ORDER_STATUSES.map((status) => [status, rows.filter((row) => row.status === status).length]),
        ),
      };
    };
    expect(await totals()).toEqual(await stored());
    const buyer = await shopper();
    const medicine = await insertMedicine(ctx, { stock: 3 });
    const kept = await placedOrder(buyer.headers, medicine.id);
    const canceled = await placedOrder(buyer.headers, medicine.id);
    await addToCart(ctx, buyer.headers, medicine.id, 1);
    await setStock(ctx, medicine.id, 0);
    expect((await placeOrder(buyer.headers)).statusCode).toBe(409);
    expect((await setStatus(kept._id, 'Accepted')).statusCode).toBe(200);
    expect((await setStatus(canceled._id, 'Canceled')).statusCode).toBe(200);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/delete-user/${buyer.user.id}`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await totals()).toEqual(await stored());
  });

  it('gives every order its own short number, in the order they were placed', async () => {
    const { headers } = await shopper();
    const medicine = await insertMedicine(ctx, { stock: 10 });
    const first = await placedOrder(headers, medicine.id);
    const second = await placedOrder(headers, medicine.id);
    expect(first.number).toMatch(/^A-\d{6,}$/);
    expect(Number(second.number.slice(2))).toBeGreaterThan(Number(first.number.slice(2)));
    const response = await ctx.app.inject({ method: 'GET', url: `/api/orders/single-product/${first._id}`, headers });
    expect(orderResponseSchema.parse(response.json()).order.number).toBe(first.number);
  });

  it('filters on the server by order number, patient name or e-mail, status and review, with the total', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const ada = await createTestUser(ctx, { firstName: 'Ada', lastName: `Byron${tag}` });
    const bob = await createTestUser(ctx, { firstName: 'Bob', email: `bob.${tag}@example.test` });
    const medicine = await insertMedicine(ctx, { stock: 20 });
    const adaFirst = await placedOrder(ada.headers, medicine.id);
    const adaSecond = await placedOrder(ada.headers, medicine.id);
    const bobs = await placedOrder(bob.headers, medicine.id);
    expect((await setStatus(adaFirst._id, 'Accepted')).statusCode).toBe(200);
    const list = async (query: string) => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: admin });
      expect(response.statusCode, query).toBe(200);
      const { orders: listed, total } = orderListResponseSchema.parse(response.json());
      return { ids: listed.map((order) => order._id), total };
    };
    expect(await list(`q=${bobs.number}`)).toEqual({ ids: [bobs._id], total: 1 });
    expect(await list(`q=${bobs.number.slice(2)}`)).toEqual({ ids: [bobs._id], total: 1 });
    // Staff write a number as "#100295" too; the leading '#' is not part of it.
    expect(await list(`q=${encodeURIComponent(`#${bobs.number.slice(2)}`)}`)).toEqual({ ids: [bobs._id], total: 1 });
    // A number's first digits find the orders whose numbers start with them, the later ones first.
    const allNumbers = (await ctx.database.db.select({ id: orders.id, number: orders.number }).from(orders)).filter(
      ({ number }) => String(number).startsWith(bobs.number.slice(2, -1)),
    );
    const byPrefix = await list(`q=${bobs.number.slice(2, -1)}&limit=100`);
    expect(byPrefix.ids).toContain(bobs._id);
    expect(new Set(byPrefix.ids)).toEqual(new Set(allNumbers.map(({ id }) => id)));
    expect(await list(`q=${encodeURIComponent(`#${bobs.number.slice(2, -1)}`)}&limit=100`)).toEqual(byPrefix);
    // Three digits short of a number ("100" of A-100295) still find the orders they begin.
    const short = bobs.number.slice(2, -3);
    const begun = (await ctx.database.db.select({ number: orders.number }).from(orders)).filter(
      ({ number }) => String(number).startsWith(short) && String(number).length <= short.length + 3,
    );
    const byShort = await list(`q=${encodeURIComponent(`#${short}`)}&limit=100`);
    expect(byShort.total).toBe(begun.length);
    expect(byShort.ids).toContain(bobs._id);
    // Digits no order's number starts with, even past the database's integers, find none.
    expect(await list('q=999999999')).toEqual({ ids: [], total: 0 });
    expect(await list(`q=${encodeURIComponent(`ada byron${tag}`)}`)).toEqual({
      ids: [adaSecond._id, adaFirst._id],
      total: 2,
    });
    expect(await list(`q=${encodeURIComponent(`BOB.${tag}`)}&limit=8`)).toEqual({ ids: [bobs._id], total: 1 });
    expect(await list(`q=byron${tag}&status=Accepted`)).toEqual({ ids: [adaFirst._id], total: 1 });
    expect(await list(`q=${adaFirst.number}&status=Accepted`)).toEqual({ ids: [adaFirst._id], total: 1 });
    expect(await list(`q=${adaSecond.number}&status=Accepted`)).toEqual({ ids: [], total: 0 });
    expect(await list(`q=byron${tag}&status=Canceled&page=3`)).toEqual({ ids: [], total: 0 });
    expect(await list(`q=byron${tag}&limit=1&page=2`)).toEqual({ ids: [adaFirst._id], total: 2 });
    // Past a search's last page the total stays exact; a search that finds no one counts none.
    expect(await list(`q=byron${tag}&limit=1&page=3`)).toEqual({ ids: [], total: 2 });
    expect(await list(`q=nobody${tag}`)).toEqual({ ids: [], total: 0 });
    expect(await list(`q=byron${tag}&sort=oldest`)).toEqual({ ids: [adaFirst._id, adaSecond._id], total: 2 });
    expect(await list(`userId=${bob.user.id}`)).toEqual({ ids: [bobs._id], total: 1 });
    expect(await list(`q=byron${tag}&review=${PRESCRIPTION_REVIEW.pending}`)).toEqual({ ids: [], total: 0 });
  });

  // The parameter a refusal names is the one the query sets.
  it.each([
    ['status=Lost', 'status must be one of Pending, Accepted, Dispatched, Canceled.'],
    ['sort=random', 'sort must be one of newest, oldest.'],
    ['userId=42', 'userId must be a user id.'],
    ['page=0', 'page must be at least 1.'],
    ['page=two', 'page must be a whole number.'],
    ['limit=1.5', 'limit must be a whole number.'],
    ['limit=101', 'limit must be at most 100.'],
  ])('answers 400 for %s', async (query, message) => {
    const [field] = new URLSearchParams(query).keys();
    const response = await ctx.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field!]: message } });
  });
});

describe('PATCH /api/orders/update-order/:id', () => {
  it('gives the stock back on cancel and takes it again when un-canceled', async () => {
    const { headers } = await shopper();
    const medicine = await insertMedicine(ctx, { stock: 5 });
    // An order is dispatched only to an address.
    const order = await placedOrder(headers, medicine.id, 3, { address: HOME_ADDRESS });
    expect(await stockOf(medicine.id)).toBe(2);

    const canceled = await setStatus(order._id, 'Canceled');
    expect(canceled.statusCode).toBe(200);
    expect(orderResponseSchema.parse(canceled.json()).order.status).toBe('Canceled');
    expect(await stockOf(medicine.id)).toBe(5);
    expect((await setStatus(order._id, 'Canceled')).statusCode).toBe(200);
    expect(await stockOf(medicine.id)).toBe(5);

    expect(orderResponseSchema.parse((await setStatus(order._id, 'Accepted')).json()).order.status).toBe('Accepted');
    expect(await stockOf(medicine.id)).toBe(2);
    expect((await setStatus(order._id, 'Dispatched')).statusCode).toBe(200);
    expect(await stockOf(medicine.id)).toBe(2);
  });

  it('is never made by the member of staff whose order it is, with or without a prescription; another one may', async () => {
    const pharmacist = await createTestUser(ctx, { role: ROLE.pharmacist });
    const medicine = await insertMedicine(ctx, { stock: 5 });
    const own = await placedOrder(admin, medicine.id, 2, { address: HOME_ADDRESS });
    const colleagues = await placedOrder(pharmacist.headers, medicine.id, 1, { address: HOME_ADDRESS });
    for (const status of ['Accepted', 'Dispatched', 'Canceled']) {
      const response = await setStatus(own._id, status);
      expect(response.statusCode, status).toBe(403);
      expect(response.json()).toEqual({ message: OWN_ORDER_MESSAGE });
    }
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, own._id));
    expect(stored).toMatchObject({ status: 'Pending', paymentStatus: 'Pending' });
    expect(await stockOf(medicine.id)).toBe(2);

    expect((await setStatus(own._id, 'Accepted', pharmacist.headers)).statusCode).toBe(200);
    expect((await setStatus(colleagues._id, 'Canceled')).statusCode).toBe(200);
    expect(await stockOf(medicine.id)).toBe(3);
  });

  it("refuses a change from a status the order no longer has, so a screen read before another's change cannot overwrite it", async () => {
    const { headers } = await shopper();
    const pharmacist = await createTestUser(ctx, { role: ROLE.pharmacist });
    const medicine = await insertMedicine(ctx, { stock: 5 });
    const order = await placedOrder(headers, medicine.id, 2);
    // Both read it Pending; the pharmacist cancels it first.
    expect(
      (await setOrderStatus(ctx, pharmacist.headers, order._id, 'Canceled', { fromStatus: 'Pending' })).statusCode,
    ).toBe(200);

    const stale = await setOrderStatus(ctx, admin, order._id, 'Accepted', { fromStatus: 'Pending' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: ORDER_STATUS_CHANGED_MESSAGE });
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored!.status).toBe('Canceled');
    expect(await stockOf(medicine.id)).toBe(5);

    const fresh = await setOrderStatus(ctx, admin, order._id, 'Accepted', { fromStatus: 'Canceled' });
    expect(orderResponseSchema.parse(fresh.json()).order.status).toBe('Accepted');
    // A call with the status alone, as the API has always taken it, still changes the order.
    expect(orderResponseSchema.parse((await setStatus(order._id, 'Pending')).json()).order.status).toBe('Pending');
    const malformed = await setOrderStatus(ctx, admin, order._id, 'Accepted', { fromStatus: 'Lost' });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().errors)).toEqual(['fromStatus']);
  });

  it('keeps the units of a dispatched order out of stock when it is canceled: its parcel left the shop', async () => {
    const { headers } = await shopper();
    const medicine = await insertMedicine(ctx, { stock: 5 });
    const order = await placedOrder(headers, medicine.id, 3, { address: HOME_ADDRESS });
    expect((await setStatus(order._id, 'Dispatched')).statusCode).toBe(200);

    const canceled = await setStatus(order._id, 'Canceled');
    expect(canceled.statusCode).toBe(200);
    expect(orderResponseSchema.parse(canceled.json()).order.history.slice(-2)).toMatchObject([
      { event: 'status-changed', from: 'Dispatched', to: 'Canceled' },
      { event: 'stock-kept-out' },
    ]);
    expect(await stockOf(medicine.id)).toBe(2);
    // Opened again, it takes nothing: its units never came back.
    expect((await setStatus(order._id, 'Dispatched')).statusCode).toBe(200);
    expect(await stockOf(medicine.id)).toBe(2);

    // A dispatch made by mistake is undone first: back to Accepted, the parcel never left, and a
    // cancellation then puts the units back.
    expect((await setStatus(order._id, 'Accepted')).statusCode).toBe(200);
    expect((await setStatus(order._id, 'Canceled')).statusCode).toBe(200);
    expect(await stockOf(medicine.id)).toBe(5);
    expect((await setStatus(order._id, 'Pending')).statusCode).toBe(200);
    expect(await stockOf(medicine.id)).toBe(2);
  });

  it("says a canceled order's payment was refunded, or never charged, to its owner and to admins", async () => {
    const { headers } = await shopper();
    const medicine = await insertMedicine(ctx, { stock: 5 });
    await addToCart(ctx, headers, medicine.id);
    const paid = orderResponseSchema.parse((await placeOrder(headers, { payment: card })).json()).order;
    const unpaid = await placedOrder(headers, medicine.id);
    const paymentOf = async (id: string, viewer: AuthHeaders) =>
      orderResponseSchema.parse(
        (await ctx.app.inject({ method: 'GET', url: `/api/orders/single-product/${id}`, headers: viewer })).json(),
      ).order.paymentStatus;

    expect(orderResponseSchema.parse((await setStatus(paid._id, 'Canceled')).json()).order.paymentStatus).toBe(
      'Refunded',
    );
    await setStatus(unpaid._id, 'Canceled');
    for (const viewer of [headers, admin]) {
      expect(await paymentOf(paid._id, viewer)).toBe('Refunded');
      expect(await paymentOf(unpaid._id, viewer)).toBe('Not charged');
    }
    // Opened again, the order is paid (or waiting for payment) once more.
    await setStatus(paid._id, 'Pending');
    expect(await paymentOf(paid._id, admin)).toBe('Paid');
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, unpaid._id));
    expect(stored!.paymentStatus).toBe('Pending');
  });

  it('answers 409 when the stock to reopen a canceled order is gone, and leaves it canceled', async () => {
    const { headers } = await shopper();
    const medicine = await insertMedicine(ctx, { name: 'Sold', stock: 2 });
    const order = await placedOrder(headers, medicine.id, 2);
    await setStatus(order._id, 'Canceled');
    await setStock(ctx, medicine.id, 1);

    const response = await setStatus(order._id, 'Pending');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Only 1 of Sold left in stock.' });
    expect(await stockOf(medicine.id)).toBe(1);
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored!.status).toBe('Canceled');
  });

  it('records the whole life of an order: time, actor, event, statuses; a refused change records nothing', async () => {
    const buyer = await createTestUser(ctx, { firstName: 'Ada', lastName: 'Buyer' });
    const pharmacist = await createTestUser(ctx, { firstName: 'Phil', lastName: 'Macist', role: ROLE.pharmacist });
    const medicine = await insertMedicine(ctx, { stock: 4 });
    const placed = await placedOrder(buyer.headers, medicine.id, 2);
    const buyerActor = { _id: buyer.user.id, name: 'Ada Buyer', role: 'user' };
    const pharmacistActor = { _id: pharmacist.user.id, name: 'Phil Macist', role: 'pharmacist' };
    const entry = (actor: object | null, event: string, from: string | null = null, to: string | null = null) => ({
      at: expect.any(String),
      actor,
      event,
      from,
      to,
      note: null,
    });
    expect(placed.history).toEqual([entry(buyerActor, 'placed', null, 'Pending')]);

    expect((await setStatus(placed._id, 'Accepted', pharmacist.headers)).statusCode).toBe(200);
    expect((await setStatus(placed._id, 'Canceled')).statusCode).toBe(200);
    // Someone else takes the stock meanwhile: reopening is refused and records nothing.
    await setStock(ctx, medicine.id, 1);
    expect((await setStatus(placed._id, 'Pending', pharmacist.headers)).statusCode).toBe(409);
    await setStock(ctx, medicine.id, 4);
    expect((await setStatus(placed._id, 'Pending', pharmacist.headers)).statusCode).toBe(200);

    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/single-product/${placed._id}`,
      headers: buyer.headers,
    });
    const { history } = orderResponseSchema.parse(read.json()).order;
    const adminActor = expect.objectContaining({ role: 'admin' });
    expect(history).toEqual([
      entry(buyerActor, 'placed', null, 'Pending'),
      entry(pharmacistActor, 'status-changed', 'Pending', 'Accepted'),
      entry(adminActor, 'status-changed', 'Accepted', 'Canceled'),
      entry(adminActor, 'stock-restored'),
      entry(pharmacistActor, 'status-changed', 'Canceled', 'Pending'),
      entry(pharmacistActor, 'stock-taken'),
    ]);
    const times = history.map((row) => Date.parse(row.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(await stockOf(medicine.id)).toBe(2);
  });

  it('keeps in the history the role each actor had at the time, whatever their role is now', async () => {
    const buyer = await createTestUser(ctx);
    const pharmacist = await createTestUser(ctx, { role: ROLE.pharmacist });
    const medicine = await insertMedicine(ctx);
    const order = await placedOrder(buyer.headers, medicine.id);
    expect((await setStatus(order._id, 'Accepted', pharmacist.headers)).statusCode).toBe(200);
    // The pharmacist becomes an admin, the buyer a pharmacist: what they did then was not done as that.
    await ctx.database.db.update(users).set({ role: ROLE.admin }).where(eq(users.id, pharmacist.user.id));
    await ctx.database.db.update(users).set({ role: ROLE.pharmacist }).where(eq(users.id, buyer.user.id));

    const single = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/single-product/${order._id}`,
      headers: admin,
    });
    const staffList = await ctx.app.inject({ method: 'GET', url: '/api/orders?limit=1', headers: admin });
    for (const read of [
      orderResponseSchema.parse(single.json()).order,
      orderListResponseSchema.parse(staffList.json()).orders[0]!,
    ])
      expect(read.history.map((entry) => [entry.event, entry.actor?.role])).toEqual([
        ['placed', ROLE.user],
        ['status-changed', ROLE.pharmacist],
      ]);
  });

  it('accepts only the four statuses, from admins only', async () => {
    const { headers } = await shopper();
    const medicine = await insertMedicine(ctx);
    const order = await placedOrder(headers, medicine.id);
    const wrong = await setStatus(order._id, "Shipped'; DROP TABLE orders; --");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ status: 'Status must be one of Pending, Accepted, Dispatched, Canceled.' });
    expect((await setStatus(order._id, 'Accepted', headers)).statusCode).toBe(403);
    expect((await setStatus(order._id, 'Accepted', {})).statusCode).toBe(401);
    expect((await setStatus('00000000-0000-4000-8000-000000000000', 'Accepted')).statusCode).toBe(404);
    expect((await setStatus('not-an-id', 'Accepted')).statusCode).toBe(404);
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored!.status).toBe('Pending');
  });
});

describe('authorization', () => {
  it('needs a login for every order call', async () => {
    for (const [method, url] of [
      ['POST', '/api/orders/add-order'],
      ['GET', '/api/orders/my-orders'],
      ['GET', '/api/orders/single-product/00000000-0000-4000-8000-000000000000'],
      ['GET', '/api/orders'],
      ['PATCH', '/api/orders/update-order/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await ctx.app.inject({
        method,
        url,
        payload: method === 'PATCH' ? { status: 'Pending' } : undefined,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'No token found' });
    }
  });
});
