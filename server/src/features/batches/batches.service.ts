import {
  AUDIT_KIND,
  BATCH_MOVEMENT,
  BATCH_NOT_FOUND_MESSAGE,
  BATCH_RECALLED_MESSAGE,
  BATCH_STATE,
  BATCH_WRITTEN_OFF_MESSAGE,
  lotTakenMessage,
  NOT_RECALLED_MESSAGE,
  ORDER_EVENT,
  ORDER_STATUS,
  orderNumberLabel,
  recallNoticeNote,
  type AuditKind,
  type Batch,
  type BatchState,
  type ListedBatch,
} from '@apotheca/contract';
import type { z } from 'zod';
import { and, asc, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../db/ids';
import { retryOnceOnLockConflict } from '../../db/retry';
import {
  batches,
  batchMovements,
  medicines,
  orderHistory,
  orderItemBatches,
  orderItems,
  orders,
  recallNotices,
  replacedDraws,
  users,
} from '../../db/schema';
import { HttpError } from '../../http-error';
import { recordAudit } from '../audit/audit.service';
import { enqueueMail } from '../mail/mail-outbox.service';
import type { CatalogueWriter } from '../medicines/catalogue-cache.service';
import { findMedicine, MEDICINE_NOT_FOUND_MESSAGE, medicineColumns } from '../medicines/medicines.service';
import { BEFORE_DISPATCH } from '../orders/orders.service';
import {
  assertStockWithinMax,
  NEXT_VERSION,
  recordBatchMovement,
  SELLABLE,
  SELLABLE_STOCK,
} from '../stock/stock.service';
import type {
  addBatchSchema,
  adjustBatchSchema,
  expiryReportQuerySchema,
  expiryReportResponseSchema,
  lowStockQuerySchema,
  lowStockResponseSchema,
  recalledOrderSchema,
  recallOrdersResponseSchema,
  RecallQuery,
} from '@apotheca/contract';

// A medicine's batches: deliveries, corrections, write-offs and recalls, each in the batch's
// history, and the expiry and low-stock reports. Every change locks the medicine row first, as
// every stock movement does (stock.service.ts), and raises its version.

type BatchRow = typeof batches.$inferSelect;

export function toBatch(row: BatchRow): Batch {
  return {
    _id: row.id,
    lot: row.lot,
    expiresOn: row.expiresOn,
    quantity: row.quantity,
    receivedOn: row.receivedOn,
    recalledAt: row.recalledAt?.toISOString() ?? null,
    writtenOffAt: row.writtenOffAt?.toISOString() ?? null,
  };
}

/** A batch's state in the order checkout judges it: a recall, a write-off, then the shop's day. */
const BATCH_STATE_NOW = sql<BatchState>`case
  when ${batches.recalledAt} is not null then ${BATCH_STATE.recalled}::text
  when ${batches.writtenOffAt} is not null then ${BATCH_STATE.writtenOff}::text
  when ${SELLABLE} then ${BATCH_STATE.sellable}::text
  else ${BATCH_STATE.expired}::text end`;

export async function listBatches(db: Db, medicineId: string): Promise<ListedBatch[]> {
  const medicine = await findMedicine(db, medicineId);
  const rows = await db
    .select({ batch: batches, state: BATCH_STATE_NOW })
    .from(batches)
    .where(eq(batches.medicineId, medicine.id))
    .orderBy(asc(batches.expiresOn), asc(batches.lot));
  return rows.map((row) => ({ ...toBatch(row.batch), state: row.state }));
}

/** The medicine's row locked and its version raised, so a form loaded before this change is refused. */
async function lockMedicine(tx: Tx, medicineId: string) {
  const [row] = isUuid(medicineId)
    ? await tx.update(medicines).set({ version: NEXT_VERSION }).where(eq(medicines.id, medicineId)).returning()
    : [];
  if (!row) throw HttpError.notFound(BATCH_NOT_FOUND_MESSAGE);
  return row;
}

/** A batch of the medicine, locked with its medicine, or a 404. */
async function lockBatch(tx: Tx, medicineId: string, batchId: string) {
  const medicine = await lockMedicine(tx, medicineId);
  const [row] = isUuid(batchId)
    ? await tx
        .select()
        .from(batches)
        .where(and(eq(batches.id, batchId), eq(batches.medicineId, medicineId)))
        .for('update')
    : [];
  if (!row) throw HttpError.notFound(BATCH_NOT_FOUND_MESSAGE);
  return { batch: row, medicine };
}

/** The audit entry's who, what and subject for a change to `batch`. */
const batchSubject = (batch: BatchRow, actorId: string, kind: AuditKind) => ({
  actorId,
  kind,
  medicineId: batch.medicineId,
  batchId: batch.id,
});

/** A batch that is recalled or written off no longer changes. */
function assertChangeable(batch: BatchRow) {
  if (batch.recalledAt) throw HttpError.conflict(BATCH_RECALLED_MESSAGE);
  if (batch.writtenOffAt) throw HttpError.conflict(BATCH_WRITTEN_OFF_MESSAGE);
}

/**
 * Runs a change to a medicine's batches in one transaction; once it commits, the catalogue forgets
 * that medicine, whose sellable total has moved. Run once more when PostgreSQL breaks a lock cycle
 * by failing it: a recall still meets one with an order placed after it locked the lot's orders and
 * changed at once (a cancellation holds that order while it waits for the recall's medicine).
 */
async function changeBatches<T>(
  db: Db,
  catalogue: CatalogueWriter,
  medicineId: string,
  change: (tx: Tx) => Promise<T>,
): Promise<T> {
  const changed = await retryOnceOnLockConflict(() => db.transaction(change));
  await catalogue.invalidate([medicineId]);
  return changed;
}

export async function addBatch(
  db: Db,
  catalogue: CatalogueWriter,
  medicineId: string,
  input: z.infer<typeof addBatchSchema>,
  actorId: string,
): Promise<Batch> {
  await findMedicine(db, medicineId);
  return changeBatches(db, catalogue, medicineId, async (tx) => {
    const medicine = await lockMedicine(tx, medicineId);
    const [row] = await tx
      .insert(batches)
      .values({ medicineId, lot: input.lot, expiresOn: input.expiresOn, quantity: input.quantity })
      .onConflictDoNothing()
      .returning();
    if (!row) throw HttpError.conflict(lotTakenMessage(input.lot));
    await assertStockWithinMax(tx, medicine);
    await recordBatchMovement(tx, row.id, actorId, BATCH_MOVEMENT.received, input.quantity, null);
    await recordAudit(tx, {
      actorId,
      kind: AUDIT_KIND.batchReceived,
      medicineId,
      batchId: row.id,
      after: { lot: row.lot, expiresOn: row.expiresOn, quantity: row.quantity },
    });
    return toBatch(row);
  });
}

/** The batch a change names, by its medicine, and the staff member making it. */
export type BatchTarget = { medicineId: string; batchId: string; actorId: string };

export async function adjustBatch(
  db: Db,
  catalogue: CatalogueWriter,
  { medicineId, batchId, actorId }: BatchTarget,
  { quantity, reason }: z.infer<typeof adjustBatchSchema>,
): Promise<Batch> {
  return changeBatches(db, catalogue, medicineId, async (tx) => {
    const { batch, medicine } = await lockBatch(tx, medicineId, batchId);
    assertChangeable(batch);
    // A count that finds what the batch holds changes nothing: no movement of 0, and no audit entry.
    if (quantity === batch.quantity) return toBatch(batch);
    const [row] = await tx.update(batches).set({ quantity }).where(eq(batches.id, batch.id)).returning();
    await assertStockWithinMax(tx, medicine);
    await recordBatchMovement(tx, batch.id, actorId, BATCH_MOVEMENT.adjusted, quantity - batch.quantity, reason);
    await recordAudit(tx, {
      ...batchSubject(batch, actorId, AUDIT_KIND.batchCorrected),
      before: { quantity: batch.quantity },
      after: { quantity, reason },
    });
    return toBatch(row!);
  });
}

/** Writes a batch off (an expired one, typically): it is never sold again, and its units leave the count. */
export async function writeOffBatch(
  db: Db,
  catalogue: CatalogueWriter,
  { medicineId, batchId, actorId }: BatchTarget,
  reason: string,
): Promise<Batch> {
  return changeBatches(db, catalogue, medicineId, async (tx) => {
    const { batch } = await lockBatch(tx, medicineId, batchId);
    assertChangeable(batch);
    const [row] = await tx
      .update(batches)
      .set({ writtenOffAt: new Date() })
      .where(eq(batches.id, batch.id))
      .returning();
    await recordBatchMovement(tx, batch.id, actorId, BATCH_MOVEMENT.writtenOff, -batch.quantity, reason);
    await recordAudit(tx, {
      ...batchSubject(batch, actorId, AUDIT_KIND.batchWrittenOff),
      before: { writtenOffAt: null },
      after: { writtenOffAt: row!.writtenOffAt, reason },
    });
    return toBatch(row!);
  });
}

/** Statuses of an order that has left the shop: a recall no longer holds it back. */
const SENT: readonly string[] = [ORDER_STATUS.dispatched, ORDER_STATUS.canceled];

/**
 * Each order line's units of a lot: those it holds, and those staff replaced since (docs/decisions/0148),
 * each beside the lot that replaced them.
 */
const lineUnitsOf = (db: Db | Tx, batchId: string) =>
  db.$with('line_units').as(
    db
      .select({
        orderItemId: orderItemBatches.orderItemId,
        units: orderItemBatches.quantity,
        replacementBatchId: sql<string | null>`null::uuid`.as('replacement_batch_id'),
      })
      .from(orderItemBatches)
      .where(eq(orderItemBatches.batchId, batchId))
      .unionAll(
        db
          .select({
            orderItemId: replacedDraws.orderItemId,
            units: replacedDraws.quantity,
            replacementBatchId: replacedDraws.replacementBatchId,
          })
          .from(replacedDraws)
          .where(eq(replacedDraws.batchId, batchId)),
      ),
  );

const replacements = alias(batches, 'replacements');
/** The lots that replaced an order's units of the lot, first expiry first; null when none did. */
const REPLACED_BY = sql<
  string[] | null
>`array_agg(${replacements.lot} order by ${replacements.expiresOn}, ${replacements.id})
  filter (where ${replacements.id} is not null)`;

/**
 * Every order that drew from the lot, newest first: the order, the patient, the units, the status,
 * and the lots that replaced its units, first expiry first (null while it holds them).
 */
const drawsFrom = (db: Db | Tx, batchId: string) => {
  const lineUnits = lineUnitsOf(db, batchId);
  return db
    .with(lineUnits)
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      units: sql<number>`sum(${lineUnits.units})::integer`.mapWith(Number),
      replacedBy: REPLACED_BY,
    })
    .from(lineUnits)
    .innerJoin(orderItems, eq(orderItems.id, lineUnits.orderItemId))
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(replacements, eq(replacements.id, lineUnits.replacementBatchId))
    .groupBy(orders.id, users.id)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .$dynamic();
};

