import { randomUUID } from 'node:crypto';
import { BATCH_MOVEMENT, stockAboveMaxMessage, WHOLE_NUMBER_MAX, type BatchMovement } from '@apotheca/contract';
import { and, asc, eq, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { batches, batchMovements, medicines, orderItemBatches, orderItems, replacedDraws } from '../../db/schema';
import { lockInIdOrder } from '../../db/lock-order';
import { preparedQuery } from '../../db/prepared';
import { HttpError } from '../../http-error';

// Every movement of stock goes through here. A medicine's stock is the sum of its sellable batches;
// a checkout takes units from the batches that expire first (inside its one statement), a
// cancellation puts them back into the batches they came from, an order leaving 'Canceled' takes
// them again, and an admin's stock edit is an adjustment on a batch. Every writer locks the medicine
// row before its batches, medicines in id order, so none can deadlock another, and raises the
// medicine's version, so an edit based on the stock before a sale is refused.

const goneFromCatalogueMessage = (name: string) => `${name} is no longer in the catalogue.`;

/** The 409 for asking more than the stock, naming the medicine, for carts and orders alike. */
export function stockConflict({ name, stock }: { name: string; stock: number }): HttpError {
  return HttpError.conflict(stock === 0 ? `${name} is out of stock.` : `Only ${stock} of ${name} left in stock.`);
}

/** The `version` of a write that changes a medicine's row or its stock (docs/decisions/0016). */
export const NEXT_VERSION = sql`${medicines.version} + 1`;

/**
 * A batch that may be sold: not written off, not recalled, and not expired by the shop's day
 * (`shop_today()`, the UTC day: docs/decisions/0111); from its expiry date on, it no longer counts, with no write
 * needed.
 */
const sellable = (batch: SQL) =>
  sql`${batch}.written_off_at is null and ${batch}.recalled_at is null and ${batch}.expires_on > shop_today()`;
export const SELLABLE = sellable(sql`${batches}`);

/**
 * The sellable total of the medicine row of the query it is in: the `stock` every answer shows.
 * Written with its tables named, since Drizzle leaves the columns of a one-table query unqualified.
 */
export const SELLABLE_STOCK = sql<number>`(select coalesce(sum(sb.quantity), 0)::integer from ${batches} sb
  where sb.medicine_id = ${medicines}.id and ${sellable(sql`sb`)})`;

/**
 * Refuses a delivery or a correction that takes a medicine's sellable units past WHOLE_NUMBER_MAX
 * (409), in the transaction that wrote it: the stock every answer shows is their sum, read as an
 * integer, and a form sets it up to that much.
 */
export async function assertStockWithinMax(tx: Tx, medicine: { id: string; name: string }): Promise<void> {
  const [held] = await tx
    .select({ units: sql`coalesce(sum(${batches.quantity}), 0)`.mapWith(Number) })
    .from(batches)
    .where(and(eq(batches.medicineId, medicine.id), SELLABLE));
  if (held!.units > WHOLE_NUMBER_MAX) throw HttpError.conflict(stockAboveMaxMessage(medicine.name));
}

/** The lot a shelf life of `months` from today expires on, as the first batch of a medicine has it. */
const shelfLifeFromToday = (months: number) => sql`(shop_today() + make_interval(months => ${months}))::date`;

/**
 * The checkout statement's stock: `lines` is its CTE of the cart's locked lines
 * (`medicine_id`, `quantity`). `wanted` locks their medicines in id order, for every checkout the
 * same; `held` then locks their sellable batches and reads their latest committed quantities;
 * `stock` is each line with its medicine and sellable total. `take(ok)` takes each line's units from
 * its batches, first expiry first, when `ok` (a condition of the statement) holds, and `record`
 * writes which batches each new order line drew from.
 */
export function checkoutStock(db: Db, lines: SQL) {
  const cte = (name: string) => db.$with(name, {});
  const wanted = cte('wanted').as(sql`
    select m.id, m.name, m.price_cents, m.prescription_required, m.max_per_order, l.quantity
    from ${medicines} m join ${lines} l on l.medicine_id = m.id
    order by m.id
    for update of m`);
  const held = cte('held').as(sql`
    select b.id, b.medicine_id, b.quantity, b.expires_on
    from ${batches} b join ${wanted} w on w.id = b.medicine_id
    where b.quantity > 0 and ${sellable(sql`b`)}
    for update of b`);
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
      sql`select w.*, (select coalesce(sum(h.quantity), 0)::integer from ${held} h where h.medicine_id = w.id) as stock
      from ${wanted} w`,
    );
  // Each batch gives what the line still needs after the batches that expire before it.
  const drawn = cte('drawn').as(sql`
    select batch_id, medicine_id, units from (
      select h.id as batch_id, h.medicine_id, least(h.quantity, w.quantity - coalesce(sum(h.quantity) over (
        partition by h.medicine_id order by h.expires_on, h.id rows between unbounded preceding and 1 preceding), 0)) as units
      from ${held} h join ${wanted} w on w.id = h.medicine_id
    ) d where units > 0`);
  const take = (ok: SQL) => [
    drawn,
    cte('taken').as(sql`
      update ${batches} b set quantity = b.quantity - d.units from ${drawn} d where ${ok} and b.id = d.batch_id`),
    cte('versioned').as(sql`
      update ${medicines} m set version = m.version + 1 from ${wanted} w where ${ok} and m.id = w.id`),
  ];
  const record = (newItems: SQL) =>
    cte('drew').as(sql`
      insert into ${orderItemBatches} (order_item_id, batch_id, quantity)
      select i.id, d.batch_id, d.units from ${newItems} i join ${drawn} d on d.medicine_id = i.medicine_id`);
  return { wanted, held, stock, take, record };
}

