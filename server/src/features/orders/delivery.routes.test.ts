import {
  ADDRESS_BOOK_MAX,
  ADDRESS_NEEDED_CHOICE_MESSAGE,
  ADDRESS_NEEDED_MESSAGE,
  ADDRESS_NOT_FOUND_MESSAGE,
  ADDRESS_TOO_LATE_MESSAGE,
  addressesResponseSchema,
  addressResponseSchema,
  AWAITING_REVIEW_MESSAGE,
  ORDER_EVENT,
  ORDER_HAS_ADDRESS_MESSAGE,
  ORDER_STATUS,
  ORDER_STATUS_CHANGED_MESSAGE,
  orderResponseSchema,
  PRESCRIPTION_EXPIRED_MESSAGE,
  PRESCRIPTION_REVIEW,
  PRESCRIPTION_STATE,
  PRESCRIPTION_USED_UP_MESSAGE,
  prescriptionsResponseSchema,
  REORDER_SKIP,
  reorderResponseSchema,
  reorderSkipMessage,
  REPEAT_REVIEW_NOTE,
  ROLE,
  type Order,
  shopDayOf,
} from '@apotheca/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addresses, auditLog, batches, cartItems, medicines, orders, prescriptions } from '../../db/schema';
import { waitersOnLocks } from '../../test/lock-waiters';
import { useTestContext } from '../../test/test-context';
import { createTestUser } from '../../test/test-users';
import { HOME_ADDRESS } from '../addresses/addresses.fixtures';
import { addToCart } from '../cart/cart.fixtures';
import { insertMedicine, setStock, storedMedicine } from '../medicines/medicines.fixtures';
import { PDF_SCAN, uploadPrescription } from '../prescriptions/prescriptions.fixtures';
import { ALREADY_DISPATCHED_MESSAGE, cancelUnpaidOrders, REPEAT_GONE_MESSAGE } from './order-status.service';
import { setOrderStatus } from './orders.fixtures';

// Where an order goes, how staff send it, and ordering the same again.

type Headers = { authorization?: string };
let admin: Headers;

const ctx = useTestContext();
beforeAll(async () => {
  admin = (await createTestUser(ctx, { role: ROLE.admin, firstName: 'Ann', lastName: 'Admin' })).headers;
});

