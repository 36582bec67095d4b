import { randomUUID } from 'node:crypto';
import {
  isStaff,
  ORDER_STATUS,
  PAYMENT_STATUS,
  PRESCRIPTION_FILE_TYPE_MESSAGE,
  PRESCRIPTION_PIXELS_MESSAGE,
  PRESCRIPTION_QUOTA_MESSAGE,
  PRESCRIPTION_UNUSED_MAX_BYTES,
  PRESCRIPTION_UNUSED_KEEP_DAYS,
  PRESCRIPTION_UNUSED_MAX_FILES,
  PRESCRIPTION_REVIEW,
  PRESCRIPTION_STATE,
  type Prescription,
  type PrescriptionReview,
  type PrescriptionState,
  type Role,
} from '@apotheca/contract';
import { and, asc, desc, eq, gt, inArray, lt, ne, notExists, sql, sum, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../db/ids';
import { orders, prescriptions, prescriptionViews, storedFiles, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { getFile, putFiles, removeFiles } from '../../db/stored-files';
import { preparePrescriptionFile, prescriptionFilePath } from './prescription-file.service';

const PRESCRIPTION_NOT_FOUND_MESSAGE = 'Prescription not found';

type PrescriptionRow = typeof prescriptions.$inferSelect;
type Viewer = { id: string; role: Role };

const toPrescription = (row: PrescriptionRow, state: PrescriptionState): Prescription => ({
  _id: row.id,
  userId: row.userId,
  fileType: row.fileType,
  createdAt: row.createdAt.toISOString(),
  rejected: state === PRESCRIPTION_STATE.rejected,
  state,
  validUntil: row.validUntil,
  repeatsLeft: row.repeatsLeft,
});

/**
 * Why an approval's terms no longer let a repeat order reuse the prescription: past its last day by
 * the shop's day (`shop_today()`, the UTC day the approval's own check reads), or no repeat left;
 * null while they do. Checkout refuses a repeat by it, and
 * the patient's list shows it, so the two never disagree.
 */
export const repeatRefusal = (validUntil: SQL, repeatsLeft: SQL) =>
  sql`case when ${validUntil} < shop_today() then ${PRESCRIPTION_STATE.expired}::text
    when ${repeatsLeft} < 1 then ${PRESCRIPTION_STATE.usedUp}::text end`;

/** A table of orders or of their counts: each row has an order's status and prescription review. */
type OrderKinds = { status: AnyPgColumn; prescriptionReview: AnyPgColumn };

/**
 * The orders that wait for a pharmacist: their prescription's review is pending and they stand. A
 * canceled order (an unpaid one the shop canceled after a day, say) waits for no decision, until it
 * is opened again. The pharmacist's queue, its count and a prescription's state all read it.
 */
export const awaitingReview = (table: OrderKinds) =>
  and(eq(table.prescriptionReview, PRESCRIPTION_REVIEW.pending), ne(table.status, ORDER_STATUS.canceled))!;

/** The orders a prescription was sent with, named apart from the prescription's own columns. */
const SENT_WITH = 'sent_with';
const sentWith = alias(orders, SENT_WITH);

/**
 * Whether an order the prescription was sent with is `reviewed`. Qualified by hand: Drizzle drops
 * the table names of a one-table select, which would turn `id` into the order's.
 */
const hasOrder = (reviewed: SQL) =>
  sql`exists (select 1 from ${orders} as ${sql.identifier(SENT_WITH)} where ${sentWith.prescriptionId} = ${prescriptions}.id and ${reviewed})`;
const reviewedAs = (review: PrescriptionReview) => eq(sentWith.prescriptionReview, review);

/** The prescription's state now: a refusal says it all, then its spent terms, then its orders' reviews. */
const stateNow = sql<PrescriptionState>`coalesce(
  case when ${hasOrder(reviewedAs(PRESCRIPTION_REVIEW.rejected))} then ${PRESCRIPTION_STATE.rejected}::text end,
  ${repeatRefusal(sql`${prescriptions}.valid_until`, sql`${prescriptions}.repeats_left`)},
  case when ${hasOrder(awaitingReview(sentWith))} then ${PRESCRIPTION_STATE.awaitingReview}::text
    when ${hasOrder(reviewedAs(PRESCRIPTION_REVIEW.approved))} then ${PRESCRIPTION_STATE.approved}::text
    else ${PRESCRIPTION_STATE.new}::text end)`;

/** Prescriptions that no order has used, where `where` holds too. */
const unused = (where: ReturnType<typeof eq>) =>
  and(where, notExists(sql`(select 1 from ${orders} where ${orders.prescriptionId} = ${prescriptions.id})`));

/**
 * What counts against a patient's allowance: the prescriptions no standing order holds, uploaded within
 * the days an unused one is kept. Those whose orders were all canceled count too: otherwise upload
 * after upload, each sent with an order left unpaid and canceled a day later, would fill the disk.
 * They stop counting with those days, but stay with their orders, which staff may open again. An order
 * still awaiting its payment does not stand yet (the expiry cancels it): otherwise a patient could go
 * past the allowance with unpaid orders, each holding one more prescription.
 */
const countedAgainstAllowance = (userId: string) =>
  and(
    eq(prescriptions.userId, userId),
    gt(prescriptions.createdAt, sql`now() - make_interval(days => ${PRESCRIPTION_UNUSED_KEEP_DAYS})`),
    notExists(
      sql`(select 1 from ${orders} where ${orders.prescriptionId} = ${prescriptions.id}
        and ${orders.status} <> ${ORDER_STATUS.canceled}
        and not (${orders.status} = ${ORDER_STATUS.pending} and ${orders.paymentStatus} = ${PAYMENT_STATUS.pending}))`,
    ),
  );

/**
 * Refuses (409) an upload past the patient's allowance of prescriptions not in use, in count and bytes.
 * The patient's row is locked first, so two uploads at once are counted one after the other.
 */
async function checkUnusedAllowance(tx: Tx, userId: string, adding: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const kept = await tx.select({ id: prescriptions.id }).from(prescriptions).where(countedAgainstAllowance(userId));
  const paths = kept.map(({ id }) => prescriptionFilePath(id));
  const [stored] =
    paths.length > 0
      ? await tx
          .select({ bytes: sum(sql`octet_length(${storedFiles.body})`).mapWith(Number) })
          .from(storedFiles)
          .where(inArray(storedFiles.path, paths))
      : [];
  if (kept.length >= PRESCRIPTION_UNUSED_MAX_FILES || (stored?.bytes ?? 0) + adding > PRESCRIPTION_UNUSED_MAX_BYTES)
    throw HttpError.conflict(PRESCRIPTION_QUOTA_MESSAGE);
}

/**
 * Stores a shopper's upload: judged by its bytes (415 otherwise; 413 for an image of too many pixels), images without
 * their metadata, within the patient's allowance of prescriptions not yet used in an order (409 past it).
 */
export async function uploadPrescription(db: Db, userId: string, upload: Buffer): Promise<Prescription> {
  const prepared = await preparePrescriptionFile(upload);
  if ('refused' in prepared)
    // A photo of too many pixels is too large (413), as a file past its bytes is.
    throw prepared.refused === 'too-many-pixels'
      ? new HttpError(413, PRESCRIPTION_PIXELS_MESSAGE)
      : new HttpError(415, PRESCRIPTION_FILE_TYPE_MESSAGE);
  const id = randomUUID();
  // Row and file in one transaction: a row never points at a missing file, nor a file lies unowned.
  return db.transaction(async (tx) => {
    await checkUnusedAllowance(tx, userId, prepared.content.length);
    const [row] = await tx.insert(prescriptions).values({ id, userId, fileType: prepared.fileType }).returning();
    await putFiles(tx, [
      { path: prescriptionFilePath(id), contentType: prepared.fileType, body: prepared.content, ownerId: userId },
    ]);
    // Just uploaded, so sent with no order yet.
    return toPrescription(row!, PRESCRIPTION_STATE.new);
  });
}

/**
 * Removes the prescriptions uploaded before `before` that no order has used, with their files, so an
 * abandoned upload does not keep private health data, nor disk, for ever. Answers how many went.
 */
export async function removeUnusedPrescriptions(db: Db, before: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(prescriptions)
      .where(unused(lt(prescriptions.createdAt, before)))
      .returning({ id: prescriptions.id });
    await removeFiles(
      tx,
      gone.map(({ id }) => prescriptionFilePath(id)),
    );
    return gone.length;
  });
}