/** The lot of a medicine that a recall keeps from being sold while it still has units, if one does. */
export const recalledLot = (medicineId: SQL) =>
  sql`(select b.lot from ${batches} b where b.medicine_id = ${medicineId} and b.recalled_at is not null
    and b.written_off_at is null and b.quantity > 0 and b.expires_on > shop_today() order by b.expires_on limit 1)`;

/**
 * A recalled lot of the medicine, if it has one, its batches locked first so that a recall under way
 * is waited for. A medicine with one is not deleted: its batches would take with them the recall's
 * record of the orders the lot reached, and the holds on those not yet dispatched.
 */
export async function recalledLotKept(tx: Tx, medicineId: string): Promise<string | undefined> {
  const lots = await tx
    .select({ lot: batches.lot, recalledAt: batches.recalledAt })
    .from(batches)
    .where(eq(batches.medicineId, medicineId))
    .orderBy(asc(batches.id))
    .for('update');
  return lots.find(({ recalledAt }) => recalledAt !== null)?.lot;
}

/** Locks medicines in id order and raises their versions: the first step of every stock movement. */
async function lockMedicines(tx: Tx, ids: string[]) {
  if (ids.length === 0) return;
  await lockInIdOrder(tx, medicines, inArray(medicines.id, ids));
  await tx.update(medicines).set({ version: NEXT_VERSION }).where(inArray(medicines.id, ids));
}

/** A medicine's sellable batches, first expiry first, locked (its medicine row is locked already). */
const sellableBatches = (tx: Tx, medicineId: string) =>
  tx
    .select({ id: batches.id, lot: batches.lot, quantity: batches.quantity })
    .from(batches)
    .where(and(eq(batches.medicineId, medicineId), gt(batches.quantity, 0), SELLABLE))
    .orderBy(asc(batches.expiresOn), asc(batches.id))
    .for('update');

/**
 * Takes `units` from a locked medicine's batches, first expiry first: the draws with their lots, or,
 * when short, none and the sellable stock there is.
 */