type DrawRow = Awaited<ReturnType<typeof drawsFrom>>[number];
type RecalledOrder = z.infer<typeof recalledOrderSchema>;

const toRecalledOrder = (row: DrawRow): RecalledOrder => ({
  _id: row.id,
  number: orderNumberLabel(row.number),
  patient: row.userId ? { _id: row.userId, name: `${row.firstName} ${row.lastName}`, email: row.email! } : null,
  units: row.units,
  status: row.status,
  // Its units replaced, it holds none of the lot.
  flagged: !SENT.includes(row.status) && row.replacedBy === null,
  replacedBy: row.replacedBy,
});

/** Every order that drew from the lot, newest first. */
async function recalledOrders(db: Db | Tx, batchId: string): Promise<RecalledOrder[]> {
  return (await drawsFrom(db, batchId)).map(toRecalledOrder);
}

const recallNote = (lot: string, medicine: string, reason: string) => `Lot ${lot} of ${medicine} recalled: ${reason}`;

/**
 * Locks (for key share, as the history row of each will) the orders not yet sent that hold units of
 * the lot, in id order: a recall waits for a change of one of them under way, and none starts until
 * it is done. A change of an order locks the order, then the medicines its units come from or go
 * back to; the recall, which flags those orders, takes them in the same order, before its medicine.
 */
