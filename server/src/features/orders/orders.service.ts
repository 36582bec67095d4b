import type { Order, OrderStatus, Payment } from '@apotheca/contract';
import { and, asc, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../db/ids';
import { centsToDollars } from '../../db/money';
import { cartItems, carts, medicines, orderItems, orders, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { stockConflict } from '../medicines/medicines.service';

/** SPEC.md §4's alert for checking out an empty cart. */
export const EMPTY_CART_MESSAGE = 'Cart is Empty';
export const ORDER_NOT_FOUND_MESSAGE = 'Order not found';
export const goneFromCatalogueMessage = (name: string) => `${name} is no longer in the catalogue.`;

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;
type OrderUser = { id: string; firstName: string; lastName: string } | null;

/** Items are listed by name, the same for a new order and a stored one. */
const byName = (a: OrderItemRow, b: OrderItemRow) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

function toOrder(order: OrderRow, user: OrderUser, items: OrderItemRow[]): Order {
  return {
    _id: order.id,
    userId: user && { _id: user.id, first_name: user.firstName, last_name: user.lastName },
    items: [...items].sort(byName).map((item) => ({
      _id: item.id,
      medicineId: { _id: item.medicineId, name: item.name },
      name: item.name,
      price: centsToDollars(item.priceCents),
      quantity: item.quantity,
    })),
    totalPrice: centsToDollars(order.totalCents),
    status: order.status,
    paymentStatus: order.paymentStatus,
    createdAt: order.createdAt.toISOString(),
  };
}

/** Orders matching `where`, newest first, with their owner's name and their items. */
async function loadOrders(db: Db | Tx, where?: SQL): Promise<Order[]> {
  const [rows, items] = await Promise.all([
    db
      .select({ order: orders, user: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id)),
    db.select({ item: orderItems }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(where),
  ]);
  const itemsByOrder = new Map<string, OrderItemRow[]>();
  for (const { item } of items) itemsByOrder.set(item.orderId, [...(itemsByOrder.get(item.orderId) ?? []), item]);
  return rows.map(({ order, user }) => toOrder(order, user, itemsByOrder.get(order.id) ?? []));
}

/**
 * Takes `quantity` units, or throws a 409 naming the medicine. The condition is checked in the
 * same statement that writes, so concurrent checkouts can never take the stock below zero.
 */
async function takeStock(tx: Tx, medicineId: string, quantity: number) {
  const [taken] = await tx
    .update(medicines)
    .set({ stock: sql`${medicines.stock} - ${quantity}` })
    .where(and(eq(medicines.id, medicineId), gte(medicines.stock, quantity)))
    .returning({ id: medicines.id, name: medicines.name, priceCents: medicines.priceCents });
  if (taken) return taken;
  const [left] = await tx
    .select({ name: medicines.name, stock: medicines.stock })
    .from(medicines)
    .where(eq(medicines.id, medicineId));
  throw stockConflict(left!);
}

/**
 * One transaction: takes the stock of every cart item, copies names and server prices into the
 * order, empties the cart. Any shortage rolls everything back (CONTRACT.md).
 */
export async function placeOrder(db: Db, user: NonNullable<OrderUser>, payment: Payment | undefined): Promise<Order> {
  return db.transaction(async (tx) => {
    // Taking the lines out of the cart locks them: a second checkout of the same cart waits, then
    // finds nothing left to order.
    const cartOfUser = tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, user.id));
    const lines = (
      await tx
        .delete(cartItems)
        .where(inArray(cartItems.cartId, cartOfUser))
        .returning({ medicineId: cartItems.medicineId, quantity: cartItems.quantity })
    )
      // One lock order for every transaction, so two checkouts cannot deadlock on the stock.
      .sort((a, b) => a.medicineId.localeCompare(b.medicineId));
    if (lines.length === 0) throw HttpError.badRequest(EMPTY_CART_MESSAGE);

    const taken = [];
    for (const line of lines) taken.push({ ...(await takeStock(tx, line.medicineId, line.quantity)), ...line });
    const totalCents = taken.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
    const [order] = await tx
      .insert(orders)
      .values({
        userId: user.id,
        totalCents,
        paymentStatus: payment ? 'Paid' : 'Pending',
        // Only the last four digits are ever kept (CONTRACT.md).
        cardLast4: payment ? payment.cardNumber.slice(-4) : null,
      })
      .returning();
    const items = await tx
      .insert(orderItems)
      .values(
        taken.map((line) => ({
          orderId: order!.id,
          medicineId: line.id,
          name: line.name,
          priceCents: line.priceCents,
          quantity: line.quantity,
        })),
      )
      .returning();
    return toOrder(order!, user, items);
  });
}

export const listUserOrders = (db: Db, userId: string) => loadOrders(db, eq(orders.userId, userId));

export const listAllOrders = (db: Db) => loadOrders(db);

/** One order for its owner or an admin; to anyone else it does not exist. */
export async function getOrder(db: Db, id: string, viewer: { id: string; role: string }): Promise<Order> {
  const owned = viewer.role === 'admin' ? undefined : eq(orders.userId, viewer.id);
  const [order] = isUuid(id) ? await loadOrders(db, and(eq(orders.id, id), owned)) : [];
  if (!order) throw HttpError.notFound(ORDER_NOT_FOUND_MESSAGE);
  return order;
}

/**
 * Any status may follow any other (SPEC.md §4). Entering 'Canceled' gives the stock back; leaving
 * it takes the stock again, with a 409 when it is no longer there.
 */
export async function updateOrderStatus(db: Db, id: string, status: OrderStatus): Promise<Order> {
  return db.transaction(async (tx) => {
    const [order] = isUuid(id)
      ? await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, id)).for('update')
      : [];
    if (!order) throw HttpError.notFound(ORDER_NOT_FOUND_MESSAGE);
    const entersCanceled = status === 'Canceled' && order.status !== 'Canceled';
    const leavesCanceled = order.status === 'Canceled' && status !== 'Canceled';
    if (entersCanceled || leavesCanceled) {
      const items = await tx
        .select({ medicineId: orderItems.medicineId, name: orderItems.name, quantity: orderItems.quantity })
        .from(orderItems)
        .where(eq(orderItems.orderId, id))
        .orderBy(asc(orderItems.medicineId));
      for (const item of items) {
        if (entersCanceled) {
          // A medicine deleted since has no stock to return to.
          if (item.medicineId === null) continue;
          await tx
            .update(medicines)
            .set({ stock: sql`${medicines.stock} + ${item.quantity}` })
            .where(eq(medicines.id, item.medicineId));
        } else {
          if (item.medicineId === null) throw HttpError.conflict(goneFromCatalogueMessage(item.name));
          await takeStock(tx, item.medicineId, item.quantity);
        }
      }
    }
    await tx.update(orders).set({ status }).where(eq(orders.id, id));
    return (await loadOrders(tx, eq(orders.id, id)))[0]!;
  });
}