async function allocate(tx: Tx, medicineId: string, units: number) {
  const held = await sellableBatches(tx, medicineId);
  const stock = held.reduce((sum, batch) => sum + batch.quantity, 0);
  if (stock < units) return { stock };
  const draws: { batchId: string; lot: string; quantity: number }[] = [];
  let left = units;
  for (const batch of held) {
    if (left === 0) break;
    const quantity = Math.min(batch.quantity, left);
    draws.push({ batchId: batch.id, lot: batch.lot, quantity });
    left -= quantity;
    await tx
      .update(batches)
      .set({ quantity: sql`${batches.quantity} - ${quantity}` })
      .where(eq(batches.id, batch.id));
  }
  return { draws };
}

/** An order's lines, medicines in id order. */
const orderLines = (tx: Tx, orderId: string) =>
  tx
    .select({
      id: orderItems.id,
      medicineId: orderItems.medicineId,
      name: orderItems.name,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.medicineId));

/**
 * The draws (those `where` picks) of the orders `ofOrders` names (a condition on the order item's
 * order), each with its order, its line, its batch's medicine and lot.
 */
const orderDraws = (db: Db | Tx, ofOrders: SQL, where?: SQL) =>
  db
    .select({
      orderId: orderItems.orderId,
      orderItemId: orderItemBatches.orderItemId,
      batchId: orderItemBatches.batchId,
      quantity: orderItemBatches.quantity,
      medicineId: batches.medicineId,
      lot: batches.lot,
      recalledAt: batches.recalledAt,
      name: orderItems.name,
    })
    .from(orderItemBatches)
    .innerJoin(orderItems, eq(orderItems.id, orderItemBatches.orderItemId))
    .innerJoin(batches, eq(batches.id, orderItemBatches.batchId))
    .where(and(ofOrders, where));

const ofOrder = (orderId: string) => eq(orderItems.orderId, orderId);

type Draw = Awaited<ReturnType<typeof orderDraws>>[number];

/** Locks the draws' medicines, then puts their units back into the batches they were drawn from. */
async function putBack(tx: Tx, draws: Draw[]): Promise<void> {
  // A medicine deleted since took its batches with it: there is no stock to return to.
  await lockMedicines(tx, [...new Set(draws.map((draw) => draw.medicineId))]);
  for (const draw of draws)
    await tx
      .update(batches)
      .set({ quantity: sql`${batches.quantity} + ${draw.quantity}` })
      .where(eq(batches.id, draw.batchId));
}

/** Puts an order's units back into the batches they were drawn from, in the caller's transaction. */
export async function restoreOrderStock(tx: Tx, orderId: string): Promise<void> {
  await putBack(tx, await orderDraws(tx, ofOrder(orderId)));
}

/**
 * Replaces an order's units of recalled lots (docs/decisions/0148): each draw's units go back to its
 * recalled batch, which sells none of them, and the same quantity is drawn from the medicine's
 * sellable batches, first expiry first, added to the line's draws. The draw replaced is kept apart,
 * by the lots that replaced it, so that the recall still lists the order. Answers each replacement with
 * the lots it came from (none when the order holds no recalled units), or throws a 409 naming the
 * first medicine short.
 */
export async function replaceRecalledDraws(tx: Tx, orderId: string) {
  const recalled = await orderDraws(tx, ofOrder(orderId), isNotNull(batches.recalledAt));
  await putBack(tx, recalled);
  const replaced: { name: string; lot: string; from: string[] }[] = [];
  for (const draw of recalled) {
    const taken = await allocate(tx, draw.medicineId, draw.quantity);
    if (!taken.draws) throw stockConflict({ name: draw.name, stock: taken.stock });
    await tx
      .delete(orderItemBatches)
      .where(and(eq(orderItemBatches.orderItemId, draw.orderItemId), eq(orderItemBatches.batchId, draw.batchId)));
    await tx.insert(replacedDraws).values(
      taken.draws.map(({ batchId, quantity }) => ({
        batchId: draw.batchId,
        orderItemId: draw.orderItemId,
        replacementBatchId: batchId,
        quantity,
      })),
    );
    await tx
      .insert(orderItemBatches)
      .values(taken.draws.map(({ batchId, quantity }) => ({ orderItemId: draw.orderItemId, batchId, quantity })))
      .onConflictDoUpdate({
        target: [orderItemBatches.orderItemId, orderItemBatches.batchId],
        set: { quantity: sql`${orderItemBatches.quantity} + excluded.quantity` },
      });
    replaced.push({ name: draw.name, lot: draw.lot, from: taken.draws.map(({ lot }) => lot) });
  }
  return replaced;
}

