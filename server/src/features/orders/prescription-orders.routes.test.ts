import {
  AWAITING_REVIEW_MESSAGE,
  orderListResponseSchema,
  orderResponseSchema,
  ORDER_STATUS,
  OWN_PRESCRIPTION_ORDER_MESSAGE,
  ownOrderRefusal,
  PRESCRIPTION_GONE_MESSAGE,
  PRESCRIPTION_REJECTED_MESSAGE,
  PRESCRIPTION_REVIEW,
  PRESCRIPTION_STATE,
  prescriptionNeededMessage,
  prescriptionsResponseSchema,
  REJECTION_NOTE_REQUIRED_MESSAGE,
  ROLE,
  type Order,
  VALID_UNTIL_MESSAGE,
  VALID_UNTIL_PAST_MESSAGE,
  VALID_UNTIL_TOO_FAR_MESSAGE,
  latestValidUntil,
  NOT_ADMIN_MESSAGE,
  ORDER_EVENT,
  shopToday,
} from '@apotheca/contract';
import { and, eq, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts, mailOutbox, orderHistory, orders, prescriptions } from '../../db/schema';
import { waitersOnLocks } from '../../test/lock-waiters';
import { useTestContext } from '../../test/test-context';
import { createTestUser } from '../../test/test-users';
import { HOME_ADDRESS } from '../addresses/addresses.fixtures';
import { addToCart } from '../cart/cart.fixtures';
import { insertMedicine, storedMedicine } from '../medicines/medicines.fixtures';
import { PDF_SCAN, uploadPrescription } from '../prescriptions/prescriptions.fixtures';
import { NOTHING_TO_REVIEW_MESSAGE } from './order-status.service';
import { setOrderStatus } from './orders.fixtures';

type Headers = { authorization?: string };
let pharmacist: Awaited<ReturnType<typeof createTestUser>>;

const ctx = useTestContext();
beforeAll(async () => {
  pharmacist = await createTestUser(ctx, { role: ROLE.pharmacist, firstName: 'Phil', lastName: 'Macist' });
});

const checkout = (headers: Headers, payload: object = {}) =>
  ctx.app.inject({ method: 'POST', url: '/api/orders/add-order', headers, payload });
const myPrescription = async (headers: Headers) =>
  (await uploadPrescription(ctx, headers, PDF_SCAN)).json().prescription._id as string;
const review = (id: string, payload: object, headers: Headers = pharmacist.headers) =>
  ctx.app.inject({ method: 'POST', url: `/api/orders/${id}/prescription-review`, headers, payload });
const setStatus = (id: string, status: string, headers: Headers = pharmacist.headers) =>
  setOrderStatus(ctx, headers, id, status);
const stockOf = async (id: string) => (await storedMedicine(ctx, id))!.stock;
const cartSize = async (userId: string) =>
  (
    await ctx.database.db
      .select()
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(eq(carts.userId, userId))
  ).length;

/** A shopper's placed order of one prescription-only medicine (3 in stock, 2 bought) and one other. */
async function rxOrder(patient?: Awaited<ReturnType<typeof createTestUser>>) {
  const shopper = patient ?? (await createTestUser(ctx, { firstName: 'Pat', lastName: 'Ient' }));
  const insulin = await insertMedicine(ctx, { name: 'Insulin', stock: 3, prescriptionRequired: true });
  const plaster = await insertMedicine(ctx, { name: 'Plaster', stock: 3 });
  await addToCart(ctx, shopper.headers, insulin.id, 2);
  await addToCart(ctx, shopper.headers, plaster.id);
  const response = await checkout(shopper.headers, {
    prescriptionId: await myPrescription(shopper.headers),
    address: HOME_ADDRESS,
  });
  expect(response.statusCode).toBe(201);
  return { shopper, insulin, plaster, order: orderResponseSchema.parse(response.json()).order };
}

