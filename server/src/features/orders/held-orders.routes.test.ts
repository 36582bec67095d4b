import {
  AUDIT_KIND,
  NO_RECALLED_UNITS_MESSAGE,
  ORDER_STATUS,
  OWN_ORDER_REPLACEMENT_MESSAGE,
  REPLACE_TOO_LATE_MESSAGE,
  ROLE,
  type Order,
  type Role,
} from '@apotheca/contract';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { useTestContext } from '../../test/test-context';
import { createTestUser, useTestUsers, type AuthHeaders } from '../../test/test-users';
import { medicineWithBatches, orderOf, quantities, recallLot, storedOrder } from '../batches/batches.fixtures';
import { ORDER_NOT_FOUND_MESSAGE } from './orders.service';
import { setOrderStatus } from './orders.fixtures';

// An order not yet dispatched that holds units of a recalled lot is held (docs/decisions/0148, 0149):
// its answer says so, its replacement is in the audit log, and the replacement refuses hostile calls.

const ctx = useTestContext();
const { admin, pharmacist } = useTestUsers(ctx, { admin: ROLE.admin, pharmacist: ROLE.pharmacist });

const replace = (orderId: string, headers: AuthHeaders, extra: { payload?: string | object; headers?: object } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/replace-recalled-units`,
    headers: { ...headers, ...extra.headers },
    ...(extra.payload === undefined ? {} : { payload: extra.payload }),
  });

/** A medicine with a lot that will be recalled (BAD) and one that stays sellable (GOOD), and an order of BAD's units. */
async function heldOrder(firstName = 'Hana', role?: Role) {
  const { medicine, ids } = await medicineWithBatches(ctx, admin, [
    { lot: 'BAD', expiresOn: '2099-01-01', quantity: 2 },
    { lot: 'GOOD', expiresOn: '2099-06-01', quantity: 5 },
  ]);
  const placed = await orderOf(ctx, medicine.id, 2, firstName, role);
  await recallLot(ctx, admin, medicine.id, ids.BAD!);
  return { medicine, ids, ...placed };
}

/** Everything a refused call must leave as it was: the order's status, history and draws, the lots' units. */
const snapshot = async (orderId: string, medicineId: string) => ({
  order: await storedOrder(ctx, orderId),
  lots: await quantities(ctx, medicineId),
  audit: await ctx.database.db.select().from(auditLog).where(eq(auditLog.orderId, orderId)),
});

const holdOf = (orders: Order[], id: string) => orders.find((order) => order._id === id)?.recallHold;

describe("a held order's answer", () => {
  it('names the recalled lot and medicine wherever the order is read, and null once the units are replaced', async () => {
    const { medicine, order, buyer } = await heldOrder();
    const free = await orderOf(ctx, medicine.id, 1, 'Ivo');
    const hold = { lot: 'BAD', medicine: medicine.name };
    const get = (url: string, headers: AuthHeaders) => ctx.app.inject({ method: 'GET', url: `/api${url}`, headers });

    const page = (await get('/orders?page=1&limit=50', pharmacist)).json().orders as Order[];
    expect(holdOf(page, order._id)).toEqual(hold);
    expect(holdOf(page, free.order._id)).toBeNull();
    expect(holdOf((await get('/orders', admin)).json().orders, order._id)).toEqual(hold);
    expect((await get(`/orders/single-product/${order._id}`, admin)).json().order.recallHold).toEqual(hold);
    // The patient reads it of their own order: it is what their order waits for.
    expect((await get(`/orders/single-product/${order._id}`, buyer.headers)).json().order.recallHold).toEqual(hold);
    expect(holdOf((await get('/orders/my-orders', buyer.headers)).json().orders, order._id)).toEqual(hold);
    // Another patient, whose order drew from the same medicine, reads nothing of it.
    const theirs = (await get('/orders/my-orders', free.buyer.headers)).json().orders as Order[];
    expect(theirs.map((mine) => [mine._id, mine.recallHold])).toEqual([[free.order._id, null]]);
    expect((await get(`/orders/single-product/${order._id}`, free.buyer.headers)).statusCode).toBe(404);
    const accepted = await setOrderStatus(ctx, admin, order._id, ORDER_STATUS.accepted);
    expect(accepted.json().order.recallHold).toEqual(hold);

    const replaced = await replace(order._id, pharmacist);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().order.recallHold).toBeNull();
    expect((await get(`/orders/single-product/${order._id}`, buyer.headers)).json().order.recallHold).toBeNull();
  });

  it('is null for an order whose units are not in the shop: dispatched, or canceled', async () => {
    const { medicine, ids } = await medicineWithBatches(ctx, admin, [
      { lot: 'LATER', expiresOn: '2099-01-01', quantity: 4 },
    ]);
    const sent = await orderOf(ctx, medicine.id, 2, 'Jo');
    const canceled = await orderOf(ctx, medicine.id, 2, 'Kai');
    expect((await setOrderStatus(ctx, admin, sent.order._id, ORDER_STATUS.dispatched)).statusCode).toBe(200);
    expect((await setOrderStatus(ctx, admin, canceled.order._id, ORDER_STATUS.canceled)).statusCode).toBe(200);
    await recallLot(ctx, admin, medicine.id, ids.LATER!);
    const page = (await ctx.app.inject({ method: 'GET', url: '/api/orders?page=1&limit=50', headers: admin })).json()
      .orders as Order[];
    expect(holdOf(page, sent.order._id)).toBeNull();
    expect(holdOf(page, canceled.order._id)).toBeNull();
  });
});

describe('POST /api/orders/:id/replace-recalled-units', () => {
  it('writes an audit entry beside its history row: who replaced which recalled lot, from which lots', async () => {
    const { medicine, order } = await heldOrder('Lea');
    const replacer = await createTestUser(ctx, { role: ROLE.pharmacist });
    expect((await replace(order._id, replacer.headers)).statusCode).toBe(200);
    const entries = await ctx.database.db.select().from(auditLog).where(eq(auditLog.orderId, order._id));
    expect(entries).toEqual([
      expect.objectContaining({
        kind: AUDIT_KIND.recalledUnitsReplaced,
        actorId: replacer.user.id,
        orderId: order._id,
        before: { lots: `BAD (${medicine.name})` },
        after: { lots: `GOOD (${medicine.name})` },
      }),
    ]);
  });

  it('answers a malformed or unknown id with 404 in the one error shape, changing nothing', async () => {
    const { medicine, order } = await heldOrder('Max');
    const before = await snapshot(order._id, medicine.id);
    for (const id of ['nope', "1' OR '1'='1", `${order._id}x`, 'x'.repeat(5000), randomUUID(), '%00']) {
      const response = await replace(encodeURIComponent(id), admin);
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ message: ORDER_NOT_FOUND_MESSAGE });
    }
    expect(await snapshot(order._id, medicine.id)).toEqual(before);
  });

  it('refuses a caller signed out (401) or a patient, its own order too (403), changing nothing', async () => {
    const { medicine, order, buyer } = await heldOrder('Ned');
    const before = await snapshot(order._id, medicine.id);
    const signedOut = await replace(order._id, {});
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: expect.any(String) });
    for (const headers of [buyer.headers, (await createTestUser(ctx)).headers]) {
      const patient = await replace(order._id, headers);
      expect(patient.statusCode).toBe(403);
      expect(patient.json()).toEqual({ message: expect.any(String) });
    }
    expect(await snapshot(order._id, medicine.id)).toEqual(before);
  });

  it("refuses a member of staff's replacement in their own order (403), as any change of it; a colleague's goes through", async () => {
    const { medicine, order, buyer } = await heldOrder('Ola', ROLE.pharmacist);
    const before = await snapshot(order._id, medicine.id);
    const own = await replace(order._id, buyer.headers);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: OWN_ORDER_REPLACEMENT_MESSAGE });
    expect(await snapshot(order._id, medicine.id)).toEqual(before);
    expect((await replace(order._id, pharmacist)).statusCode).toBe(200);
  });

  it('refuses an order holding no recalled units with 409, its stock, history and audit unchanged', async () => {
    const { medicine } = await medicineWithBatches(ctx, admin, [{ lot: 'FINE', expiresOn: '2099-01-01', quantity: 3 }]);
    const { order } = await orderOf(ctx, medicine.id, 2, 'Ola');
    const before = await snapshot(order._id, medicine.id);
    const refused = await replace(order._id, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: NO_RECALLED_UNITS_MESSAGE });
    expect(await snapshot(order._id, medicine.id)).toEqual(before);
  });

  it('refuses a dispatched or canceled order with 409: its units are not in the shop', async () => {
    for (const status of [ORDER_STATUS.dispatched, ORDER_STATUS.canceled]) {
      const { medicine, ids } = await medicineWithBatches(ctx, admin, [
        { lot: 'GONE', expiresOn: '2099-01-01', quantity: 2 },
        { lot: 'SPARE', expiresOn: '2099-06-01', quantity: 5 },
      ]);
      const { order } = await orderOf(ctx, medicine.id, 2, 'Pia');
      expect((await setOrderStatus(ctx, admin, order._id, status)).statusCode).toBe(200);
      await recallLot(ctx, admin, medicine.id, ids.GONE!);
      const before = await snapshot(order._id, medicine.id);
      const refused = await replace(order._id, pharmacist);
      expect(refused.statusCode, status).toBe(409);
      expect(refused.json()).toEqual({ message: REPLACE_TOO_LATE_MESSAGE });
      expect(await snapshot(order._id, medicine.id)).toEqual(before);
    }
  });

  it('refuses a body it cannot read with a 4xx in the one error shape, and ignores the fields of one it can', async () => {
    const { medicine, order } = await heldOrder('Quin');
    const before = await snapshot(order._id, medicine.id);
    const json = { 'content-type': 'application/json' };
    const unreadable = [
      { payload: '{"quantity":', headers: json },
      { payload: 'not json', headers: json },
      { payload: '<lots/>', headers: { 'content-type': 'application/xml' } },
    ];
    for (const extra of unreadable) {
      const refused = await replace(order._id, admin, extra);
      expect(refused.statusCode, extra.payload).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode, extra.payload).toBeLessThan(500);
      expect(refused.json()).toEqual({ message: expect.any(String) });
    }
    expect(await snapshot(order._id, medicine.id)).toEqual(before);

    // The order is the whole request: a body naming lots, quantities or another order changes nothing of it.
    const junk = { lots: ['GOOD'], quantity: -5, orderId: randomUUID(), __proto__: { admin: true } };
    const replaced = await replace(order._id, admin, { payload: junk });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await storedOrder(ctx, order._id)).toMatchObject({ draws: { GOOD: 2 } });
    expect(await quantities(ctx, medicine.id)).toEqual({ BAD: 2, GOOD: 3 });
  });
});