/**
 * Of an order's draws, read in batch id order, the first from a recalled lot: what holds an order not
 * yet dispatched (docs/decisions/0148). The one rule, read by the dispatch's locked check and by the
 * orders' answers alike.
 */
const holdingDraw = (draws: Draw[]) => draws.find((draw) => draw.recalledAt !== null);

/**
 * The first of an order's draws from a recalled lot, with its medicine's name as ordered, or undefined.
 * Every batch the order drew from is locked (for share) until the transaction ends, in id order: a
 * recall of one of them, which locks its batch to write, waits for the caller's change or is seen by it.
 */
export async function recalledDraw(tx: Tx, orderId: string) {
  return holdingDraw(await orderDraws(tx, ofOrder(orderId)).orderBy(asc(batches.id)).for('share', { of: batches }));
}

/** The draws from recalled lots of the orders `orderIds` names, in batch id order, as recalledDraw reads them. */
const recalledDrawsStatement = (db: Db | Tx) =>
  orderDraws(db, sql`${orderItems.orderId} = any(${sql.placeholder('orderIds')})`, isNotNull(batches.recalledAt))
    .orderBy(asc(batches.id))
    .prepare('recalled_draws_of_orders');
// Prepared once per pool: a staff page of orders reads it beside every page.
const pooledRecalledDraws = preparedQuery(recalledDrawsStatement);

/**
 * The draw recalledDraw finds of each of the orders `orderIds`, by order id, for the orders that have
 * one: read in one statement for them all, unlocked, for their answers; in a transaction, with what
 * it has changed. Only draws from recalled lots are read: orders no recall holds read no row.
 */
export async function recalledDrawsOf(db: Db | Tx, orderIds: string[]): Promise<Map<string, Draw>> {
  if (orderIds.length === 0) return new Map();
  const statement = db instanceof PgTransaction ? recalledDrawsStatement(db) : pooledRecalledDraws(db);
  const draws = await statement.execute({ orderIds });
  const byOrder = new Map<string, Draw[]>();
  for (const draw of draws) byOrder.set(draw.orderId, [...(byOrder.get(draw.orderId) ?? []), draw]);
  return new Map(
    [...byOrder].flatMap(([orderId, ofOne]) => {
      const held = holdingDraw(ofOne);
      return held ? [[orderId, held] as const] : [];
    }),
  );
}

/**
 * Takes an order's units again (it leaves 'Canceled'), first expiry first, and records the new
 * draws; or throws a 409 naming the first medicine short.
 */
export async function takeOrderStock(tx: Tx, orderId: string): Promise<void> {
  const lines = await orderLines(tx, orderId);
  const gone = lines.find((line) => line.medicineId === null);
  if (gone) throw HttpError.conflict(goneFromCatalogueMessage(gone.name));
  await lockMedicines(
    tx,
    lines.map((line) => line.medicineId!),
  );
  for (const line of lines) {
    const taken = await allocate(tx, line.medicineId!, line.quantity);
    if (!taken.draws) throw stockConflict({ name: line.name, stock: taken.stock });
    await tx.delete(orderItemBatches).where(eq(orderItemBatches.orderItemId, line.id));
    await tx
      .insert(orderItemBatches)
      .values(taken.draws.map((draw) => ({ orderItemId: line.id, batchId: draw.batchId, quantity: draw.quantity })));
  }
}