const lockOrdersHolding = (tx: Tx, batchId: string) =>
  tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...BEFORE_DISPATCH]),
        inArray(
          orders.id,
          tx
            .select({ id: orderItems.orderId })
            .from(orderItemBatches)
            .innerJoin(orderItems, eq(orderItems.id, orderItemBatches.orderItemId))
            .where(eq(orderItemBatches.batchId, batchId)),
        ),
      ),
    )
    .orderBy(asc(orders.id))
    .for('key share');

/**
 * Recalls a lot: from this moment it is not sellable. Answers the orders that drew from it; each
 * one not yet dispatched gets a row in its history, which flags it for the pharmacist.
 */
export async function recallBatch(
  db: Db,
  catalogue: CatalogueWriter,
  { medicineId, batchId, actorId }: BatchTarget,
  reason: string,
) {
  return changeBatches(db, catalogue, medicineId, async (tx) => {
    if (isUuid(batchId)) await lockOrdersHolding(tx, batchId);
    const { batch } = await lockBatch(tx, medicineId, batchId);
    if (batch.recalledAt) throw HttpError.conflict(BATCH_RECALLED_MESSAGE);
    const [row] = await tx.update(batches).set({ recalledAt: new Date() }).where(eq(batches.id, batch.id)).returning();
    await recordBatchMovement(tx, batch.id, actorId, BATCH_MOVEMENT.recalled, 0, reason);
    const found = await recalledOrders(tx, batch.id);
    const flagged = found.filter((order) => order.flagged);
    await recordAudit(tx, {
      ...batchSubject(batch, actorId, AUDIT_KIND.batchRecalled),
      before: { recalledAt: null },
      after: { recalledAt: row!.recalledAt, reason, flaggedOrders: flagged.length },
    });
    const [medicine] = await tx.select({ name: medicines.name }).from(medicines).where(eq(medicines.id, medicineId));
    if (flagged.length > 0)
      await tx.insert(orderHistory).values(
        flagged.map((order) => ({
          orderId: order._id,
          actorId,
          event: ORDER_EVENT.recallFlagged,
          note: recallNote(batch.lot, medicine!.name, reason),
        })),
      );
    return { batch: toBatch(row!), orders: found };
  });
}