const checkout = (headers: Headers, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/orders/add-order', headers, payload });
const placed = async (headers: Headers, payload: object = {}): Promise<Order> => {
  const response = await checkout(headers, payload);
  expect(response.statusCode, response.body).toBe(201);
  return orderResponseSchema.parse(response.json()).order;
};
/** A new shopper's order of one medicine, placed with `payload` (a delivery address, say). */
const newOrder = async (payload: object = {}) => {
  const { headers } = await createTestUser(ctx);
  await addToCart(ctx, headers, (await insertMedicine(ctx)).id);
  return { headers, order: await placed(headers, payload) };
};
const orderOf = async (id: string, headers: Headers) =>
  orderResponseSchema.parse((await ctx.app.inject({ url: `/api/orders/single-product/${id}`, headers })).json()).order;
const dispatch = (id: string, payload: object = {}) => setOrderStatus(ctx, admin, id, ORDER_STATUS.dispatched, payload);
const stockOf = async (id: string) => (await storedMedicine(ctx, id))!.stock;
const today = (days = 0) => shopDayOf(new Date(Date.now() + days * 86_400_000));

describe('a delivery address at checkout', () => {
  it('places and answers an order to an address stored before a stricter rule, as it was stored', async () => {
    const { user, headers } = await createTestUser(ctx);
    const stored = { ...HOME_ADDRESS, postalCode: 'SW1Y/4LB', line2: '' };
    const [row] = await ctx.database.db
      .insert(addresses)
      .values({ userId: user.id, ...stored })
      .returning();
    await addToCart(ctx, headers, (await insertMedicine(ctx)).id);
    const order = await placed(headers, { addressId: row!.id });
    expect(order.address).toEqual(stored);
    expect((await orderOf(order._id, headers)).address).toEqual(stored);
  });

  it('keeps its copy of a saved address after the address book is edited', async () => {
    const { headers } = await createTestUser(ctx);
    const { address } = addressResponseSchema.parse(
      (await ctx.app.inject({ method: 'POST', url: '/api/addresses', headers, payload: HOME_ADDRESS })).json(),
    );
    await addToCart(ctx, headers, (await insertMedicine(ctx)).id);
    const order = await placed(headers, { addressId: address._id });
    expect(order.address).toEqual({ ...HOME_ADDRESS, line2: '' });

    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/addresses/${address._id}`,
      headers,
      payload: { line1: '99 Elsewhere Road' },
    });
    expect(edit.statusCode).toBe(200);
    await ctx.app.inject({ method: 'DELETE', url: `/api/addresses/${address._id}`, headers });
    expect((await orderOf(order._id, headers)).address).toEqual({ ...HOME_ADDRESS, line2: '' });
    expect((await orderOf(order._id, admin)).address?.line1).toBe(HOME_ADDRESS.line1);
  });

  it('checks a new address with the form rules and saves it to the book when asked', async () => {
    const { headers } = await createTestUser(ctx);
    await addToCart(ctx, headers, (await insertMedicine(ctx)).id);
    const refused = await checkout(headers, { address: { ...HOME_ADDRESS, postalCode: '' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ 'address.postalCode': 'Postal code is required.' });
    // A NUL byte, which PostgreSQL cannot store, is refused by the rules rather than failing the order.
    const nul = await checkout(headers, { address: { ...HOME_ADDRESS, line1: '12\u0000' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors).toEqual({ 'address.line1': 'Address line 1 must not contain control characters.' });
    // Nor is half of a surrogate pair, which the order's copy of the address (jsonb) cannot hold.
    const half = await checkout(headers, { address: { ...HOME_ADDRESS, name: 'Ada \ud800' } });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors).toEqual({ 'address.name': 'Name must not contain control characters.' });

    const order = await placed(headers, { address: { ...HOME_ADDRESS, line2: 'Flat 3' }, saveAddress: true });
    expect(order.address).toEqual({ ...HOME_ADDRESS, line2: 'Flat 3' });
    const book = (await ctx.app.inject({ url: '/api/addresses', headers })).json().addresses;
    expect(book).toEqual([expect.objectContaining({ ...HOME_ADDRESS, line2: 'Flat 3', isDefault: true })]);
  });

  it('places the order with a typed address even when the address book is full, and leaves the book as it was', async () => {
    const { headers } = await createTestUser(ctx);
    for (let n = 0; n < ADDRESS_BOOK_MAX; n += 1) {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/addresses',
        headers,
        payload: { ...HOME_ADDRESS, line1: `${n} Main Street` },
      });
    }
    await addToCart(ctx, headers, (await insertMedicine(ctx)).id);
    const order = await placed(headers, { address: { ...HOME_ADDRESS, line1: '1 New Road' }, saveAddress: true });
    expect(order.address?.line1).toBe('1 New Road');
    const book = (await ctx.app.inject({ url: '/api/addresses', headers })).json().addresses as { line1: string }[];
    expect(book).toHaveLength(ADDRESS_BOOK_MAX);
    expect(book.map(({ line1 }) => line1)).not.toContain('1 New Road');
  });

  it('answers 404 for another patient’s address and places nothing', async () => {
    const owner = await createTestUser(ctx);
    const { address } = addressResponseSchema.parse(
      (
        await ctx.app.inject({ method: 'POST', url: '/api/addresses', headers: owner.headers, payload: HOME_ADDRESS })
      ).json(),
    );
    const other = await createTestUser(ctx);
    const medicine = await insertMedicine(ctx, { stock: 5 });
    await addToCart(ctx, other.headers, medicine.id);
    const response = await checkout(other.headers, { addressId: address._id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: ADDRESS_NOT_FOUND_MESSAGE });
    expect(await stockOf(medicine.id)).toBe(5);
  });

  it('still places an order sent without an address, which cannot be dispatched before it has one', async () => {
    const { headers } = await createTestUser(ctx);
    await addToCart(ctx, headers, (await insertMedicine(ctx)).id);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/orders/add-order', headers });
    expect(response.statusCode).toBe(201);
    const { order } = orderResponseSchema.parse(response.json());
    expect(order.address).toBeNull();

    const refused = await dispatch(order._id, { carrier: 'Royal Mail' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: ADDRESS_NEEDED_MESSAGE });
    expect((await orderOf(order._id, admin)).status).toBe(ORDER_STATUS.pending);
  });
});

describe('the address of an order placed without one', () => {
  const addAddress = (id: string, headers: Headers, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: `/api/orders/${id}/address`, headers, payload });
  const saveToBook = async (headers: Headers) =>
    addressResponseSchema.parse(
      (await ctx.app.inject({ method: 'POST', url: '/api/addresses', headers, payload: HOME_ADDRESS })).json(),
    ).address;
  const bookOf = async (headers: Headers) =>
    addressesResponseSchema.parse((await ctx.app.inject({ url: '/api/addresses', headers })).json()).addresses;
  const auditOf = (id: string) => ctx.database.db.select().from(auditLog).where(eq(auditLog.orderId, id));

  it("is added by the order's patient from their address book, with a history row, and the order can then be dispatched", async () => {
    const { headers, order } = await newOrder();
    const { _id: addressId } = await saveToBook(headers);
    const response = await addAddress(order._id, headers, { addressId });
    expect(response.statusCode, response.body).toBe(200);
    const added = orderResponseSchema.parse(response.json()).order;
    expect(added.address).toEqual({ ...HOME_ADDRESS, line2: '' });
    const seen = await orderOf(order._id, headers);
    expect(seen.address).toEqual({ ...HOME_ADDRESS, line2: '' });
    expect(seen.history.at(-1)).toMatchObject({ event: ORDER_EVENT.addressAdded, actor: { _id: seen.userId!._id } });
    // The patient's own action is no staff change: no audit entry.
    expect(await auditOf(order._id)).toEqual([]);

    const dispatched = await dispatch(order._id, { carrier: 'Royal Mail' });
    expect(dispatched.statusCode, dispatched.body).toBe(200);
    expect(dispatched.json().order.status).toBe(ORDER_STATUS.dispatched);
  });

  it('is added as typed, saved to the book only when asked, as at checkout', async () => {
    const { headers, order } = await newOrder();
    const typed = { ...HOME_ADDRESS, line1: '1 New Road' };
    const response = await addAddress(order._id, headers, { address: typed, saveAddress: true });
    expect(response.statusCode, response.body).toBe(200);
    expect((await orderOf(order._id, headers)).address).toEqual({ ...typed, line2: '' });
    expect((await bookOf(headers)).map(({ line1 }) => line1)).toEqual(['1 New Road']);

    const other = await newOrder();
    expect((await addAddress(other.order._id, other.headers, { address: typed })).statusCode).toBe(200);
    expect(await bookOf(other.headers)).toEqual([]);
  });

  it("answers 404 for someone else's order, staff's included, and changes nothing", async () => {
    const { order } = await newOrder();
    const stranger = await createTestUser(ctx);
    for (const headers of [stranger.headers, admin]) {
      const response = await addAddress(order._id, headers, { address: HOME_ADDRESS });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Order not found' });
    }
    const seen = await orderOf(order._id, admin);
    expect(seen.address).toBeNull();
    expect(seen.history.map(({ event }) => event)).not.toContain(ORDER_EVENT.addressAdded);
    const missing = await addAddress('00000000-0000-4000-8000-000000000000', stranger.headers, {
      address: HOME_ADDRESS,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("answers 404 for another patient's saved address", async () => {
    const { headers, order } = await newOrder();
    const { _id: addressId } = await saveToBook((await createTestUser(ctx)).headers);
    const response = await addAddress(order._id, headers, { addressId });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: ADDRESS_NOT_FOUND_MESSAGE });
    expect((await orderOf(order._id, headers)).address).toBeNull();
  });

  it('refuses (409) an order that has an address already, and keeps it', async () => {
    const { headers, order } = await newOrder({ address: HOME_ADDRESS });
    const response = await addAddress(order._id, headers, { address: { ...HOME_ADDRESS, line1: '1 New Road' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: ORDER_HAS_ADDRESS_MESSAGE });
    expect((await orderOf(order._id, headers)).address).toEqual({ ...HOME_ADDRESS, line2: '' });
  });

  it('refuses (409) an order dispatched or canceled, and changes nothing', async () => {
    const { headers, order } = await newOrder();
    await addAddress(order._id, headers, { address: HOME_ADDRESS });
    expect((await dispatch(order._id)).statusCode).toBe(200);
    // Sent, it has an address: the refusal says so.
    expect((await addAddress(order._id, headers, { address: HOME_ADDRESS })).json()).toEqual({
      message: ORDER_HAS_ADDRESS_MESSAGE,
    });

    const canceled = await newOrder();
    expect((await setOrderStatus(ctx, admin, canceled.order._id, ORDER_STATUS.canceled)).statusCode).toBe(200);
    const response = await addAddress(canceled.order._id, canceled.headers, { address: HOME_ADDRESS });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: ADDRESS_TOO_LATE_MESSAGE });
    const seen = await orderOf(canceled.order._id, canceled.headers);
    expect(seen.address).toBeNull();
    expect(seen.history.map(({ event }) => event)).not.toContain(ORDER_EVENT.addressAdded);
  });

  it('refuses (409) an order dispatched without an address, as an older version could', async () => {
    const { headers, order } = await newOrder();
    await ctx.database.db.update(orders).set({ status: ORDER_STATUS.dispatched }).where(eq(orders.id, order._id));
    const response = await addAddress(order._id, headers, { address: HOME_ADDRESS });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: ADDRESS_TOO_LATE_MESSAGE });
    expect((await orderOf(order._id, headers)).address).toBeNull();
  });

  it('refuses a bad address with its field errors (400), or none at all, and changes nothing', async () => {
    const { headers, order } = await newOrder();
    const bad = await addAddress(order._id, headers, {
      address: { ...HOME_ADDRESS, city: ' ', postalCode: 'SW1Y/4LB' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      'address.city': 'City is required.',
      'address.postalCode': 'Postal code may hold only letters, digits, spaces and hyphens.',
    });
    const none = await addAddress(order._id, headers, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ addressId: ADDRESS_NEEDED_CHOICE_MESSAGE });
    const seen = await orderOf(order._id, headers);
    expect(seen.address).toBeNull();
    expect(seen.history.map(({ event }) => event)).toEqual([ORDER_EVENT.placed]);
    expect(await bookOf(headers)).toEqual([]);
  });
});

describe('dispatch with tracking', () => {
  it('keeps the carrier and tracking number and shows a delivery estimate', async () => {
    const { headers, order } = await newOrder({ address: HOME_ADDRESS });
    const response = await dispatch(order._id, { carrier: 'Royal Mail', trackingNumber: ' RM123456789GB ' });
    expect(response.statusCode).toBe(200);
    const sent = orderResponseSchema.parse(response.json()).order;
    expect(sent).toMatchObject({
      status: ORDER_STATUS.dispatched,
      carrier: 'Royal Mail',
      trackingNumber: 'RM123456789GB',
    });
    expect(sent.deliveryEstimate!.from < sent.deliveryEstimate!.to).toBe(true);
    expect(sent.deliveryEstimate!.from > sent.dispatchedAt!.slice(0, 10)).toBe(true);

    const seen = await orderOf(order._id, headers);
    expect(seen).toMatchObject({ carrier: 'Royal Mail', trackingNumber: 'RM123456789GB' });
  });

  it('promises no delivery once a dispatched order is canceled, and keeps its carrier and tracking number', async () => {
    const { headers, order } = await newOrder({ address: HOME_ADDRESS });
    expect((await dispatch(order._id, { carrier: 'Royal Mail', trackingNumber: 'RM123456789GB' })).statusCode).toBe(
      200,
    );
    expect((await setOrderStatus(ctx, admin, order._id, ORDER_STATUS.canceled)).statusCode).toBe(200);
    expect(await orderOf(order._id, headers)).toMatchObject({
      status: ORDER_STATUS.canceled,
      carrier: 'Royal Mail',
      trackingNumber: 'RM123456789GB',
      deliveryEstimate: null,
    });
  });

  it('refuses a control character in the carrier or tracking number, and leaves the order as it was', async () => {
    const { headers, order } = await newOrder({ address: HOME_ADDRESS });
    const response = await dispatch(order._id, { carrier: 'Royal\u0000Mail', trackingNumber: 'RM1\ud800' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      carrier: 'Carrier must not contain control characters.',
      trackingNumber: 'Tracking number must not contain control characters.',
    });
    expect(await orderOf(order._id, headers)).toMatchObject({
      status: order.status,
      carrier: null,
      trackingNumber: null,
    });
  });

  it('dispatches without carrier or tracking number, both optional', async () => {
    const { order } = await newOrder({ address: HOME_ADDRESS });
    const response = await dispatch(order._id, { carrier: '', trackingNumber: '' });
    expect(response.statusCode).toBe(200);
    expect(response.json().order).toMatchObject({ carrier: null, trackingNumber: null });
  });

  it('tells the second of two staff dispatching one order at once, each with a parcel, that it went already', async () => {
    const { headers, order } = await newOrder({ address: HOME_ADDRESS });
    const pharmacist = await createTestUser(ctx, { role: ROLE.pharmacist });
    const parcels = [
      { headers: admin, parcel: { carrier: 'DHL Express', trackingNumber: 'JD0146000012345678' } },
      { headers: pharmacist.headers, parcel: { carrier: 'Royal Mail', trackingNumber: 'RM123456789GB' } },
    ];
    const answers = await Promise.all(
      parcels.map(({ headers: staff, parcel }) =>
        setOrderStatus(ctx, staff, order._id, ORDER_STATUS.dispatched, parcel),
      ),
    );
    expect(answers.map(({ statusCode }) => statusCode).sort()).toEqual([200, 409]);
    const sent = parcels[answers.findIndex(({ statusCode }) => statusCode === 200)]!.parcel;
    expect(answers.find(({ statusCode }) => statusCode === 409)!.json()).toEqual({
      message: ALREADY_DISPATCHED_MESSAGE,
    });
    const seen = await orderOf(order._id, headers);
    expect(seen).toMatchObject({ status: ORDER_STATUS.dispatched, ...sent });
    expect(seen.history.filter((entry) => entry.to === ORDER_STATUS.dispatched)).toHaveLength(1);

    // The same dispatch sent again, or a status alone, changes nothing and is no conflict.
    expect((await dispatch(order._id, sent)).statusCode).toBe(200);
    expect((await dispatch(order._id)).statusCode).toBe(200);
    expect(await orderOf(order._id, headers)).toMatchObject({ dispatchedAt: seen.dispatchedAt, ...sent });
  });

  it('takes one of a cancellation and a dispatch sent at once from the same screen, and tells the other the order changed', async () => {
    const { headers } = await createTestUser(ctx);
    const medicine = await insertMedicine(ctx, { stock: 5 });
    await addToCart(ctx, headers, medicine.id, 2);
    const order = await placed(headers, { address: HOME_ADDRESS });
    const pharmacist = await createTestUser(ctx, { role: ROLE.pharmacist });
    // Each sends the status it saw, as the staff screens do.
    const seen = { fromStatus: ORDER_STATUS.pending };
    const answers = await Promise.all([
      setOrderStatus(ctx, pharmacist.headers, order._id, ORDER_STATUS.canceled, seen),
      dispatch(order._id, { ...seen, carrier: 'Royal Mail' }),
    ]);
    expect(answers.map(({ statusCode }) => statusCode).sort()).toEqual([200, 409]);
    expect(answers.find(({ statusCode }) => statusCode === 409)!.json()).toEqual({
      message: ORDER_STATUS_CHANGED_MESSAGE,
    });
    const after = await orderOf(order._id, headers);
    const changes = after.history.filter(({ event }) => event === ORDER_EVENT.statusChanged);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.to).toBe(after.status);
    // The units are back on the shelf only when it was the cancellation.
    expect(await stockOf(medicine.id)).toBe(after.status === ORDER_STATUS.canceled ? 5 : 3);
  });

  it('clears the parcel of an order moved back before dispatch, in its history and audit too', async () => {
    const { headers, order } = await newOrder({ address: HOME_ADDRESS });
    const parcel = { carrier: 'DHL Express', trackingNumber: 'JD0146000012345678' };
    expect((await dispatch(order._id, parcel)).statusCode).toBe(200);
    for (const status of [ORDER_STATUS.pending, ORDER_STATUS.accepted])
      expect((await setOrderStatus(ctx, admin, order._id, status)).statusCode).toBe(200);

    const noParcel = { carrier: null, trackingNumber: null, dispatchedAt: null, deliveryEstimate: null };
    expect(await orderOf(order._id, headers)).toMatchObject({ status: ORDER_STATUS.accepted, ...noParcel });
    expect(await orderOf(order._id, admin)).toMatchObject(noParcel);
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored).toMatchObject({ carrier: null, trackingNumber: null, dispatchedAt: null });
    expect(
      (await orderOf(order._id, admin)).history
        .filter((entry) => entry.event === ORDER_EVENT.statusChanged)
        .map(({ from, to }) => [from, to]),
    ).toEqual([
      [ORDER_STATUS.pending, ORDER_STATUS.dispatched],
      [ORDER_STATUS.dispatched, ORDER_STATUS.pending],
      [ORDER_STATUS.pending, ORDER_STATUS.accepted],
    ]);
    const audit = await ctx.database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.orderId, order._id))
      .orderBy(asc(auditLog.id));
    expect(audit).toEqual([
      { before: { status: ORDER_STATUS.pending }, after: { status: ORDER_STATUS.dispatched, ...parcel } },
      {
        before: { status: ORDER_STATUS.dispatched, ...parcel },
        after: { status: ORDER_STATUS.pending, carrier: null, trackingNumber: null },
      },
      { before: { status: ORDER_STATUS.pending }, after: { status: ORDER_STATUS.accepted } },
    ]);

    // Dispatched again, it carries only its new parcel.
    const again = await dispatch(order._id, { carrier: 'Royal Mail' });
    expect(orderResponseSchema.parse(again.json()).order).toMatchObject({
      carrier: 'Royal Mail',
      trackingNumber: null,
    });
  });
});

describe('order again', () => {
  it('puts the items back, capped by stock and by the limit per order, and says what it could not add', async () => {
    const { headers } = await createTestUser(ctx);
    const plenty = await insertMedicine(ctx, { name: 'Plenty', stock: 50 });
    const scarce = await insertMedicine(ctx, { name: 'Scarce', stock: 10 });
    const limited = await insertMedicine(ctx, { name: 'Limited', stock: 50, maxPerOrder: 4 });
    const soldOut = await insertMedicine(ctx, { name: 'Sold out', stock: 10 });
    const gone = await insertMedicine(ctx, { name: 'Gone', stock: 10 });
    await addToCart(ctx, headers, plenty.id, 2);
    await addToCart(ctx, headers, scarce.id, 5);
    await addToCart(ctx, headers, limited.id, 3);
    await addToCart(ctx, headers, soldOut.id, 1);
    await addToCart(ctx, headers, gone.id, 1);
    const order = await placed(headers);
    await setStock(ctx, scarce.id, 3);
    await setStock(ctx, soldOut.id, 0);
    await ctx.database.db.delete(medicines).where(eq(medicines.id, gone.id));
    await addToCart(ctx, headers, limited.id, 2);

    const response = await ctx.app.inject({ method: 'POST', url: `/api/orders/${order._id}/reorder`, headers });
    expect(response.statusCode).toBe(200);
    const { cart, skipped } = reorderResponseSchema.parse(response.json());
    expect(Object.fromEntries(cart.items.map((item) => [item.name, item.quantity]))).toEqual({
      Plenty: 2,
      Scarce: 3,
      Limited: 4,
    });
    expect(skipped).toEqual(
      expect.arrayContaining([
        { medicineId: scarce.id, name: 'Scarce', reason: REORDER_SKIP.limited, added: 3 },
        { medicineId: limited.id, name: 'Limited', reason: REORDER_SKIP.limited, added: 2 },
        { medicineId: soldOut.id, name: 'Sold out', reason: REORDER_SKIP.outOfStock, added: 0 },
        { medicineId: null, name: 'Gone', reason: REORDER_SKIP.gone, added: 0 },
      ]),
    );
    expect(skipped).toHaveLength(4);
  });

  it('says a medicine whose every unit left is recalled is recalled, not out of stock', async () => {
    const { headers } = await createTestUser(ctx);
    const recalled = await insertMedicine(ctx, { name: 'Recallamol', stock: 10 });
    await addToCart(ctx, headers, recalled.id, 1);
    const order = await placed(headers);
    // The shop recalls the only lot, which still holds nine units.
    await ctx.database.db.update(batches).set({ recalledAt: new Date() }).where(eq(batches.medicineId, recalled.id));

    const response = await ctx.app.inject({ method: 'POST', url: `/api/orders/${order._id}/reorder`, headers });
    expect(response.statusCode).toBe(200);
    const { cart, skipped } = reorderResponseSchema.parse(response.json());
    expect(cart.items).toEqual([]);
    expect(skipped).toEqual([{ medicineId: recalled.id, name: 'Recallamol', reason: REORDER_SKIP.recalled, added: 0 }]);
    expect(reorderSkipMessage(skipped[0]!)).toBe('Recallamol cannot be ordered now: its stock was recalled.');
  });

  it('adds two orders at once one after the other, within the limit per order, and says what did not fit', async () => {
    const { headers } = await createTestUser(ctx);
    const limited = await insertMedicine(ctx, { name: 'Limited', stock: 50, maxPerOrder: 5 });
    const orderOfThree = async () => {
      await addToCart(ctx, headers, limited.id, 3);
      return placed(headers);
    };
    const [first, second] = [await orderOfThree(), await orderOfThree()];
    await addToCart(ctx, headers, limited.id, 1);
    const { calls } = await ctx.database.db.transaction(async (tx) => {
      // The cart's line is held, as a checkout of it holds it, until both orders' calls have read the cart.
      await tx.execute(sql`select 1 from ${cartItems} where medicine_id = ${limited.id} for update`);
      const calls = Promise.all(
        [first, second].map((order) =>
          ctx.app.inject({ method: 'POST', url: `/api/orders/${order._id}/reorder`, headers }),
        ),
      );
      await waitersOnLocks(ctx, 2);
      // Wrapped: a promise returned as such would be awaited before the lock is let go.
      return { calls };
    });
    const answers = await calls;
    expect(answers.map(({ statusCode }) => statusCode)).toEqual([200, 200]);
    // The cart held 1: one call adds 3, the other the 1 the limit leaves, and each says so.
    const added = answers.map((answer) => reorderResponseSchema.parse(answer.json()).skipped[0]?.added ?? 3);
    expect(added.sort()).toEqual([1, 3]);
    const cart = await ctx.app.inject({ url: '/api/cart', headers });
    expect(cart.json().cart.items.map((item: { quantity: number }) => item.quantity)).toEqual([5]);
  });

  it('answers 404 for another patient’s order', async () => {
    const { order } = await newOrder();
    const other = await createTestUser(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${order._id}/reorder`,
      headers: other.headers,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('repeat orders of a prescription', () => {
  /** A patient's order of a prescription-only medicine, approved by a pharmacist with these terms. */
  async function approvedPrescription(terms: { validUntil?: string; repeats?: number }) {
    const pharmacist = await createTestUser(ctx, { role: ROLE.pharmacist });
    const shopper = await createTestUser(ctx);
    const insulin = await insertMedicine(ctx, { name: 'Insulin', stock: 20, prescriptionRequired: true });
    const prescriptionId = (await uploadPrescription(ctx, shopper.headers, PDF_SCAN)).json().prescription._id as string;
    await addToCart(ctx, shopper.headers, insulin.id, 2);
    const first = await placed(shopper.headers, { prescriptionId, address: HOME_ADDRESS });
    const review = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${first._id}/prescription-review`,
      headers: pharmacist.headers,
      payload: { decision: 'approve', ...terms },
    });
    expect(review.statusCode, review.body).toBe(200);
    return { shopper, insulin, prescriptionId, first: orderResponseSchema.parse(review.json()).order };
  }
  const repeatsLeft = async (id: string) =>
    (await ctx.database.db.select().from(prescriptions).where(eq(prescriptions.id, id)))[0]!.repeatsLeft;

  it('reuses an approval within its validity, recorded as a repeat, and spends one repeat', async () => {
    const { shopper, insulin, prescriptionId, first } = await approvedPrescription({
      validUntil: today(30),
      repeats: 1,
    });
    expect(first.prescription).toMatchObject({ validUntil: today(30), repeatsLeft: 1, repeat: false });

    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${first._id}/reorder`,
      headers: shopper.headers,
    });
    expect(again.json().skipped).toEqual([]);
    const repeat = await placed(shopper.headers, { prescriptionId, address: HOME_ADDRESS });
    expect(repeat.prescription).toMatchObject({
      review: PRESCRIPTION_REVIEW.approved,
      repeat: true,
      note: REPEAT_REVIEW_NOTE,
      repeatsLeft: 0,
    });
    expect(repeat.history.map(({ event }) => event)).toEqual([ORDER_EVENT.placed, ORDER_EVENT.reviewDecided]);
    expect(await repeatsLeft(prescriptionId)).toBe(0);
    expect(await stockOf(insulin.id)).toBe(16);
    // Approved already: it may be sent at once.
    expect((await dispatch(repeat._id)).statusCode).toBe(200);

    await addToCart(ctx, shopper.headers, insulin.id);
    const usedUp = await checkout(shopper.headers, { prescriptionId });
    expect(usedUp.statusCode).toBe(400);
    expect(usedUp.json()).toEqual({ message: PRESCRIPTION_USED_UP_MESSAGE });
    expect(await stockOf(insulin.id)).toBe(16);
  });

  it('sends a repeat of more than the pharmacist approved to a pharmacist, spending no repeat', async () => {
    const { shopper, insulin, prescriptionId, first } = await approvedPrescription({
      validUntil: today(30),
      repeats: 1,
    });
    expect(first.items.map(({ quantity }) => quantity)).toEqual([2]);
    await addToCart(ctx, shopper.headers, insulin.id, 3);
    const more = await placed(shopper.headers, { prescriptionId, address: HOME_ADDRESS });
    expect(more.prescription).toMatchObject({ review: PRESCRIPTION_REVIEW.pending, repeat: false });
    expect(await repeatsLeft(prescriptionId)).toBe(1);
    const accepted = await setOrderStatus(ctx, admin, more._id, ORDER_STATUS.accepted);
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toEqual({ message: AWAITING_REVIEW_MESSAGE });

    // The quantity approved, or less, is still a repeat.
    await addToCart(ctx, shopper.headers, insulin.id, 2);
    const repeat = await placed(shopper.headers, { prescriptionId, address: HOME_ADDRESS });
    expect(repeat.prescription).toMatchObject({ review: PRESCRIPTION_REVIEW.approved, repeat: true, repeatsLeft: 0 });
  });

  it('reuses no prescription a pharmacist has rejected on one of its orders: its next order goes to a pharmacist', async () => {
    const { shopper, insulin, prescriptionId } = await approvedPrescription({ validUntil: today(30), repeats: 2 });
    const pharmacist = await createTestUser(ctx, { role: ROLE.pharmacist });
    await addToCart(ctx, shopper.headers, insulin.id, 3);
    const second = await placed(shopper.headers, { prescriptionId, address: HOME_ADDRESS });
    const rejected = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${second._id}/prescription-review`,
      headers: pharmacist.headers,
      payload: { decision: 'reject', note: 'The prescription is forged.' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    await addToCart(ctx, shopper.headers, insulin.id);
    const next = await placed(shopper.headers, { prescriptionId, address: HOME_ADDRESS });
    expect(next.prescription).toMatchObject({ review: PRESCRIPTION_REVIEW.pending, repeat: false });
    expect(await repeatsLeft(prescriptionId)).toBe(2);
    expect((await setOrderStatus(ctx, admin, next._id, ORDER_STATUS.accepted)).statusCode).toBe(409);
  });

  it('refuses an expired prescription and asks for a new upload, changing nothing', async () => {
    const { shopper, insulin, prescriptionId } = await approvedPrescription({ validUntil: today(), repeats: 2 });
    await ctx.database.db
      .update(prescriptions)
      .set({ validUntil: today(-1) })
      .where(eq(prescriptions.id, prescriptionId));
    await addToCart(ctx, shopper.headers, insulin.id);
    const response = await checkout(shopper.headers, { prescriptionId });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: PRESCRIPTION_EXPIRED_MESSAGE });
    expect(await repeatsLeft(prescriptionId)).toBe(2);
    expect(await stockOf(insulin.id)).toBe(18);

    // A new upload goes to a pharmacist, as any first order does.
    const fresh = (await uploadPrescription(ctx, shopper.headers, PDF_SCAN)).json().prescription._id as string;
    const order = await placed(shopper.headers, { prescriptionId: fresh });
    expect(order.prescription).toMatchObject({ review: PRESCRIPTION_REVIEW.pending, repeat: false });
  });

  it("tells its owner each prescription's state as checkout judges it, with the approval's terms", async () => {
    const { shopper, insulin, prescriptionId } = await approvedPrescription({ validUntil: today(30), repeats: 1 });
    const upload = async () =>
      (await uploadPrescription(ctx, shopper.headers, PDF_SCAN)).json().prescription._id as string;
    const waiting = await upload();
    await addToCart(ctx, shopper.headers, insulin.id);
    await placed(shopper.headers, { prescriptionId: waiting });
    const unused = await upload();
    const states = async () =>
      Object.fromEntries(
        prescriptionsResponseSchema
          .parse((await ctx.app.inject({ url: '/api/prescriptions', headers: shopper.headers })).json())
          .prescriptions.map(({ _id, state, validUntil, repeatsLeft }) => [_id, { state, validUntil, repeatsLeft }]),
      );
    const none = { validUntil: null, repeatsLeft: null };
    expect(await states()).toEqual({
      [prescriptionId]: { state: PRESCRIPTION_STATE.approved, validUntil: today(30), repeatsLeft: 1 },
      [waiting]: { state: PRESCRIPTION_STATE.awaitingReview, ...none },
      [unused]: { state: PRESCRIPTION_STATE.new, ...none },
    });

    await addToCart(ctx, shopper.headers, insulin.id);
    await placed(shopper.headers, { prescriptionId });
    expect((await states())[prescriptionId]).toEqual({
      state: PRESCRIPTION_STATE.usedUp,
      validUntil: today(30),
      repeatsLeft: 0,
    });
    await ctx.database.db
      .update(prescriptions)
      .set({ validUntil: today(-1) })
      .where(eq(prescriptions.id, prescriptionId));
    expect((await states())[prescriptionId]?.state).toBe(PRESCRIPTION_STATE.expired);
  });

  it("gives a canceled repeat's repeat back once, whoever cancels it at once, and spends it again when it is opened again", async () => {
    const { shopper, insulin, prescriptionId } = await approvedPrescription({ validUntil: today(30), repeats: 1 });
    const pharmacist = await createTestUser(ctx, { role: ROLE.pharmacist });
    await addToCart(ctx, shopper.headers, insulin.id);
    const repeat = await placed(shopper.headers, { prescriptionId, address: HOME_ADDRESS });
    expect(await repeatsLeft(prescriptionId)).toBe(0);

    const cancels = await Promise.all(
      [admin, pharmacist.headers].map((headers) => setOrderStatus(ctx, headers, repeat._id, ORDER_STATUS.canceled)),
    );
    expect(cancels.map(({ statusCode }) => statusCode)).toEqual([200, 200]);
    expect(await repeatsLeft(prescriptionId)).toBe(1);
    expect(await stockOf(insulin.id)).toBe(18);
    expect((await orderOf(repeat._id, shopper.headers)).prescription).toMatchObject({ repeatsLeft: 1 });

    const reopened = await setOrderStatus(ctx, admin, repeat._id, ORDER_STATUS.pending);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await repeatsLeft(prescriptionId)).toBe(0);
    expect(await stockOf(insulin.id)).toBe(17);
  });

  it('gives the repeat of a repeat order the shop cancels unpaid back, for the patient to order again', async () => {
    const { shopper, insulin, prescriptionId } = await approvedPrescription({ validUntil: today(30), repeats: 1 });
    await addToCart(ctx, shopper.headers, insulin.id);
    const unpaid = await placed(shopper.headers, { prescriptionId, address: HOME_ADDRESS });
    const dayAgo = new Date(Date.now() - 86_400_000);
    await ctx.database.db
      .update(orders)
      .set({ createdAt: new Date(dayAgo.getTime() - 60_000) })
      .where(eq(orders.id, unpaid._id));
    expect(await cancelUnpaidOrders(ctx.database.db, dayAgo)).toBe(1);
    expect(await repeatsLeft(prescriptionId)).toBe(1);

    await addToCart(ctx, shopper.headers, insulin.id);
    const again = await placed(shopper.headers, { prescriptionId, address: HOME_ADDRESS });
    expect(again.prescription).toMatchObject({ review: PRESCRIPTION_REVIEW.approved, repeat: true, repeatsLeft: 0 });
  });

  it('keeps a canceled repeat canceled when its repeat was spent since, or its prescription has expired', async () => {
    const { shopper, insulin, prescriptionId } = await approvedPrescription({ validUntil: today(30), repeats: 1 });
    await addToCart(ctx, shopper.headers, insulin.id);
    const canceled = await placed(shopper.headers, { prescriptionId, address: HOME_ADDRESS });
    expect((await setOrderStatus(ctx, admin, canceled._id, ORDER_STATUS.canceled)).statusCode).toBe(200);
    await addToCart(ctx, shopper.headers, insulin.id);
    await placed(shopper.headers, { prescriptionId, address: HOME_ADDRESS });
    expect(await stockOf(insulin.id)).toBe(17);

    const spent = await setOrderStatus(ctx, admin, canceled._id, ORDER_STATUS.pending);
    expect(spent.statusCode).toBe(409);
    expect(spent.json()).toEqual({ message: REPEAT_GONE_MESSAGE });
    await ctx.database.db
      .update(prescriptions)
      .set({ repeatsLeft: 1, validUntil: today(-1) })
      .where(eq(prescriptions.id, prescriptionId));
    const expired = await setOrderStatus(ctx, admin, canceled._id, ORDER_STATUS.accepted);
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toEqual({ message: REPEAT_GONE_MESSAGE });

    expect((await orderOf(canceled._id, shopper.headers)).status).toBe(ORDER_STATUS.canceled);
    expect(await stockOf(insulin.id)).toBe(17);
    expect(await repeatsLeft(prescriptionId)).toBe(1);
  });

  it('gives the last repeat to exactly one of two racing orders', async () => {
    const { shopper, insulin, prescriptionId } = await approvedPrescription({ validUntil: today(30), repeats: 1 });
    await addToCart(ctx, shopper.headers, insulin.id);
    const responses = await Promise.all([
      checkout(shopper.headers, { prescriptionId }),
      checkout(shopper.headers, { prescriptionId }),
    ]);
    expect(responses.map(({ statusCode }) => statusCode).sort()).toEqual([201, 400]);
    expect(await repeatsLeft(prescriptionId)).toBe(0);
    const repeats = await ctx.database.db.select().from(orders).where(eq(orders.prescriptionId, prescriptionId));
    expect(repeats.filter((order) => order.prescriptionRepeat)).toHaveLength(1);
    expect(await stockOf(insulin.id)).toBe(17);
  });
});
