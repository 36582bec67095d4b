import {
  ACCOUNT_DELETED_ORDER_MESSAGE,
  AUDIT_KIND,
  ORDER_STATUS,
  orderResponseSchema,
  ROLE,
  type Order,
} from '@apotheca/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, batches, mailOutbox, orders } from '../../db/schema';
import { useTestContext } from '../../test/test-context';
import { createTestUser, useTestUsers, type AuthHeaders } from '../../test/test-users';
import { HOME_ADDRESS } from '../addresses/addresses.fixtures';
import { insertMedicine, storedMedicine } from '../medicines/medicines.fixtures';
import { placedOrder as placed, setOrderStatus, TEST_CARD } from './orders.fixtures';
import { ACCOUNT_DELETED_CANCEL_NOTE } from './order-status.service';

const ctx = useTestContext();
const { admin } = useTestUsers(ctx, { admin: ROLE.admin });

const card = TEST_CARD;

// Each with an address, so that it could be dispatched.
const placedOrder = (headers: AuthHeaders, medicineId: string, quantity: number, payload: object = {}) =>
  placed(ctx, headers, medicineId, quantity, { address: HOME_ADDRESS, ...payload });

const readOrder = async (id: string): Promise<Order> =>
  orderResponseSchema.parse(
    (await ctx.app.inject({ method: 'GET', url: `/api/orders/single-product/${id}`, headers: admin })).json(),
  ).order;