/** A lot with its medicine and, once recalled, the reason given. */
async function recallOf(db: Db, batchId: string) {
  const [row] = isUuid(batchId)
    ? await db
        .select({ batch: batches, name: medicines.name })
        .from(batches)
        .innerJoin(medicines, eq(medicines.id, batches.medicineId))
        .where(eq(batches.id, batchId))
    : [];
  if (!row) throw HttpError.notFound(BATCH_NOT_FOUND_MESSAGE);
  const [recalled] = await db
    .select({ reason: batchMovements.reason })
    .from(batchMovements)
    .where(and(eq(batchMovements.batchId, batchId), eq(batchMovements.kind, BATCH_MOVEMENT.recalled)))
    .orderBy(desc(batchMovements.id))
    .limit(1);
  return {
    batch: toBatch(row.batch),
    medicine: { _id: row.batch.medicineId, name: row.name },
    reason: recalled?.reason ?? null,
  };
}

/** A recalled lot with its medicine and a page of the orders that drew from it, for the recall page. */
export async function getRecall(
  db: Db,
  batchId: string,
  query: RecallQuery,
): Promise<z.infer<typeof recallOrdersResponseSchema>> {
  const recall = await recallOf(db, batchId);
  const lineUnits = lineUnitsOf(db, batchId);
  const [page, [{ total } = { total: 0 }]] = await Promise.all([
    drawsFrom(db, batchId).limit(query.limit).offset(offsetOf(query)),
    db
      .with(lineUnits)
      .select({ total: sql<number>`count(distinct ${orderItems.orderId})::integer`.mapWith(Number) })
      .from(lineUnits)
      .innerJoin(orderItems, eq(orderItems.id, lineUnits.orderItemId)),
  ]);
  return { ...recall, orders: page.map(toRecalledOrder), total };
}

/**
 * Mails each patient who received units of a recalled lot, once: a notice row per lot and patient,
 * unique, is claimed in the same transaction as the mail, so a second press or a second instance
 * finds it claimed and sends nothing. Received means dispatched: the units of a canceled order went
 * back to the shop, and an order not yet dispatched is flagged for the pharmacist, who holds it; the
 * notice tells its reader they received the lot. With the mail, each of the patient's orders it is
 * about gets a history row naming the medicine and the lot, which their order shows them; written
 * only with the claim, no order gets it twice for one lot (docs/decisions/0144).
 */
export async function notifyRecall(db: Db, batchId: string, actorId: string) {
  const recall = await recallOf(db, batchId);
  if (!recall.batch.recalledAt) throw HttpError.conflict(NOT_RECALLED_MESSAGE);
  // An order whose units were replaced before it left sent none of the lot.
  const orders = (await recalledOrders(db, batchId)).filter(
    (order) => order.status === ORDER_STATUS.dispatched && order.replacedBy === null,
  );
  const patients = new Map<string, { patient: NonNullable<RecalledOrder['patient']>; orderIds: string[] }>();
  for (const order of orders)
    if (order.patient) {
      const received = patients.get(order.patient._id) ?? { patient: order.patient, orderIds: [] };
      received.orderIds.push(order._id);
      patients.set(order.patient._id, received);
    }
  const note = recallNoticeNote(recall.medicine.name, recall.batch.lot);
  let notified = 0;
  for (const { patient, orderIds } of patients.values()) {
    const sent = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(recallNotices)
        .values({ batchId, userId: patient._id })
        .onConflictDoNothing()
        .returning({ userId: recallNotices.userId });
      if (!claimed) return false;
      await enqueueMail(tx, {
        to: patient.email,
        template: 'batchRecalled',
        data: { name: patient.name, lot: recall.batch.lot, medicine: recall.medicine.name },
      });
      await tx
        .insert(orderHistory)
        .values(orderIds.map((orderId) => ({ orderId, actorId, event: ORDER_EVENT.recallNotified, note })));
      return true;
    });
    if (sent) notified += 1;
  }
  const result = { notified, alreadyNotified: patients.size - notified };
  // Each notice commits with its own mail; the press as a whole is one entry, once they are all out.
  await db.transaction((tx) =>
    recordAudit(tx, {
      actorId,
      kind: AUDIT_KIND.recallNotified,
      medicineId: recall.medicine._id,
      batchId,
      after: result,
    }),
  );
  return result;
}

