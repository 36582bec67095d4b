import {
  addressAddRefusal,
  AUDIT_KIND,
  ORDER_EVENT,
  ORDER_STATUS,
  ORDER_STATUS_CHANGED_MESSAGE,
  isStaff,
  NOT_ADMIN_MESSAGE,
  NO_RECALLED_UNITS_MESSAGE,
  ownOrderRefusal,
  OWN_ORDER_REPLACEMENT_MESSAGE,
  PAYMENT_STATUS,
  PRESCRIPTION_DECISION,
  PRESCRIPTION_GONE_MESSAGE,
  PRESCRIPTION_REVIEW,
  recalledLotHeldMessage,
  recalledUnitsReplacedNote,
  REPLACE_TOO_LATE_MESSAGE,
  statusChangeRefusal,
  type Order,
  type OrderAddressChoice,
  type OrderEvent,
  type OrderStatus,
  type PrescriptionReview,
  type PrescriptionReviewInput,
} from '@apotheca/contract';
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../db/ids';
import { retryOnceOnLockConflict } from '../../db/retry';
import { orderHistory, orders, prescriptions, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { deliveryAddress } from '../addresses/addresses.service';
import { recordAudit } from '../audit/audit.service';
import { repeatRefusal } from '../prescriptions/prescriptions.service';
import { recalledDraw, replaceRecalledDraws, restoreOrderStock, takeOrderStock } from '../stock/stock.service';
import { mailReviewDecision, mailStatusChange } from './order-mail.service';
import { BEFORE_DISPATCH, loadOrders, ORDER_NOT_FOUND_MESSAGE, prescriptionOf, type OrderRow } from './orders.service';

// Every change to an order after it is placed goes through here: which change is allowed, the stock
// that moves with it, the history row and the patient's mail, all in the transaction of the change.

export const NOTHING_TO_REVIEW_MESSAGE = 'This order has no prescription waiting for review.';
export const ALREADY_DISPATCHED_MESSAGE =
  'This order has been dispatched already, with another parcel. To send a new one, move it back to Accepted and dispatch it again.';
export const REPEAT_GONE_MESSAGE =
  'This order was a repeat of a prescription that has since passed its last day or used its repeats; it cannot be opened again. The patient needs a new prescription.';

/** What staff may say of a parcel when dispatching it. */
export type Dispatch = { carrier?: string | undefined; trackingNumber?: string | undefined };

/** An order's parcel as stored: the delivery estimate is read from `dispatchedAt`. */
type Parcel = Pick<OrderRow, 'carrier' | 'trackingNumber' | 'dispatchedAt'>;

/**
 * The parcel a move to `to` writes: a dispatch's own; none when an order that was dispatched goes
 * back to a status before dispatch, so that neither staff nor the patient read of a parcel that is
 * not on its way (and its next dispatch starts afresh); undefined when the parcel stays as it is.
 */
function parcelAfter(order: OrderRow, to: OrderStatus, dispatch: Dispatch): Parcel | undefined {
  if (to === ORDER_STATUS.dispatched)
    return {
      carrier: dispatch.carrier ?? null,
      trackingNumber: dispatch.trackingNumber ?? null,
      dispatchedAt: new Date(),
    };
  if (order.dispatchedAt !== null && BEFORE_DISPATCH.includes(to))
    return { carrier: null, trackingNumber: null, dispatchedAt: null };
  return undefined;
}

/**
 * Whether a dispatch names a carrier or tracking number other than those of the parcel already sent:
 * a second member of staff dispatching the order is told it went, rather than answered as if their
 * parcel were the one the patient follows. The same dispatch sent twice (a double click) is no change.
 */
const namesOtherParcel = (sent: Parcel, { carrier, trackingNumber }: Dispatch) =>
  (carrier !== undefined || trackingNumber !== undefined) &&
  ((carrier ?? null) !== sent.carrier || (trackingNumber ?? null) !== sent.trackingNumber);

/** What the audit log says of a parcel: its carrier and tracking number. */
const parcelForAudit = ({ carrier, trackingNumber }: Parcel) => ({ carrier, trackingNumber });

/**
 * A repeat order spends one repeat of its prescription only while it stands: canceled (by staff, or
 * by the unpaid-order expiry), it gives the repeat back, so the patient may order again; opened
 * again, it spends one anew, refused (409) when the prescription has no repeat left or is past its
 * last day, as checkout would refuse it. Called after the order's stock has moved, so the
 * prescription's row is locked after the medicines, in checkout's order. A prescription gone with
 * its patient has nothing to give back or spend.
 */
async function moveRepeat(tx: Tx, order: OrderRow, to: OrderStatus): Promise<void> {
  if (!order.prescriptionRepeat || order.prescriptionId === null) return;
  const where = eq(prescriptions.id, order.prescriptionId);
  if (to === ORDER_STATUS.canceled) {
    await tx
      .update(prescriptions)
      .set({ repeatsLeft: sql`${prescriptions.repeatsLeft} + 1` })
      .where(where);
    return;
  }
  const [prescription] = await tx
    .select({ refusal: repeatRefusal(sql`${prescriptions.validUntil}`, sql`${prescriptions.repeatsLeft}`) })
    .from(prescriptions)
    .where(where)
    .for('update');
  if (!prescription) return;
  if (prescription.refusal !== null) throw HttpError.conflict(REPEAT_GONE_MESSAGE);
  await tx
    .update(prescriptions)
    .set({ repeatsLeft: sql`${prescriptions.repeatsLeft} - 1` })
    .where(where);
}

/** Who makes a change: a signed-in user's id, or null for the shop itself. */
export type Actor = { id: string } | null;

type HistoryRow = { event: OrderEvent; from?: string | null; to?: string | null; note?: string | null };

/** Appends rows to an order's history, in the caller's transaction. */
async function recordOrderEvents(tx: Tx, orderId: string, actor: Actor, rows: HistoryRow[]): Promise<void> {
  await tx.insert(orderHistory).values(rows.map((row) => ({ orderId, actorId: actor?.id ?? null, ...row })));
}

/** The order's row, locked until the transaction ends, or a 404. */
async function lockOrder(tx: Tx, id: string) {
  const [order] = isUuid(id) ? await tx.select().from(orders).where(eq(orders.id, id)).for('update') : [];
  if (!order) throw HttpError.notFound(ORDER_NOT_FOUND_MESSAGE);
  return order;
}

/**
 * Whether a canceled order's units went back into stock when it was canceled: not when it was canceled
 * after its dispatch (its last stock event says which, for orders canceled before that rule too).
 */
async function stockCameBack(tx: Tx, orderId: string): Promise<boolean> {
  const [last] = await tx
    .select({ event: orderHistory.event })
    .from(orderHistory)
    .where(
      and(
        eq(orderHistory.orderId, orderId),
        inArray(orderHistory.event, [ORDER_EVENT.stockRestored, ORDER_EVENT.stockKeptOut]),
      ),
    )
    .orderBy(desc(orderHistory.id))
    .limit(1);
  return last?.event !== ORDER_EVENT.stockKeptOut;
}

/**
 * Moves a locked order to `to`, in the caller's transaction. Any status may follow any other
 * (the product sets no order of statuses, so staff can correct a mistake), except where the contract's
 * statusChangeRefusal says not (409: a prescription pending or rejected, no delivery address). Entering 'Canceled'
 * gives the stock back (and a repeat order's repeat); leaving it takes them again, with a 409 when they are no longer
 * there. A dispatched order's parcel has left the shop: canceled, its units are not put back for sale, so leaving
 * 'Canceled' has none to take (0110). An order holding units of a recalled lot is not dispatched (409). The parcel is
 * written with the status (parcelAfter); an order dispatched already is not dispatched again with another parcel (409).
 * The history gets the status change and the stock that moved, and the patient a mail, unless `toldInReview`: a
 * rejection's cancellation is told in the rejection's own mail; `accountDeleted` when the change is part of the
 * patient's deletion (their mail then links to no account). Answers the parcel written, if any.
 */
async function applyStatusChange(
  tx: Tx,
  order: OrderRow,
  to: OrderStatus,
  actor: Actor,
  note: string | null = null,
  dispatch: Dispatch = {},
  { toldInReview = false, accountDeleted = false } = {},
): Promise<Parcel | undefined> {
  if (order.status === to) {
    if (to === ORDER_STATUS.dispatched && namesOtherParcel(order, dispatch))
      throw HttpError.conflict(ALREADY_DISPATCHED_MESSAGE);
    return undefined;
  }
  // The contract's rule, read of the order as the API answers it: the staff screens offer no status it refuses.
  const refusal = statusChangeRefusal(
    { status: order.status, userId: order.userId, prescription: prescriptionOf(order), address: order.address },
    to,
  );
  if (refusal !== undefined) throw HttpError.conflict(refusal);
  const history: HistoryRow[] = [{ event: ORDER_EVENT.statusChanged, from: order.status, to, note }];
  if (to === ORDER_STATUS.canceled) {
    if (order.status === ORDER_STATUS.dispatched) history.push({ event: ORDER_EVENT.stockKeptOut });
    else {
      await restoreOrderStock(tx, order.id);
      history.push({ event: ORDER_EVENT.stockRestored });
    }
    await moveRepeat(tx, order, to);
  }
  // An order canceled after it left kept its units out: they went with its parcel, not on its shelves.
  const unitsInShop = order.status !== ORDER_STATUS.canceled || (await stockCameBack(tx, order.id));
  if (order.status === ORDER_STATUS.canceled) {
    if (unitsInShop) {
      await takeOrderStock(tx, order.id);
      history.push({ event: ORDER_EVENT.stockTaken });
    }
    await moveRepeat(tx, order, to);
  }
  // Units of a recalled lot never leave the shop (docs/decisions/0148): read after any stock taken
  // above, so an order opened again straight to Dispatched is judged by its new draws.
  if (to === ORDER_STATUS.dispatched && unitsInShop) {
    const recalled = await recalledDraw(tx, order.id);
    if (recalled) throw HttpError.conflict(recalledLotHeldMessage(recalled.name, recalled.lot));
  }
  const parcel = parcelAfter(order, to, dispatch);
  await tx
    .update(orders)
    .set({ status: to, ...parcel })
    .where(eq(orders.id, order.id));
  await recordOrderEvents(tx, order.id, actor, history);
  // Only the cancellation the rejection makes: staff may open a rejected order again, and cancel it again.
  if (!toldInReview) await mailStatusChange(tx, order.id, to, note, accountDeleted);
  return parcel;
}

/**
 * Staff are shoppers too, and no one checks their own work: the review is the one control between a
 * prescription-only medicine and its dispatch, and a status change decides whether an unpaid order
 * is kept from the expiry, sent or canceled. So nobody reviews, or changes the status of, their own
 * order (403); another member of staff does (docs/decisions/0109). The rule and its message are the
 * contract's ownOrderRefusal, read of the order as the API answers it, so the server refuses exactly
 * what the staff screens withhold, in their words.
 */
function refuseOwnOrder(order: OrderRow, actor: NonNullable<Actor>, message?: string): void {
  const refusal = ownOrderRefusal(
    { userId: order.userId === null ? null : { _id: order.userId }, prescription: prescriptionOf(order) },
    actor.id,
  );
  if (refusal !== undefined) throw HttpError.forbidden(message ?? refusal);
}

/**
 * Refuses (403, as the sign-in check would) a member of staff made a patient after their request was
 * let in, read again in the change's transaction under a share lock of their row, taken after the
 * order's: a role change made meanwhile is seen, and one made later waits for the change. Without it,
 * a decision that waited for the order went through, and its history row named a patient as its actor.
 */
async function refuseFormerStaff(tx: Tx, actor: NonNullable<Actor>): Promise<void> {
  const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, actor.id)).for('share');
  if (!isStaff(row?.role)) throw HttpError.forbidden(NOT_ADMIN_MESSAGE);
}

