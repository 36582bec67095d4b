import { isStaff, type Order, type OrderStatus, type Payment, type Role } from '@apotheca/contract';
import { and, asc, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
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
 * Takes `quantity` units back for an order leaving 'Canceled', or throws a 409 naming the medicine.
 * The condition is checked in the same statement that writes, so stock never goes below zero.
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

/** One row per ordered item; a refused checkout gives one row with only the verdict. */
type CheckoutRow = {
  ok: boolean;
  line_count: number;
  short_name: string | null;
  short_stock: number | null;
  order_id: string | null;
  total_cents: number | null;
  status: OrderRow['status'] | null;
  payment_status: OrderRow['paymentStatus'] | null;
  card_last4: string | null;
  created_at: Date | string | null;
  item_id: string | null;
  medicine_id: string | null;
  name: string | null;
  price_cents: number | null;
  quantity: number | null;
};

/**
 * One statement, so one transaction and one round trip (issue 3's order benchmark): takes the stock
 * of every cart item, copies names and server prices into the order, empties the cart. Every write
 * in it is conditional on every line having its stock, so any shortage changes nothing (CONTRACT.md).
 */
export async function placeOrder(db: Db, user: NonNullable<OrderUser>, payment: Payment | undefined): Promise<Order> {
  // `lines` locks the cart's items: a second checkout of the same cart waits, then finds them gone.
  // `stock` locks the medicines in one order for every checkout, so two cannot deadlock, and reads
  // each one's latest committed stock once its lock is held.
  const result = await db.execute(sql`
    with lines as (
      select ci.id, ci.medicine_id, ci.quantity
      from ${cartItems} ci join ${carts} c on c.id = ci.cart_id
      where c.user_id = ${user.id}::uuid
      for update of ci
    ), stock as (
      select m.id, m.name, m.price_cents, m.stock, l.quantity
      from ${medicines} m join lines l on l.medicine_id = m.id
      order by m.id
      for update of m
    ), verdict as (
      select count(*)::integer as line_count, coalesce(bool_and(stock >= quantity), false) as ok,
        sum(price_cents * quantity)::integer as total_cents
      from stock
    ), taken as (
      update ${medicines} m set stock = m.stock - s.quantity
      from stock s, verdict v
      where v.ok and m.id = s.id
    ), emptied as (
      delete from ${cartItems} where id in (select id from lines) and (select ok from verdict)
    ), new_order as (
      insert into ${orders} (user_id, total_cents, payment_status, card_last4)
      select ${user.id}::uuid, total_cents, ${payment ? 'Paid' : 'Pending'}, ${
        // Only the last four digits are ever kept (CONTRACT.md).
        payment ? payment.cardNumber.slice(-4) : null
      } from verdict where ok
      returning *
    ), new_items as (
      insert into ${orderItems} (order_id, medicine_id, name, price_cents, quantity)
      select o.id, s.id, s.name, s.price_cents, s.quantity from new_order o, stock s
      returning *
    )
    select v.ok, v.line_count, short.name as short_name, short.stock as short_stock,
      o.id as order_id, o.total_cents, o.status, o.payment_status, o.card_last4, o.created_at,
      i.id as item_id, i.medicine_id, i.name, i.price_cents, i.quantity
    from verdict v
    left join lateral (select name, stock from stock where stock < quantity order by id limit 1) short on true
    left join new_order o on true
    left join new_items i on true
  `);
  // Both drivers answer a raw statement with `{ rows }`; Drizzle types it for neither.
  const rows = (result as unknown as { rows: CheckoutRow[] }).rows;
  const [first] = rows;
  if (!first || first.line_count === 0) throw HttpError.badRequest(EMPTY_CART_MESSAGE);
  if (!first.ok) throw stockConflict({ name: first.short_name!, stock: first.short_stock! });
  const order: OrderRow = {
    id: first.order_id!,
    userId: user.id,
    totalCents: first.total_cents!,
    status: first.status!,
    paymentStatus: first.payment_status!,
    cardLast4: first.card_last4,
    createdAt: new Date(first.created_at!),
  };
  const items = rows.map((row) => ({
    id: row.item_id!,
    orderId: order.id,
    medicineId: row.medicine_id,
    name: row.name!,
    priceCents: row.price_cents!,
    quantity: row.quantity!,
  }));
  return toOrder(order, user, items);
}

export const listUserOrders = (db: Db, userId: string) => loadOrders(db, eq(orders.userId, userId));

export const listAllOrders = (db: Db) => loadOrders(db);

/** One order for its owner or staff; to anyone else it does not exist. */
export async function getOrder(db: Db, id: string, viewer: { id: string; role: Role }): Promise<Order> {
  const owned = isStaff(viewer.role) ? undefined : eq(orders.userId, viewer.id);
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
