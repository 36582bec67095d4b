import { randomUUID } from 'node:crypto';
import {
  isStaff,
  PRESCRIPTION_FILE_TYPE_MESSAGE,
  PRESCRIPTION_REVIEW,
  type Prescription,
  type Role,
} from '@apotheca/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/ids';
import { orders, prescriptions, prescriptionViews } from '../../db/schema';
import { HttpError } from '../../http-error';
import { getFile, putFiles, removeFiles } from '../../db/stored-files';
import { preparePrescriptionFile, prescriptionFilePath } from './prescription-file.service';

export const PRESCRIPTION_NOT_FOUND_MESSAGE = 'Prescription not found';

type PrescriptionRow = typeof prescriptions.$inferSelect;
type Viewer = { id: string; role: Role };

const toPrescription = (row: PrescriptionRow, rejected: boolean): Prescription => ({
  _id: row.id,
  userId: row.userId,
  fileType: row.fileType,
  createdAt: row.createdAt.toISOString(),
  rejected,
});

/**
 * Whether a pharmacist has refused the prescription for any order it was sent with. Qualified by
 * hand: Drizzle drops the table names of a one-table select, which would turn `id` into the order's.
 */
const everRejected = sql<boolean>`exists (select 1 from ${orders} o where o.prescription_id = ${prescriptions}.id and o.prescription_review = ${PRESCRIPTION_REVIEW.rejected})`;

/** Stores a shopper's upload: judged by its bytes (415 otherwise), images without their metadata. */
export async function uploadPrescription(db: Db, userId: string, upload: Buffer): Promise<Prescription> {
  const prepared = await preparePrescriptionFile(upload);
  if (!prepared) throw new HttpError(415, PRESCRIPTION_FILE_TYPE_MESSAGE);
  const id = randomUUID();
  // Row and file in one transaction: a row never points at a missing file, nor a file lies unowned.
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(prescriptions).values({ id, userId, fileType: prepared.fileType }).returning();
    await putFiles(tx, [{ path: prescriptionFilePath(id), contentType: prepared.fileType, body: prepared.content }]);
    // Just uploaded, so never reviewed.
    return toPrescription(row!, false);
  });
}

/**
 * Removes a user's prescription files, in the transaction that deletes the user: their rows go by
 * the foreign key, and private health data is not kept after them.
 */
export async function removePrescriptionFilesOf(tx: Db, userId: string): Promise<void> {
  const rows = await tx.select({ id: prescriptions.id }).from(prescriptions).where(eq(prescriptions.userId, userId));
  await removeFiles(
    tx,
    rows.map(({ id }) => prescriptionFilePath(id)),
  );
}

/**
 * A shopper's own prescriptions, newest first; staff see everyone's. `pending`: only those of
 * orders waiting for a pharmacist, the longest waiting first (the queue).
 */
export async function listPrescriptions(db: Db, viewer: Viewer, { pending = false } = {}): Promise<Prescription[]> {
  const own = isStaff(viewer.role) ? undefined : eq(prescriptions.userId, viewer.id);
  if (!pending) {
    const rows = await db
      .select({ prescription: prescriptions, rejected: everRejected })
      .from(prescriptions)
      .where(own)
      .orderBy(desc(prescriptions.createdAt), asc(prescriptions.id));
    return rows.map(({ prescription, rejected }) => toPrescription(prescription, rejected));
  }
  const rows = await db
    .select({ prescription: prescriptions, rejected: everRejected })
    .from(prescriptions)
    .innerJoin(orders, eq(orders.prescriptionId, prescriptions.id))
    .where(and(own, eq(orders.prescriptionReview, PRESCRIPTION_REVIEW.pending)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  // One prescription may wait with two orders; it is listed once, at its longest wait.
  const listed = new Set<string>();
  return rows
    .filter(({ prescription }) => !listed.has(prescription.id) && listed.add(prescription.id))
    .map(({ prescription, rejected }) => toPrescription(prescription, rejected));
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