/**
 * An admin's or pharmacist's status change, in one transaction, with its audit entry; refused (409)
 * when `fromStatus`, the status the caller saw, is no longer the order's.
 */
export async function changeOrderStatus(
  db: Db,
  id: string,
  to: OrderStatus,
  actor: NonNullable<Actor>,
  dispatch: Dispatch = {},
  fromStatus?: OrderStatus,
): Promise<Order> {
  // A recall locks the orders of its lot before the lot, as this change does; one placed after that
  // and changed at once can still close a cycle with it, which PostgreSQL breaks by failing either.
  // Run again, a dispatch reads the recall and is refused.
  return retryOnceOnLockConflict(() =>
    db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      await refuseFormerStaff(tx, actor);
      refuseOwnOrder(order, actor);
      // Read under the lock, so no change slips in between the check and the write.
      if (fromStatus !== undefined && fromStatus !== order.status)
        throw HttpError.conflict(ORDER_STATUS_CHANGED_MESSAGE);
      await staffStatusChange(tx, order, to, actor, null, dispatch);
      return (await loadOrders(tx, eq(orders.id, id)))[0]!;
    }),
  );
}

/** A member of staff's change of a locked order's status (applyStatusChange) and its audit entry. */
async function staffStatusChange(
  tx: Tx,
  order: OrderRow,
  to: OrderStatus,
  actor: NonNullable<Actor>,
  note: string | null,
  dispatch: Dispatch = {},
  { accountDeleted = false } = {},
): Promise<void> {
  const parcel = await applyStatusChange(tx, order, to, actor, note, dispatch, { accountDeleted });
  if (order.status === to) return;
  // A parcel written or cleared is part of the change: the one it replaces, if any, and the new one.
  const replaced = parcel && order.dispatchedAt !== null ? parcelForAudit(order) : {};
  await recordAudit(tx, {
    actorId: actor.id,
    kind: AUDIT_KIND.orderStatusChanged,
    orderId: order.id,
    before: { status: order.status, ...replaced },
    after: { status: to, ...(parcel && parcelForAudit(parcel)) },
  });
}