describe('checking out prescription-only medicines', () => {
  it('refuses the order without a prescription, naming the medicines, and changes nothing', async () => {
    const shopper = await createTestUser(ctx);
    const insulin = await insertMedicine(ctx, { name: 'Insulin', stock: 3, prescriptionRequired: true });
    const amoxicillin = await insertMedicine(ctx, { name: 'Amoxicillin', stock: 3, prescriptionRequired: true });
    const plaster = await insertMedicine(ctx, { name: 'Plaster', stock: 3 });
    for (const medicine of [insulin, amoxicillin, plaster]) await addToCart(ctx, shopper.headers, medicine.id);

    const response = await checkout(shopper.headers);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: prescriptionNeededMessage(['Amoxicillin', 'Insulin']) });
    expect(response.json().message).toBe(
      'A prescription is needed for Amoxicillin, Insulin. Upload one or choose one of yours.',
    );
    expect(await stockOf(insulin.id)).toBe(3);
    expect(await cartSize(shopper.user.id)).toBe(3);
    expect(await ctx.database.db.select().from(orders).where(eq(orders.userId, shopper.user.id))).toEqual([]);
  });

  it("refuses someone else's prescription and a malformed id the same way", async () => {
    const shopper = await createTestUser(ctx);
    const other = await createTestUser(ctx);
    const insulin = await insertMedicine(ctx, { name: 'Insulin', stock: 3, prescriptionRequired: true });
    await addToCart(ctx, shopper.headers, insulin.id);
    const theirs = await checkout(shopper.headers, { prescriptionId: await myPrescription(other.headers) });
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().message).toBe(prescriptionNeededMessage(['Insulin']));
    const malformed = await checkout(shopper.headers, { prescriptionId: "1' OR '1'='1" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ prescriptionId: 'Choose one of your prescriptions.' });
    expect(await stockOf(insulin.id)).toBe(3);
    expect(await cartSize(shopper.user.id)).toBe(1);
  });

  it("places it with one of the caller's prescriptions: stock taken, Pending, review pending", async () => {
    const { order, insulin, plaster, shopper } = await rxOrder();
    expect(order.status).toBe('Pending');
    expect(order.prescription).toEqual({
      _id: expect.any(String),
      review: 'pending',
      note: null,
      reviewedBy: null,
      reviewedAt: null,
      repeat: false,
      validUntil: null,
      repeatsLeft: null,
    });
    expect(order.items.map((item) => [item.name, item.prescriptionRequired])).toEqual([
      ['Insulin', true],
      ['Plaster', false],
    ]);
    expect(await stockOf(insulin.id)).toBe(1);
    expect(await stockOf(plaster.id)).toBe(2);
    expect(await cartSize(shopper.user.id)).toBe(0);
  });

  it('attaches no review to an order without prescription-only medicines', async () => {
    const shopper = await createTestUser(ctx);
    await addToCart(ctx, shopper.headers, (await insertMedicine(ctx)).id);
    const response = await checkout(shopper.headers, { prescriptionId: await myPrescription(shopper.headers) });
    expect(response.statusCode).toBe(201);
    const { order } = orderResponseSchema.parse(response.json());
    expect(order.prescription).toBeNull();
    expect((await review(order._id, { decision: 'approve' })).json()).toEqual({ message: NOTHING_TO_REVIEW_MESSAGE });
  });
});