const deleteUser = (id: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/auth/delete-user/${id}`, headers: admin });

// A deleted patient's order not yet sent would otherwise stay open, with no one to send it to: it
// could still be accepted and dispatched to the stored address of someone who no longer has an account.
describe("a patient's deletion and their orders", () => {
  it('cancels their orders not yet dispatched as a staff cancel does, and leaves the dispatched and canceled ones', async () => {
    const patient = await createTestUser(ctx, { firstName: 'Grace' });
    const medicine = await insertMedicine(ctx, { stock: 20 });
    const pending = await placedOrder(patient.headers, medicine.id, 2, { payment: card });
    const accepted = await placedOrder(patient.headers, medicine.id, 3);
    const dispatched = await placedOrder(patient.headers, medicine.id, 4);
    const canceled = await placedOrder(patient.headers, medicine.id, 5);
    expect((await setOrderStatus(ctx, admin, accepted._id, ORDER_STATUS.accepted)).statusCode).toBe(200);
    expect((await setOrderStatus(ctx, admin, dispatched._id, ORDER_STATUS.dispatched)).statusCode).toBe(200);
    expect((await setOrderStatus(ctx, admin, canceled._id, ORDER_STATUS.canceled)).statusCode).toBe(200);
    expect((await storedMedicine(ctx, medicine.id))?.stock).toBe(20 - 2 - 3 - 4);
    const before = await Promise.all([dispatched._id, canceled._id].map(readOrder));
    await ctx.database.db.delete(mailOutbox);

    const response = await deleteUser(patient.user.id);
    expect(response.statusCode, response.body).toBe(200);

    // The units of the two open orders are back on the shelves; the dispatched parcel's are not.
    expect((await storedMedicine(ctx, medicine.id))?.stock).toBe(20 - 4);
    const [paid, unpaid] = await Promise.all([pending._id, accepted._id].map(readOrder));
    expect(paid).toMatchObject({ userId: null, status: ORDER_STATUS.canceled, paymentStatus: 'Refunded' });
    expect(unpaid).toMatchObject({ userId: null, status: ORDER_STATUS.canceled, paymentStatus: 'Not charged' });
    for (const [order, from] of [
      [paid!, ORDER_STATUS.pending],
      [unpaid!, ORDER_STATUS.accepted],
    ] as const)
      expect(order.history.slice(-2)).toMatchObject([
        {
          event: 'status-changed',
          from,
          to: ORDER_STATUS.canceled,
          note: ACCOUNT_DELETED_CANCEL_NOTE,
          actor: expect.objectContaining({ role: ROLE.admin }),
        },
        { event: 'stock-restored' },
      ]);
    // Dispatched and canceled orders are as they were: no status, payment or history row changed.
    const unchanged = ({ status, paymentStatus, history }: Order) => ({
      status,
      paymentStatus,
      history: history.map(({ event, from, to }) => ({ event, from, to })),
    });
    const after = await Promise.all([dispatched._id, canceled._id].map(readOrder));
    expect(after.map(unchanged)).toEqual(before.map(unchanged));
    expect(after.map((order) => order.status)).toEqual([ORDER_STATUS.dispatched, ORDER_STATUS.canceled]);

    // Each cancellation is the admin's change in the audit log, as a staff cancel is.
    const audited = await ctx.database.db
      .select({ orderId: auditLog.orderId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.kind, AUDIT_KIND.orderStatusChanged),
          inArray(auditLog.orderId, [pending._id, accepted._id, dispatched._id, canceled._id]),
          eq(auditLog.after, { status: ORDER_STATUS.canceled }),
        ),
      )
      .orderBy(asc(auditLog.id));
    expect(audited).toEqual([
      { orderId: canceled._id, before: { status: ORDER_STATUS.pending }, after: { status: ORDER_STATUS.canceled } },
      { orderId: pending._id, before: { status: ORDER_STATUS.pending }, after: { status: ORDER_STATUS.canceled } },
      { orderId: accepted._id, before: { status: ORDER_STATUS.accepted }, after: { status: ORDER_STATUS.canceled } },
    ]);

    // The patient is told, at the address their account had, as any cancellation tells them.
    const mails = await ctx.database.db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt));
    expect(mails.map(({ to, template, data }) => ({ to, template, data }))).toEqual(
      [true, false].map((refunded) => ({
        to: patient.user.email,
        template: 'orderStatusChanged',
        data: expect.objectContaining({
          firstName: 'Grace',
          status: ORDER_STATUS.canceled,
          canceled: true,
          refunded,
          note: ACCOUNT_DELETED_CANCEL_NOTE,
        }),
      })),
    );
  });

  it('gives the stock back to the batches the order drew from, and nothing when the deletion is refused', async () => {
    const patient = await createTestUser(ctx);
    const medicine = await insertMedicine(ctx, { stock: 6 });
    const order = await placedOrder(patient.headers, medicine.id, 6);
    const otherAdmin = await createTestUser(ctx, { role: ROLE.admin });
    // An admin cannot be deleted: their open orders stay open.
    const own = await placedOrder(otherAdmin.headers, (await insertMedicine(ctx, { stock: 1 })).id, 1);
    expect((await deleteUser(otherAdmin.user.id)).statusCode).toBe(403);
    expect((await readOrder(own._id)).status).toBe(ORDER_STATUS.pending);

    expect((await deleteUser(patient.user.id)).statusCode).toBe(200);
    const shelves = await ctx.database.db
      .select({ quantity: batches.quantity })
      .from(batches)
      .where(eq(batches.medicineId, medicine.id));
    expect(shelves).toEqual([{ quantity: 6 }]);
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored).toMatchObject({ userId: null, status: ORDER_STATUS.canceled });
  });

  // The catalogue's answers are kept until a write to a medicine or its stock: a deletion that put an
  // order's units back left the shop and the staff's screens showing the stock the order had taken,
  // and the medicine's old version, which its edit form sends back.
  it("shows the stock put back in the catalogue's answers at once", async () => {
    const patient = await createTestUser(ctx, { firstName: 'Ivy' });
    const medicine = await insertMedicine(ctx, { stock: 20 });
    await placedOrder(patient.headers, medicine.id, 2);
    const read = async () =>
      (await ctx.app.inject({ method: 'GET', url: `/api/medicines/${medicine.id}` })).json<{ stock: number }>().stock;
    expect(await read()).toBe(18);

    expect((await deleteUser(patient.user.id)).statusCode).toBe(200);

    expect(await read()).toBe(20);
  });

  it('keeps their orders from being opened again or sent: a dispatched one may still be canceled', async () => {
    const patient = await createTestUser(ctx);
    const medicine = await insertMedicine(ctx, { stock: 5 });
    const canceled = await placedOrder(patient.headers, medicine.id, 2);
    const dispatched = await placedOrder(patient.headers, medicine.id, 1);
    expect((await setOrderStatus(ctx, admin, dispatched._id, ORDER_STATUS.dispatched)).statusCode).toBe(200);
    expect((await deleteUser(patient.user.id)).statusCode).toBe(200);

    for (const to of [ORDER_STATUS.pending, ORDER_STATUS.accepted, ORDER_STATUS.dispatched]) {
      const refused = await setOrderStatus(ctx, admin, canceled._id, to);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ message: ACCOUNT_DELETED_ORDER_MESSAGE });
    }
    expect((await readOrder(canceled._id)).status).toBe(ORDER_STATUS.canceled);
    // The canceled order's units stay on the shelves: nothing was taken again.
    expect((await storedMedicine(ctx, medicine.id))?.stock).toBe(4);
    expect((await setOrderStatus(ctx, admin, dispatched._id, ORDER_STATUS.canceled)).statusCode).toBe(200);
  });
});