export const ACCOUNT_DELETED_CANCEL_NOTE = 'Canceled by the shop: the account it was placed from was deleted.';

/**
 * Cancels a patient's orders not yet dispatched, in the transaction that deletes their account, as
 * the admin deleting it: a parcel must not go to the stored address of someone who has no account
 * any more (docs/decisions/0171). Each is canceled as a staff cancel is:
 * its stock back to the batches it drew from, its history rows, its audit entry and the patient's
 * mail, sent to the address the account had (called before the account goes, so the mail finds it),
 * without the link to an orders page they can no longer open.
 * A dispatched order's parcel has left and stays as it is. The caller holds the patient's cart, so no
 * checkout of theirs is under way while their orders are read. Answers how many it canceled.
 */
export async function cancelOpenOrdersOf(tx: Tx, userId: string, actor: NonNullable<Actor>): Promise<number> {
  const open = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...BEFORE_DISPATCH])))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .for('update');
  for (const order of open)
    await staffStatusChange(
      tx,
      order,
      ORDER_STATUS.canceled,
      actor,
      ACCOUNT_DELETED_CANCEL_NOTE,
      {},
      { accountDeleted: true },
    );
  return open.length;
}

/**
 * Staff's replacement of an order's units of recalled lots by units of the sellable ones, which frees
 * it to be dispatched (docs/decisions/0148), in one transaction with one history row naming the lots
 * and its audit entry (docs/decisions/0149).
 * Refused (403) to the member of staff who placed it, as every change of one's own order; refused
 * (409) when the order is dispatched or canceled (its units are not in the shop), holds no recalled
 * units, or the sellable lots are short; then nothing changes. Retried once on a lock cycle
 * with a recall, as a status change is.
 */
