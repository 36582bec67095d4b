import { and, asc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { medicines, orderItems } from '../../db/schema';
import { HttpError } from '../../http-error';
import { NEXT_VERSION, stockConflict } from '../medicines/medicines.service';

// Every movement of stock goes through here: the units a checkout takes (inside its one statement),
// the units a cancellation puts back and the units an order leaving 'Canceled' takes again.

const goneFromCatalogueMessage = (name: string) => `${name} is no longer in the catalogue.`;

/**
 * The checkout statement's stock: `lines` is its CTE of the cart's locked lines
 * (`medicine_id`, `quantity`). `stock` locks their medicines in id order, for every checkout the
 * same, so two cannot deadlock, and reads each one's latest committed stock once its lock is held;
 * `take(ok)` takes the units when `ok` (an SQL condition of the statement) holds.
 */
export function checkoutStock(db: Db, lines: SQL) {
  const stock = db
    .$with('stock', {
      id: sql<string>`id`.as('id'),
      name: sql<string>`name`.as('name'),
      price_cents: sql<number>`price_cents`.as('price_cents'),
      stock: sql<number>`stock`.as('stock'),
      prescription_required: sql<boolean>`prescription_required`.as('prescription_required'),
      max_per_order: sql<number | null>`max_per_order`.as('max_per_order'),
      quantity: sql<number>`quantity`.as('quantity'),
    })
    .as(
      sql`select m.id, m.name, m.price_cents, m.stock, m.prescription_required, m.max_per_order, l.quantity
      from ${medicines} m join ${lines} l on l.medicine_id = m.id
      order by m.id
      for update of m`,
    );
  const take = (ok: SQL) =>
    db.$with('taken', {}).as(
      sql`update ${medicines} m set stock = m.stock - s.quantity, version = m.version + 1
      from ${stock} s where ${ok} and m.id = s.id`,
    );
  return { stock, take };
}

/**
 * Takes `quantity` units of a medicine, or throws a 409 naming it. The condition is checked in the
 * same statement that writes, so stock never goes below zero.
 */
async function takeUnits(tx: Tx, medicineId: string, quantity: number) {
  const [taken] = await tx
    .update(medicines)
    .set({ stock: sql`${medicines.stock} - ${quantity}`, version: NEXT_VERSION })
    .where(and(eq(medicines.id, medicineId), gte(medicines.stock, quantity)))
    .returning({ id: medicines.id });
  if (taken) return;
  const [left] = await tx
    .select({ name: medicines.name, stock: medicines.stock })
    .from(medicines)
    .where(eq(medicines.id, medicineId));
  throw stockConflict(left!);
}

/** An order's lines, medicines in id order: every mover locks medicines in the same order. */
const orderLines = (tx: Tx, orderId: string) =>
  tx
    .select({ medicineId: orderItems.medicineId, name: orderItems.name, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.medicineId));

/** Puts an order's units back, in the caller's transaction. */
export async function restoreOrderStock(tx: Tx, orderId: string): Promise<void> {
  for (const line of await orderLines(tx, orderId)) {
    // A medicine deleted since has no stock to return to.
    if (line.medicineId === null) continue;
    await tx
      .update(medicines)
      .set({ stock: sql`${medicines.stock} + ${line.quantity}`, version: NEXT_VERSION })
      .where(eq(medicines.id, line.medicineId));
  }
}

/** Takes an order's units again (it leaves 'Canceled'), or throws a 409 naming the first one short. */
export async function takeOrderStock(tx: Tx, orderId: string): Promise<void> {
  for (const line of await orderLines(tx, orderId)) {
    if (line.medicineId === null) throw HttpError.conflict(goneFromCatalogueMessage(line.name));
    await takeUnits(tx, line.medicineId, line.quantity);
  }
}