/** Appends a row to a batch's history, in the caller's transaction. */
export async function recordBatchMovement(
  tx: Tx,
  batchId: string,
  actorId: string | null,
  kind: BatchMovement,
  change: number,
  reason: string | null,
): Promise<void> {
  await tx.insert(batchMovements).values({ batchId, actorId, kind, change, reason });
}

/** A new medicine's first batch, holding the stock its form gave, expiring its shelf life from today. */
export async function receiveFirstBatch(tx: Tx, medicine: { id: string; maxMonthsExpiry: number }, quantity: number) {
  const [batch] = await tx
    .insert(batches)
    .values({
      medicineId: medicine.id,
      lot: FIRST_LOT,
      expiresOn: shelfLifeFromToday(medicine.maxMonthsExpiry),
      quantity,
    })
    .returning({ id: batches.id });
  await recordBatchMovement(tx, batch!.id, null, BATCH_MOVEMENT.received, quantity, null);
}

/** The lot of a medicine's first batch, when it came with no lot of its own. */
const FIRST_LOT = 'OPENING-STOCK';

/**
 * First batches of medicines inserted in bulk (a catalogue import, the seed's tests, the bench): each
 * `quantity` expiring its shelf life from today, received as its history says.
 */
export async function receiveFirstBatches(
  db: Db,
  rows: { medicineId: string; maxMonthsExpiry: number; quantity: number }[],
  actorId: string | null = null,
): Promise<void> {
  if (rows.length === 0) return;
  const received = await db
    .insert(batches)
    .values(
      rows.map((row) => ({
        medicineId: row.medicineId,
        lot: FIRST_LOT,
        expiresOn: shelfLifeFromToday(row.maxMonthsExpiry),
        quantity: row.quantity,
      })),
    )
    .returning({ id: batches.id, quantity: batches.quantity });
  await db
    .insert(batchMovements)
    .values(
      received.map((batch) => ({ batchId: batch.id, actorId, kind: BATCH_MOVEMENT.received, change: batch.quantity })),
    );
}

export const STOCK_EDIT_REASON = 'Stock edited on the medicine form';

/**
 * Sets a locked medicine's sellable total to `total` as adjustments on its batches: units added go
 * to the sellable batch that expires last (or a new one, when none is sellable); units removed come
 * from the batches that expire first. Each adjustment is in its batch's history.
 */
export async function adjustStockTotal(
  tx: Tx,
  medicine: { id: string; maxMonthsExpiry: number },
  total: number,
  actorId: string | null,
): Promise<void> {
  const held = await sellableBatches(tx, medicine.id);
  const current = held.reduce((sum, batch) => sum + batch.quantity, 0);
  if (total === current) return;
  if (total > current) {
    const [latest] = await tx
      .select({ id: batches.id })
      .from(batches)
      .where(and(eq(batches.medicineId, medicine.id), SELLABLE))
      .orderBy(sql`${batches.expiresOn} desc`)
      .limit(1);
    const added = total - current;
    if (latest) {
      await tx
        .update(batches)
        .set({ quantity: sql`${batches.quantity} + ${added}` })
        .where(eq(batches.id, latest.id));
      await recordBatchMovement(tx, latest.id, actorId, BATCH_MOVEMENT.adjusted, added, STOCK_EDIT_REASON);
    } else {
      const [batch] = await tx
        .insert(batches)
        .values({
          medicineId: medicine.id,
          lot: `STOCK-${randomUUID().slice(0, 8).toUpperCase()}`,
          expiresOn: shelfLifeFromToday(medicine.maxMonthsExpiry),
          quantity: added,
        })
        .returning({ id: batches.id });
      await recordBatchMovement(tx, batch!.id, actorId, BATCH_MOVEMENT.adjusted, added, STOCK_EDIT_REASON);
    }
    return;
  }
  const taken = await allocate(tx, medicine.id, current - total);
  for (const draw of taken.draws ?? [])
    await recordBatchMovement(tx, draw.batchId, actorId, BATCH_MOVEMENT.adjusted, -draw.quantity, STOCK_EDIT_REASON);
}