export async function replaceRecalledUnits(db: Db, id: string, actor: NonNullable<Actor>): Promise<Order> {
  return retryOnceOnLockConflict(() =>
    db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      await refuseFormerStaff(tx, actor);
      // A replacement changes what the order sends: as with any change of it, not by its own buyer.
      refuseOwnOrder(order, actor, OWN_ORDER_REPLACEMENT_MESSAGE);
      if (!BEFORE_DISPATCH.includes(order.status)) throw HttpError.conflict(REPLACE_TOO_LATE_MESSAGE);
      const replaced = await replaceRecalledDraws(tx, id);
      if (replaced.length === 0) throw HttpError.conflict(NO_RECALLED_UNITS_MESSAGE);
      const note = replaced.map(({ name, lot, from }) => recalledUnitsReplacedNote(name, lot, from)).join(' ');
      await recordOrderEvents(tx, id, actor, [{ event: ORDER_EVENT.stockTaken, note }]);
      // The lots the order held and holds now, each beside its medicine, as the audit page lists fields.
      const lotsOf = (pick: (replacement: (typeof replaced)[number]) => string) =>
        replaced.map((replacement) => `${pick(replacement)} (${replacement.name})`).join('; ');
      await recordAudit(tx, {
        actorId: actor.id,
        kind: AUDIT_KIND.recalledUnitsReplaced,
        orderId: id,
        before: { lots: lotsOf(({ lot }) => lot) },
        after: { lots: lotsOf(({ from }) => from.join(', ')) },
      });
      return (await loadOrders(tx, eq(orders.id, id)))[0]!;
    }),
  );
}

