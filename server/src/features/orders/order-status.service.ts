import type { Order, OrderEvent, OrderStatus } from '@apotheca/contract';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../db/ids';
import { medicines, orderHistory, orderItems, orders } from '../../db/schema';
import { HttpError } from '../../http-error';
import { stockConflict } from '../medicines/medicines.service';
import { loadOrders, ORDER_NOT_FOUND_MESSAGE } from './orders.service';

// Every change to an order after it is placed goes through here: which change is allowed, the stock
// that moves with it and the history row, all in the transaction of the change.

export const goneFromCatalogueMessage = (name: string) => `${name} is no longer in the catalogue.`;

/** Who makes a change: a signed-in user's id, or null for the shop itself. */
export type Actor = { id: string } | null;

type HistoryRow = { event: OrderEvent; from?: string | null; to?: string | null; note?: string | null };

/** Appends rows to an order's history, in the caller's transaction. */
export async function recordOrderEvents(tx: Tx, orderId: string, actor: Actor, rows: HistoryRow[]): Promise<void> {
  await tx.insert(orderHistory).values(rows.map((row) => ({ orderId, actorId: actor?.id ?? null, ...row })));
}

/** The order's row, locked until the transaction ends, or a 404. */
export async function lockOrder(tx: Tx, id: string) {
  const [order] = isUuid(id) ? await tx.select().from(orders).where(eq(orders.id, id)).for('update') : [];
  if (!order) throw HttpError.notFound(ORDER_NOT_FOUND_MESSAGE);
  return order;
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
    .returning({ id: medicines.id });
  if (taken) return;
  const [left] = await tx
    .select({ name: medicines.name, stock: medicines.stock })
    .from(medicines)
    .where(eq(medicines.id, medicineId));
  throw stockConflict(left!);
}

/** Puts an order's stock back ('restore') or takes it again ('take'), medicines in id order. */
async function moveStock(tx: Tx, orderId: string, direction: 'restore' | 'take') {
  const items = await tx
    .select({ medicineId: orderItems.medicineId, name: orderItems.name, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.medicineId));
  for (const item of items) {
    if (direction === 'restore') {
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

/**
 * Moves a locked order to `to`, in the caller's transaction. Any status may follow any other
 * (SPEC.md §4). Entering 'Canceled' gives the stock back; leaving it takes the stock again, with a
 * 409 when it is no longer there. The history gets the status change and the stock that moved.
 */
export async function applyStatusChange(
  tx: Tx,
  order: { id: string; status: OrderStatus },
  to: OrderStatus,
  actor: Actor,
  note: string | null = null,
): Promise<void> {
  if (order.status === to) return;
  const history: HistoryRow[] = [{ event: 'status-changed', from: order.status, to, note }];
  if (to === 'Canceled') {
    await moveStock(tx, order.id, 'restore');
    history.push({ event: 'stock-restored' });
  } else if (order.status === 'Canceled') {
    await moveStock(tx, order.id, 'take');
    history.push({ event: 'stock-taken' });
  }
  await tx.update(orders).set({ status: to }).where(eq(orders.id, order.id));
  await recordOrderEvents(tx, order.id, actor, history);
}

/** An admin's or pharmacist's status change, in one transaction. */
export async function changeOrderStatus(db: Db, id: string, to: OrderStatus, actor: Actor): Promise<Order> {
  return db.transaction(async (tx) => {
    await applyStatusChange(tx, await lockOrder(tx, id), to, actor);
    return (await loadOrders(tx, eq(orders.id, id)))[0]!;
  });
}