/** A page: its rows from `(page - 1) * limit`. */
const offsetOf = ({ page, limit }: { page: number; limit: number }) => (page - 1) * limit;

/**
 * Sellable batches expiring within `days`, and expired batches not yet written off, first expiry
 * first: a page of each, and how many there are in all.
 */
export async function expiryReport(
  db: Db,
  { days, expiringPage, expiredPage, limit }: z.infer<typeof expiryReportQuerySchema>,
): Promise<z.infer<typeof expiryReportResponseSchema>> {
  const expiringWhere = and(
    SELLABLE,
    sql`${batches.quantity} > 0`,
    sql`${batches.expiresOn} <= shop_today() + ${days}::integer`,
  );
  const expiredWhere = and(
    isNull(batches.writtenOffAt),
    isNull(batches.recalledAt),
    sql`${batches.quantity} > 0`,
    lt(batches.expiresOn, sql`shop_today() + 1`),
  );
  const page = (where: SQL | undefined, pageNumber: number) =>
    db
      .select({ batch: batches, name: medicines.name })
      .from(batches)
      .innerJoin(medicines, eq(medicines.id, batches.medicineId))
      .where(where)
      .orderBy(asc(batches.expiresOn), asc(medicines.name), asc(batches.id))
      .limit(limit)
      .offset(offsetOf({ page: pageNumber, limit }));
  const shape = (rows: { batch: BatchRow; name: string }[]) =>
    rows.map((row) => ({ ...toBatch(row.batch), medicine: { _id: row.batch.medicineId, name: row.name } }));
  const [expiring, expired, expiringTotal, expiredTotal] = await Promise.all([
    page(expiringWhere, expiringPage),
    page(expiredWhere, expiredPage),
    db.$count(batches, expiringWhere),
    db.$count(batches, expiredWhere),
  ]);
  return { days, expiring: shape(expiring), expired: shape(expired), expiringTotal, expiredTotal };
}

/** Medicines with their sellable stock and reorder level, as the low-stock report lists them. */
const stockLevels = (db: Db) =>
  db
    .select({
      id: medicines.id,
      name: medicines.name,
      stock: medicineColumns.stock,
      reorderLevel: medicines.reorderLevel,
    })
    .from(medicines);
const toStockLevel = ({ id, ...row }: { id: string; name: string; stock: number; reorderLevel: number }) => ({
  _id: id,
  ...row,
});

/** Medicines whose sellable stock is below their reorder level, least stocked first: a page, and how many in all. */
export async function lowStockReport(
  db: Db,
  query: z.infer<typeof lowStockQuerySchema>,
): Promise<z.infer<typeof lowStockResponseSchema>> {
  const low = sql`${SELLABLE_STOCK} < ${medicines.reorderLevel}`;
  const [rows, total] = await Promise.all([
    stockLevels(db)
      .where(low)
      .orderBy(sql`3`, asc(medicines.name), asc(medicines.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.$count(medicines, low),
  ]);
  return { medicines: rows.map(toStockLevel), total };
}

/** Sets the stock below which a medicine is on the low-stock report; answers the medicine's stock level. */
export async function setReorderLevel(db: Db, medicineId: string, reorderLevel: number, actorId: string) {
  if (!isUuid(medicineId)) throw HttpError.notFound(MEDICINE_NOT_FOUND_MESSAGE);
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ reorderLevel: medicines.reorderLevel })
      .from(medicines)
      .where(eq(medicines.id, medicineId))
      .for('update');
    if (!current) throw HttpError.notFound(MEDICINE_NOT_FOUND_MESSAGE);
    if (current.reorderLevel === reorderLevel) return;
    await tx.update(medicines).set({ reorderLevel }).where(eq(medicines.id, medicineId));
    await recordAudit(tx, {
      actorId,
      kind: AUDIT_KIND.reorderLevelSet,
      medicineId,
      before: { reorderLevel: current.reorderLevel },
      after: { reorderLevel },
    });
  });
  const [row] = await stockLevels(db).where(eq(medicines.id, medicineId));
  return toStockLevel(row!);
}