/**
 * A pharmacist's decision on the prescription of an order, once: approving frees the order to be
 * accepted; rejecting cancels it and puts its stock back, in the same transaction as the decision.
 * A rejection holds the order while it waits for the medicines its units go back to, which a recall
 * of their lot may hold while it waits for the order: run again once, as a status change is.
 */
export async function reviewPrescription(
  db: Db,
  id: string,
  { decision, note = '', validUntil, repeats = 0 }: PrescriptionReviewInput,
  actor: NonNullable<Actor>,
): Promise<Order> {
  return retryOnceOnLockConflict(() =>
    db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      await refuseFormerStaff(tx, actor);
      // An order without a prescription has nothing to review (409 below), whoever placed it.
      if (order.prescriptionReview !== null) refuseOwnOrder(order, actor);
      if (order.prescriptionReview !== PRESCRIPTION_REVIEW.pending) throw HttpError.conflict(NOTHING_TO_REVIEW_MESSAGE);
      const review: PrescriptionReview =
        decision === PRESCRIPTION_DECISION.approve ? PRESCRIPTION_REVIEW.approved : PRESCRIPTION_REVIEW.rejected;
      // Its file went with its patient: nobody can see what an approval would let the order dispatch.
      if (review === PRESCRIPTION_REVIEW.approved && order.prescriptionId === null)
        throw HttpError.conflict(PRESCRIPTION_GONE_MESSAGE);
      const decided = {
        prescriptionReview: review,
        reviewNote: note || null,
        reviewedBy: actor.id,
        reviewedAt: new Date(),
      };
      await tx.update(orders).set(decided).where(eq(orders.id, id));
      // The approval's terms go on the prescription itself: later repeat orders spend them.
      if (review === PRESCRIPTION_REVIEW.approved && order.prescriptionId && validUntil !== undefined) {
        await tx
          .update(prescriptions)
          .set({ validUntil, repeatsLeft: repeats })
          .where(eq(prescriptions.id, order.prescriptionId));
      }
      await recordOrderEvents(tx, id, actor, [
        { event: ORDER_EVENT.reviewDecided, from: PRESCRIPTION_REVIEW.pending, to: review, note: decided.reviewNote },
      ]);
      await mailReviewDecision(tx, id, review, decided.reviewNote);
      if (review === PRESCRIPTION_REVIEW.rejected)
        await applyStatusChange(
          tx,
          { ...order, ...decided },
          ORDER_STATUS.canceled,
          actor,
          decided.reviewNote,
          {},
          {
            toldInReview: true,
          },
        );
      // The decision and its terms, never the prescription itself; a rejection's note too, the reason the
      // patient was given for the order's end (an approval's note stays in the order's history alone).
      const terms = review === PRESCRIPTION_REVIEW.approved && validUntil !== undefined ? { validUntil, repeats } : {};
      const reason = review === PRESCRIPTION_REVIEW.rejected ? { note: decided.reviewNote } : {};
      const canceled = review === PRESCRIPTION_REVIEW.rejected && order.status !== ORDER_STATUS.canceled;
      await recordAudit(tx, {
        actorId: actor.id,
        kind: AUDIT_KIND.prescriptionReviewed,
        orderId: id,
        before: { prescriptionReview: PRESCRIPTION_REVIEW.pending, ...(canceled ? { status: order.status } : {}) },
        after: {
          prescriptionReview: review,
          ...terms,
          ...reason,
          ...(canceled ? { status: ORDER_STATUS.canceled } : {}),
        },
      });
      return (await loadOrders(tx, eq(orders.id, id)))[0]!;
    }),
  );
}