/**
 * A shopper's own prescriptions, newest first; staff see everyone's. `pending`: only those of
 * orders waiting for a pharmacist, the longest waiting first (the queue).
 */
export async function listPrescriptions(db: Db, viewer: Viewer, { pending = false } = {}): Promise<Prescription[]> {
  const own = isStaff(viewer.role) ? undefined : eq(prescriptions.userId, viewer.id);
  if (!pending) {
    const rows = await db
      .select({ prescription: prescriptions, state: stateNow })
      .from(prescriptions)
      .where(own)
      .orderBy(desc(prescriptions.createdAt), asc(prescriptions.id));
    return rows.map(({ prescription, state }) => toPrescription(prescription, state));
  }
  const rows = await db
    .select({ prescription: prescriptions, state: stateNow })
    .from(prescriptions)
    .innerJoin(orders, eq(orders.prescriptionId, prescriptions.id))
    .where(and(own, awaitingReview(orders)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  // One prescription may wait with two orders; it is listed once, at its longest wait.
  const listed = new Set<string>();
  return rows
    .filter(({ prescription }) => !listed.has(prescription.id) && listed.add(prescription.id))
    .map(({ prescription, state }) => toPrescription(prescription, state));
}

/**
 * The file, for its owner and staff; to anyone else it does not exist. Every time staff open
 * someone else's prescription, the view is recorded before the file is read.
 */
export async function openPrescriptionFile(db: Db, id: string, viewer: Viewer) {
  const [row] = isUuid(id) ? await db.select().from(prescriptions).where(eq(prescriptions.id, id)) : [];
  const mayRead = row && (row.userId === viewer.id || isStaff(viewer.role));
  if (!mayRead) throw HttpError.notFound(PRESCRIPTION_NOT_FOUND_MESSAGE);
  if (row.userId !== viewer.id) await db.insert(prescriptionViews).values({ prescriptionId: id, viewerId: viewer.id });
  const file = await getFile(db, prescriptionFilePath(id));
  if (!file) throw HttpError.notFound(PRESCRIPTION_NOT_FOUND_MESSAGE);
  return { fileType: row.fileType, content: file.body };
}