describe('the prescription review', () => {
  it('blocks Accepted and Dispatched while pending; approval frees the order', async () => {
    const { order } = await rxOrder();
    for (const status of ['Accepted', 'Dispatched']) {
      const response = await setStatus(order._id, status);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: AWAITING_REVIEW_MESSAGE });
    }
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored!.status).toBe('Pending');

    const approved = await review(order._id, { decision: 'approve', note: 'Valid until March.' });
    expect(approved.statusCode).toBe(200);
    expect(orderResponseSchema.parse(approved.json()).order.prescription).toEqual({
      _id: order.prescription!._id,
      review: 'approved',
      note: 'Valid until March.',
      reviewedBy: { _id: pharmacist.user.id, name: 'Phil Macist' },
      reviewedAt: expect.any(String),
      // Approved without terms: no repeat order may reuse it.
      repeat: false,
      validUntil: null,
      repeatsLeft: null,
    });
    expect((await setStatus(order._id, 'Accepted')).statusCode).toBe(200);
    expect((await setStatus(order._id, 'Dispatched')).statusCode).toBe(200);
    const again = await review(order._id, { decision: 'reject', note: 'Too late' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: NOTHING_TO_REVIEW_MESSAGE });
  });

  it('approves with a note of only characters that show nothing as without a note, stored and answered', async () => {
    const { order } = await rxOrder();
    const approved = await review(order._id, { decision: 'approve', note: '\u200b\u2060' });
    expect(approved.statusCode).toBe(200);
    expect(orderResponseSchema.parse(approved.json()).order.prescription).toMatchObject({
      review: 'approved',
      note: null,
    });
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored!.reviewNote).toBeNull();
  });

  it('rejects with a required note: the order is canceled and restocked at once, and stays blocked', async () => {
    const { order, insulin, plaster, shopper } = await rxOrder();
    const noNote = await review(order._id, { decision: 'reject', note: '  ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toEqual({ note: REJECTION_NOTE_REQUIRED_MESSAGE });
    // A note of characters that show nothing (a zero-width space, a word joiner) says no more.
    const invisible = await review(order._id, { decision: 'reject', note: '\u200b\u2060' });
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().errors).toEqual({ note: REJECTION_NOTE_REQUIRED_MESSAGE });
    // The patient reads the note: a NUL byte or an escape sequence is refused, not stored.
    const nul = await review(order._id, { decision: 'reject', note: 'Expired\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors).toEqual({ note: 'The note must not contain control characters.' });
    const half = await review(order._id, { decision: 'reject', note: 'Expired \udc00' });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors).toEqual({ note: 'The note must not contain control characters.' });

    const rejected = await review(order._id, { decision: 'reject', note: 'The prescription has expired.' });
    expect(rejected.statusCode).toBe(200);
    const after: Order = orderResponseSchema.parse(rejected.json()).order;
    expect(after.status).toBe('Canceled');
    expect(after.paymentStatus).toBe('Not charged');
    expect(after.prescription).toMatchObject({ review: 'rejected', note: 'The prescription has expired.' });
    expect(await stockOf(insulin.id)).toBe(3);
    expect(await stockOf(plaster.id)).toBe(3);

    const actor = { _id: pharmacist.user.id, name: 'Phil Macist', role: 'pharmacist' };
    const note = 'The prescription has expired.';
    expect(after.history.map(({ at: _at, ...entry }) => entry)).toEqual([
      {
        actor: { _id: shopper.user.id, name: 'Pat Ient', role: 'user' },
        event: 'placed',
        from: null,
        to: 'Pending',
        note: null,
      },
      { actor, event: 'review-decided', from: 'pending', to: 'rejected', note },
      { actor, event: 'status-changed', from: 'Pending', to: 'Canceled', note },
      { actor, event: 'stock-restored', from: null, to: null, note: null },
    ]);

    const accepted = await setStatus(order._id, 'Accepted');
    expect(accepted.statusCode).toBe(409);
    expect(accepted.json()).toEqual({ message: PRESCRIPTION_REJECTED_MESSAGE });
    expect(await stockOf(insulin.id)).toBe(3);
  });

  it("refuses an approval's last day that the calendar does not have, and changes nothing", async () => {
    const { order } = await rxOrder();
    for (const validUntil of ['2027-02-31', '2027-13-01', '2027-2-1', '0000-01-01']) {
      const response = await review(order._id, { decision: 'approve', validUntil, repeats: 2 });
      expect(response.statusCode, validUntil).toBe(400);
      expect(response.json().errors).toEqual({ validUntil: VALID_UNTIL_MESSAGE });
    }
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored).toMatchObject({ prescriptionReview: 'pending', reviewedBy: null });
  });

  it("refuses an approval's last day before the shop's day on its field, and changes nothing", async () => {
    const { order } = await rxOrder();
    const response = await review(order._id, { decision: 'approve', validUntil: '2020-01-01', repeats: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: VALID_UNTIL_PAST_MESSAGE,
      errors: { validUntil: VALID_UNTIL_PAST_MESSAGE },
    });
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored).toMatchObject({ prescriptionReview: 'pending', reviewedBy: null });
  });

  it("refuses an approval's last day more than a year after the shop's day (a mistyped year), and changes nothing", async () => {
    const { order } = await rxOrder();
    const yearAhead = latestValidUntil();
    // The shop's day two hundred years on: 2226 typed for 2026.
    const mistypedYear = `${Number(shopToday().slice(0, 4)) + 200}${shopToday().slice(4)}`;
    const dayAfter = new Date(`${yearAhead}T00:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    for (const validUntil of [dayAfter.toISOString().slice(0, 10), mistypedYear]) {
      const response = await review(order._id, { decision: 'approve', validUntil, repeats: 12 });
      expect(response.statusCode, validUntil).toBe(400);
      expect(response.json(), validUntil).toEqual({
        message: VALID_UNTIL_TOO_FAR_MESSAGE,
        errors: { validUntil: VALID_UNTIL_TOO_FAR_MESSAGE },
      });
    }
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored).toMatchObject({ prescriptionReview: 'pending', reviewedBy: null });
    const approved = await review(order._id, { decision: 'approve', validUntil: yearAhead, repeats: 12 });
    expect(approved.statusCode).toBe(200);
    expect(orderResponseSchema.parse(approved.json()).order.prescription).toMatchObject({ validUntil: yearAhead });
  });

  it('is never passed, nor the order moved on, by the member of staff whose order it is', async () => {
    const { order } = await rxOrder(pharmacist);
    const admin = await createTestUser(ctx, { role: ROLE.admin, firstName: 'Ad', lastName: 'Min' });
    for (const response of [
      await review(order._id, { decision: 'approve', note: 'Mine, and valid.' }),
      await setStatus(order._id, 'Canceled'),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: OWN_PRESCRIPTION_ORDER_MESSAGE });
    }
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored).toMatchObject({ prescriptionReview: 'pending', status: 'Pending', reviewedBy: null });

    const approved = await review(order._id, { decision: 'approve' }, admin.headers);
    expect(approved.statusCode).toBe(200);
    expect(orderResponseSchema.parse(approved.json()).order.prescription?.reviewedBy).toEqual({
      _id: admin.user.id,
      name: 'Ad Min',
    });
    const dispatched = await setStatus(order._id, 'Dispatched');
    expect(dispatched.statusCode).toBe(403);
    expect(dispatched.json()).toEqual({ message: OWN_PRESCRIPTION_ORDER_MESSAGE });
    const byAdmin = await setStatus(order._id, 'Dispatched', admin.headers);
    expect(byAdmin.statusCode).toBe(200);
    expect(orderResponseSchema.parse(byAdmin.json()).order.prescription?.reviewedBy?._id).toBe(admin.user.id);
  });

  it("refuses one's own order with the very message the staff screens show for it, whatever its prescription became", async () => {
    const admin = await createTestUser(ctx, { role: ROLE.admin });
    const plain = async () => {
      await addToCart(ctx, pharmacist.headers, (await insertMedicine(ctx, { name: 'Gauze', stock: 3 })).id);
      return orderResponseSchema.parse((await checkout(pharmacist.headers, { address: HOME_ADDRESS })).json()).order;
    };
    const pending = (await rxOrder(pharmacist)).order;
    const prescriptionGone = (await rxOrder(pharmacist)).order;
    await ctx.database.db.delete(prescriptions).where(eq(prescriptions.id, prescriptionGone.prescription!._id!));
    const repeat = (await rxOrder(pharmacist)).order;
    await ctx.database.db
      .update(orders)
      .set({ prescriptionReview: PRESCRIPTION_REVIEW.approved, prescriptionRepeat: true })
      .where(eq(orders.id, repeat._id));
    for (const { _id } of [await plain(), pending, prescriptionGone, repeat]) {
      const shown = orderResponseSchema.parse(
        (
          await ctx.app.inject({ method: 'GET', url: `/api/orders/single-product/${_id}`, headers: pharmacist.headers })
        ).json(),
      ).order;
      const refusal = ownOrderRefusal(shown, pharmacist.user.id);
      expect(refusal, _id).toBeDefined();
      const response = await setStatus(_id, ORDER_STATUS.canceled);
      expect(response.statusCode, _id).toBe(403);
      expect(response.json(), _id).toEqual({ message: refusal });
      expect((await setStatus(_id, ORDER_STATUS.canceled, admin.headers)).statusCode, _id).toBe(200);
    }
  });

  it('refuses to approve a prescription no longer stored (its patient deleted), and changes nothing; a rejection still cancels the order', async () => {
    const admin = await createTestUser(ctx, { role: ROLE.admin });
    const { order, shopper, insulin } = await rxOrder();
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/delete-user/${shopper.user.id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);

    const approved = await review(order._id, { decision: 'approve', validUntil: shopToday(), repeats: 2 });
    expect(approved.statusCode).toBe(409);
    expect(approved.json()).toEqual({ message: PRESCRIPTION_GONE_MESSAGE });
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored).toMatchObject({ prescriptionReview: PRESCRIPTION_REVIEW.pending, reviewedBy: null });

    const rejected = await review(order._id, { decision: 'reject', note: 'The patient left the shop.' });
    expect(rejected.statusCode).toBe(200);
    expect(orderResponseSchema.parse(rejected.json()).order).toMatchObject({
      status: ORDER_STATUS.canceled,
      prescription: { review: PRESCRIPTION_REVIEW.rejected },
    });
    expect(await stockOf(insulin.id)).toBe(3);
  });

  it('keeps the orders a deleted pharmacist reviewed as they were, each answered as reviewed by a former pharmacist', async () => {
    const reviewer = await createTestUser(ctx, { role: ROLE.pharmacist });
    const admin = await createTestUser(ctx, { role: ROLE.admin });
    const { order } = await rxOrder();
    const reviewed = orderResponseSchema.parse(
      (await review(order._id, { decision: 'approve', note: 'Checked.' }, reviewer.headers)).json(),
    ).order;
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/delete-user/${reviewer.user.id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const after = orderResponseSchema.parse(
      (
        await ctx.app.inject({ method: 'GET', url: `/api/orders/single-product/${order._id}`, headers: admin.headers })
      ).json(),
    ).order;
    expect(after.prescription).toEqual({ ...reviewed.prescription, reviewedBy: null });
    expect(after.history.map(({ actor }) => actor?._id ?? null)).toEqual(
      reviewed.history.map(({ actor }) => (actor?._id === reviewer.user.id ? null : (actor?._id ?? null))),
    );
    // Deleting them rewrites none of the orders they reviewed: the row keeps their id, as the audit log
    // does, and names no one a user could be.
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored).toMatchObject({
      prescriptionReview: 'approved',
      reviewNote: 'Checked.',
      reviewedBy: reviewer.user.id,
    });
  });

  it("marks a rejected prescription in its owner's list, so checkout does not choose it again", async () => {
    const { order, shopper } = await rxOrder();
    const unused = await myPrescription(shopper.headers);
    const listed = async () =>
      prescriptionsResponseSchema
        .parse((await ctx.app.inject({ method: 'GET', url: '/api/prescriptions', headers: shopper.headers })).json())
        .prescriptions.map(({ _id, rejected, state }) => [_id, rejected, state]);
    expect(await listed()).toEqual([
      [unused, false, PRESCRIPTION_STATE.new],
      [order.prescription!._id, false, PRESCRIPTION_STATE.awaitingReview],
    ]);
    await review(order._id, { decision: 'reject', note: 'The prescription has expired.' });
    expect(await listed()).toEqual([
      [unused, false, PRESCRIPTION_STATE.new],
      [order.prescription!._id, true, PRESCRIPTION_STATE.rejected],
    ]);
  });

  it('is for pharmacists and admins only, with a decision from the list', async () => {
    const { order, shopper } = await rxOrder();
    const admin = await createTestUser(ctx, { role: ROLE.admin });
    expect((await review(order._id, { decision: 'approve' }, shopper.headers)).statusCode).toBe(403);
    expect((await review(order._id, { decision: 'approve' }, {})).statusCode).toBe(401);
    expect((await review(order._id, { decision: 'maybe' })).statusCode).toBe(400);
    expect((await review('not-an-id', { decision: 'approve' })).statusCode).toBe(404);
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored!.prescriptionReview).toBe('pending');
    expect((await review(order._id, { decision: 'approve' }, admin.headers)).statusCode).toBe(200);
  });

  it('takes one decision of two pharmacists deciding at once, and tells the other there is nothing left to review', async () => {
    const { order, insulin, shopper } = await rxOrder();
    const colleague = await createTestUser(ctx, { role: ROLE.pharmacist });
    const answers = await Promise.all([
      review(order._id, { decision: 'approve' }),
      review(order._id, { decision: 'reject', note: 'Not signed.' }, colleague.headers),
    ]);
    expect(answers.map(({ statusCode }) => statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find(({ statusCode }) => statusCode === 409)!;
    expect(refused.json()).toEqual({ message: NOTHING_TO_REVIEW_MESSAGE });
    const decided = orderResponseSchema.parse(answers.find(({ statusCode }) => statusCode === 200)!.json()).order;
    const history = await ctx.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, order._id));
    expect(history.filter(({ event }) => event === ORDER_EVENT.reviewDecided)).toHaveLength(1);
    const mails = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, shopper.user.email), eq(mailOutbox.template, 'prescriptionReviewed')));
    expect(mails).toHaveLength(1);
    // The stock follows the decision taken: back on the shelf only when it was the rejection.
    expect(await stockOf(insulin.id)).toBe(decided.prescription!.review === PRESCRIPTION_REVIEW.rejected ? 3 : 1);
  });

  it('refuses the decision of a pharmacist made a patient while it waited for the order, changing nothing', async () => {
    const { order } = await rxOrder();
    const admin = await createTestUser(ctx, { role: ROLE.admin });
    const colleague = await createTestUser(ctx, { role: ROLE.pharmacist });
    const { decided } = await ctx.database.db.transaction(async (tx) => {
      // The order is held, as another change of it would hold it, while the colleague's decision waits.
      await tx.select().from(orders).where(eq(orders.id, order._id)).for('update');
      const decided = review(order._id, { decision: 'approve' }, colleague.headers);
      await waitersOnLocks(ctx, 1);
      const demoted = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/auth/users/${colleague.user.id}/role`,
        headers: admin.headers,
        payload: { role: ROLE.user },
      });
      expect(demoted.statusCode).toBe(200);
      return { decided };
    });
    const refused = await decided;
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: NOT_ADMIN_MESSAGE });
    const [stored] = await ctx.database.db.select().from(orders).where(eq(orders.id, order._id));
    expect(stored).toMatchObject({ prescriptionReview: PRESCRIPTION_REVIEW.pending, reviewedBy: null });
    const history = await ctx.database.db.select().from(orderHistory).where(eq(orderHistory.orderId, order._id));
    expect(history.filter(({ actorId }) => actorId === colleague.user.id)).toEqual([]);
  });

  it("counts the pharmacist's queue exactly as orders join it and leave it by a decision", async () => {
    const queue = async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/orders?review=${PRESCRIPTION_REVIEW.pending}&sort=oldest&limit=1`,
        headers: pharmacist.headers,
      });
      expect(response.statusCode).toBe(200);
      return orderListResponseSchema.parse(response.json()).total;
    };
    // Waiting: pending review, and not canceled.
    const waiting = async () =>
      (
        await ctx.database.db
          .select()
          .from(orders)
          .where(
            and(eq(orders.prescriptionReview, PRESCRIPTION_REVIEW.pending), ne(orders.status, ORDER_STATUS.canceled)),
          )
      ).length;
    const before = await queue();
    expect(before).toBe(await waiting());
    const approved = await rxOrder();
    const rejected = await rxOrder();
    await rxOrder();
    expect(await queue()).toBe(before + 3);
    expect((await review(approved.order._id, { decision: 'approve' })).statusCode).toBe(200);
    expect((await review(rejected.order._id, { decision: 'reject', note: 'Unreadable' })).statusCode).toBe(200);
    expect(await queue()).toBe(before + 1);
    expect(await queue()).toBe(await waiting());
  });

  it('leaves a canceled order out of the queue, its count and its prescription’s state, until it is opened again', async () => {
    const { order, shopper } = await rxOrder();
    const prescriptionId = order.prescription!._id!;
    const waitingIds = async () => {
      const response = await ctx.app.inject({
        url: `/api/orders?review=${PRESCRIPTION_REVIEW.pending}&sort=oldest&limit=100`,
        headers: pharmacist.headers,
      });
      const list = orderListResponseSchema.parse(response.json());
      return { ids: list.orders.map((listed) => listed._id), total: list.total };
    };
    const queued = async () => {
      const response = await ctx.app.inject({ url: '/api/prescriptions?status=pending', headers: pharmacist.headers });
      return prescriptionsResponseSchema.parse(response.json()).prescriptions.map((listed) => listed._id);
    };
    const stateOf = async () => {
      const response = await ctx.app.inject({ url: '/api/prescriptions', headers: shopper.headers });
      return prescriptionsResponseSchema.parse(response.json()).prescriptions.find((p) => p._id === prescriptionId)
        ?.state;
    };
    const before = await waitingIds();
    expect(before.ids).toContain(order._id);
    expect(await queued()).toContain(prescriptionId);
    expect(await stateOf()).toBe(PRESCRIPTION_STATE.awaitingReview);

    // The shop cancels it (unpaid for a day, say): nobody waits for a decision on it.
    expect((await setStatus(order._id, ORDER_STATUS.canceled)).statusCode).toBe(200);
    const canceled = await waitingIds();
    expect(canceled.ids).not.toContain(order._id);
    expect(canceled.total).toBe(before.total - 1);
    expect(await queued()).not.toContain(prescriptionId);
    expect(await stateOf()).toBe(PRESCRIPTION_STATE.new);

    expect((await setStatus(order._id, ORDER_STATUS.pending)).statusCode).toBe(200);
    expect((await waitingIds()).ids).toContain(order._id);
    expect(await queued()).toContain(prescriptionId);
    expect(await stateOf()).toBe(PRESCRIPTION_STATE.awaitingReview);
  });

  it('lists the waiting prescriptions, longest waiting first, with ?status=pending', async () => {
    const first = await rxOrder();
    const second = await rxOrder();
    const decided = await rxOrder();
    await review(decided.order._id, { decision: 'approve' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/prescriptions?status=pending',
      headers: pharmacist.headers,
    });
    const { prescriptions } = prescriptionsResponseSchema.parse(response.json());
    const ids = prescriptions.map((p) => p._id);
    expect(ids.indexOf(first.order.prescription!._id!)).toBeLessThan(ids.indexOf(second.order.prescription!._id!));
    expect(ids).not.toContain(decided.order.prescription!._id);
    const own = await ctx.app.inject({
      method: 'GET',
      url: '/api/prescriptions?status=pending',
      headers: first.shopper.headers,
    });
    expect(own.json().prescriptions.map((p: { _id: string }) => p._id)).toEqual([first.order.prescription!._id]);
    const wrong = await ctx.app.inject({
      method: 'GET',
      url: '/api/prescriptions?status=done',
      headers: pharmacist.headers,
    });
    expect(wrong.statusCode).toBe(400);
  });
});
