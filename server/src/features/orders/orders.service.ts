import {
  ADMIN_ORDERS_PAGE_SIZE,
  DELIVERY_DAYS,
  isStaff,
  type Order,
  type OrderHistoryEntry,
  type OrderListQuery,
  type Role,
} from '@apotheca/contract';
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../db/ids';
import { centsToDollars } from '../../db/money';
import { orderHistory, orderItems, orders, prescriptions, users } from '../../db/schema';
import { HttpError } from '../../http-error';

// Reading orders: one shape for every answer, with items and history. Writes are checkout.service
// (placing) and order-status.service (every later change).

export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderUser = { id: string; firstName: string; lastName: string } | null;
/** The validity and repeats left of the prescription an order carries, as its approval set them. */
export type OrderPrescriptionTerms = { validUntil: string | null; repeatsLeft: number | null } | null;
/**
 * An order row with its buyer and the pharmacist who reviewed its prescription, either null, and
 * the terms of its prescription.
 */
export type OrderWithPeople = { order: OrderRow; user: OrderUser; reviewer: OrderUser; terms?: OrderPrescriptionTerms };

/** The day, `days` working days (Monday to Friday) after `from`, as YYYY-MM-DD. */
function workingDaysAfter(from: Date, days: number): string {
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  for (let left = days; left > 0;) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) left -= 1;
  }
  return day.toISOString().slice(0, 10);
}

/** When a parcel dispatched at `dispatchedAt` should arrive: between these two days. */
export const deliveryEstimate = (dispatchedAt: Date) => ({
  from: workingDaysAfter(dispatchedAt, DELIVERY_DAYS.min),
  to: workingDaysAfter(dispatchedAt, DELIVERY_DAYS.max),
});

const fullName = (person: NonNullable<OrderUser>) => `${person.firstName} ${person.lastName}`;

/** Items are listed by name, the same for a new order and a stored one. */
const byName = (a: OrderItemRow, b: OrderItemRow) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

export function toOrder(
  { order, user, reviewer, terms = null }: OrderWithPeople,
  items: OrderItemRow[],
  history: OrderHistoryEntry[],
): Order {
  return {
    _id: order.id,
    userId: user && { _id: user.id, first_name: user.firstName, last_name: user.lastName },
    items: [...items].sort(byName).map((item) => ({
      _id: item.id,
      medicineId: { _id: item.medicineId, name: item.name },
      name: item.name,
      price: centsToDollars(item.priceCents),
      quantity: item.quantity,
      prescriptionRequired: item.prescriptionRequired,
    })),
    totalPrice: centsToDollars(order.totalCents),
    status: order.status,
    paymentStatus: order.paymentStatus,
    createdAt: order.createdAt.toISOString(),
    prescription: order.prescriptionReview && {
      _id: order.prescriptionId,
      review: order.prescriptionReview,
      note: order.reviewNote,
      reviewedBy: reviewer && { _id: reviewer.id, name: fullName(reviewer) },
      reviewedAt: order.reviewedAt?.toISOString() ?? null,
      repeat: order.prescriptionRepeat,
      validUntil: terms?.validUntil ?? null,
      repeatsLeft: terms?.repeatsLeft ?? null,
    },
    history,
    address: order.address,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    dispatchedAt: order.dispatchedAt?.toISOString() ?? null,
    deliveryEstimate: order.dispatchedAt && deliveryEstimate(order.dispatchedAt),
  };
}

const groupBy = <T>(rows: T[], key: (row: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
  return groups;
};

const reviewers = alias(users, 'reviewers');

const NEWEST_FIRST = [desc(orders.createdAt), desc(orders.id)];

/**
 * Orders matching `where`, newest first (one page of them if asked), with their owner's name, their
 * items and their history.
 */
export async function loadOrders(
  db: Db | Tx,
  matching?: SQL,
  page?: { limit: number; offset: number },
): Promise<Order[]> {
  // The page's orders, chosen once in SQL for every query; without a page, every match.
  const pageIds = page
    ? db
        .select({ id: orders.id })
        .from(orders)
        .where(matching)
        .orderBy(...NEWEST_FIRST)
        .limit(page.limit)
        .offset(page.offset)
    : undefined;
  const where = pageIds ? and(matching, inArray(orders.id, pageIds)) : matching;
  const [rows, items, history] = await Promise.all([
    db
      .select({
        order: orders,
        user: { id: users.id, firstName: users.firstName, lastName: users.lastName },
        reviewer: { id: reviewers.id, firstName: reviewers.firstName, lastName: reviewers.lastName },
        terms: { validUntil: prescriptions.validUntil, repeatsLeft: prescriptions.repeatsLeft },
      })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .leftJoin(reviewers, eq(reviewers.id, orders.reviewedBy))
      .leftJoin(prescriptions, eq(prescriptions.id, orders.prescriptionId))
      .where(where)
      .orderBy(...NEWEST_FIRST),
    db.select({ item: orderItems }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(where),
    db
      .select({
        orderId: orderHistory.orderId,
        at: orderHistory.at,
        event: orderHistory.event,
        from: orderHistory.from,
        to: orderHistory.to,
        note: orderHistory.note,
        actor: { id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role },
      })
      .from(orderHistory)
      .innerJoin(orders, eq(orders.id, orderHistory.orderId))
      .leftJoin(users, eq(users.id, orderHistory.actorId))
      .where(where)
      .orderBy(asc(orderHistory.id)),
  ]);
  const itemsByOrder = groupBy(
    items.map(({ item }) => item),
    (item) => item.orderId,
  );
  const historyByOrder = groupBy(history, (entry) => entry.orderId);
  return rows.map((row) =>
    toOrder(
      row,
      itemsByOrder.get(row.order.id) ?? [],
      (historyByOrder.get(row.order.id) ?? []).map(({ at, event, from, to, note, actor }) => ({
        at: at.toISOString(),
        actor: actor && { _id: actor.id, name: fullName(actor), role: actor.role },
        event,
        from,
        to,
        note,
      })),
    ),
  );
}

export const listUserOrders = (db: Db, userId: string) => loadOrders(db, eq(orders.userId, userId));

/** Every order, or one page of them when `page` or `limit` is given (orderListQuerySchema). */
export const listAllOrders = (db: Db, { page, limit }: OrderListQuery = {}) =>
  page === undefined && limit === undefined
    ? loadOrders(db)
    : loadOrders(db, undefined, {
        limit: limit ?? ADMIN_ORDERS_PAGE_SIZE,
        offset: ((page ?? 1) - 1) * (limit ?? ADMIN_ORDERS_PAGE_SIZE),
      });

/** One order for its owner or staff; to anyone else it does not exist. */
export async function getOrder(db: Db, id: string, viewer: { id: string; role: Role }): Promise<Order> {
  const owned = isStaff(viewer.role) ? undefined : eq(orders.userId, viewer.id);
  const [order] = isUuid(id) ? await loadOrders(db, and(eq(orders.id, id), owned)) : [];
  if (!order) throw HttpError.notFound(ORDER_NOT_FOUND_MESSAGE);
  return order;
}