/**
 * The patient adds the delivery address their order was placed without (docs/decisions/0135): one of
 * their saved ones or a new one, copied onto the order as checkout copies it, with a history row in
 * the same transaction. Someone else's order answers 404, as a missing one, whoever asks: staff
 * included, since only the patient can say where their medicines go. Refused (409) by the contract's
 * addressAddRefusal, read under the order's lock, so it cannot race a dispatch or a cancellation. No
 * audit entry: the patient's own action is no staff change.
 */
export async function addOrderAddress(
  db: Db,
  id: string,
  userId: string,
  { addressId, address }: OrderAddressChoice,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.userId !== userId) throw HttpError.notFound(ORDER_NOT_FOUND_MESSAGE);
    const refusal = addressAddRefusal({
      status: order.status,
      prescription: prescriptionOf(order),
      address: order.address,
    });
    if (refusal !== undefined) throw HttpError.conflict(refusal);
    const added = await deliveryAddress(tx, userId, { addressId, address });
    await tx.update(orders).set({ address: added }).where(eq(orders.id, id));
    await recordOrderEvents(tx, id, { id: userId }, [{ event: ORDER_EVENT.addressAdded }]);
    return (await loadOrders(tx, eq(orders.id, id)))[0]!;
  });
}

/** Unpaid orders canceled per sweep at most, so one sweep stays short however many are due. */
const UNPAID_SWEEP_BATCH = 100;
export const UNPAID_CANCEL_NOTE = 'Canceled by the shop: not paid in time.';

/**
 * Cancels, with their stock given back, the orders placed before `placedBefore` that are still
 * 'Pending' and unpaid (docs/decisions/0018), as the shop itself (no actor). Each is re-checked under
 * its lock, so an order an admin accepted meanwhile stays as it is. Answers how many were canceled.
 */
export async function cancelUnpaidOrders(db: Db, placedBefore: Date): Promise<number> {
  const unpaid = (order: OrderRow) =>
    order.status === ORDER_STATUS.pending && order.paymentStatus === PAYMENT_STATUS.pending;
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, ORDER_STATUS.pending),
        eq(orders.paymentStatus, PAYMENT_STATUS.pending),
        lt(orders.createdAt, placedBefore),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(UNPAID_SWEEP_BATCH);
  let canceled = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      if (!unpaid(order)) return false;
      await applyStatusChange(tx, order, ORDER_STATUS.canceled, null, UNPAID_CANCEL_NOTE);
      return true;
    });
    if (done) canceled += 1;
  }
  return canceled;
}
