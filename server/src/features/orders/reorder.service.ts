import { REORDER_SKIP, type ReorderResponse, type ReorderSkip } from '@apotheca/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/ids';
import { cartItems, carts, medicines, orderItems, orders } from '../../db/schema';
import { HttpError } from '../../http-error';
import { getCart } from '../cart/cart.service';
import { recalledLot, SELLABLE_STOCK } from '../stock/stock.service';
import { ORDER_NOT_FOUND_MESSAGE } from './orders.service';

/**
 * "Order again": puts a past order's items back in its owner's cart, on top of what the cart holds.
 * Each medicine's quantity is capped by its stock and its limit per order; what could not go in,
 * or not all of it, is answered in `skipped` with the reason. Prices are the catalogue's of today.
 */
export async function reorder(db: Db, userId: string, orderId: string): Promise<ReorderResponse> {
  const skipped: ReorderSkip[] = [];
  await db.transaction(async (tx) => {
    const [order] = isUuid(orderId)
      ? await tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
      : [];
    if (!order) throw HttpError.notFound(ORDER_NOT_FOUND_MESSAGE);
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    // The cart's row is locked before its lines are read, so a second "order again" (or an add) at the
    // same time waits and reads what this one leaves: each caps its quantities by the cart as it is.
    // An upsert that updates locks the row it meets until the transaction ends, and a cart cleared
    // meanwhile is made again, not missing.
    const [cart] = await tx
      .insert(carts)
      .values({ userId })
      .onConflictDoUpdate({ target: carts.userId, set: { userId } })
      .returning({ id: carts.id });
    const ids = items.flatMap(({ medicineId }) => (medicineId ? [medicineId] : []));
    const stocked = ids.length
      ? await tx
          .select({
            id: medicines.id,
            stock: SELLABLE_STOCK.mapWith(Number),
            maxPerOrder: medicines.maxPerOrder,
            recalledLot: sql<string | null>`${recalledLot(sql`${medicines.id}`)}`,
          })
          .from(medicines)
          .where(inArray(medicines.id, ids))
      : [];
    const inCart = ids.length
      ? await tx
          .select({ medicineId: cartItems.medicineId, quantity: cartItems.quantity })
          .from(cartItems)
          .where(and(eq(cartItems.cartId, cart!.id), inArray(cartItems.medicineId, ids)))
      : [];
    for (const item of items) {
      const medicine = stocked.find(({ id }) => id === item.medicineId);
      if (!medicine) {
        skipped.push({ medicineId: item.medicineId, name: item.name, reason: REORDER_SKIP.gone, added: 0 });
        continue;
      }
      if (medicine.stock === 0) {
        // Units kept back by a recall are why, and the patient holding the recall notice is told so.
        const reason = medicine.recalledLot === null ? REORDER_SKIP.outOfStock : REORDER_SKIP.recalled;
        skipped.push({ medicineId: medicine.id, name: item.name, reason, added: 0 });
        continue;
      }
      const held = inCart.find(({ medicineId }) => medicineId === medicine.id)?.quantity ?? 0;
      const cap = Math.min(medicine.stock, medicine.maxPerOrder ?? medicine.stock);
      const quantity = Math.min(held + item.quantity, Math.max(cap, held));
      const added = quantity - held;
      if (added < item.quantity)
        skipped.push({ medicineId: medicine.id, name: item.name, reason: REORDER_SKIP.limited, added });
      if (added > 0)
        await tx
          .insert(cartItems)
          .values({ cartId: cart!.id, medicineId: medicine.id, quantity })
          .onConflictDoUpdate({ target: [cartItems.cartId, cartItems.medicineId], set: { quantity } });
    }
  });
  return { cart: (await getCart(db, userId))!, skipped };
}
