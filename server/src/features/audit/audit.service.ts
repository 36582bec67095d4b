import {
  AUDIT_KIND,
  AUDIT_PAGE_SIZE,
  orderNumberLabel,
  type AuditEntry,
  type AuditKind,
  type AuditList,
  type AuditQuery,
} from '@apotheca/contract';
import { and, count, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../db/ids';
import { auditCounts, auditLog, batches, medicines, orders, users } from '../../db/schema';

// The audit log: every change staff make, written by the service that makes it, in the same
// transaction, so a change and its entry commit or roll back together (docs/decisions/0076).

type AuditValues = Record<string, unknown>;

type AuditRecord = {
  /** The member of staff who made the change; their e-mail is copied from their account. */
  actorId: string;
  kind: AuditKind;
  medicineId?: string | null;
  orderId?: string | null;
  userId?: string | null;
  batchId?: string | null;
  /** The changed fields as they were (null for something new) and as they are (null for something gone). */
  before?: AuditValues | null;
  after?: AuditValues | null;
};

/** Appends one entry to the audit log, in the caller's transaction. */
export async function recordAudit(tx: Tx, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    ...record,
    actorEmail: sql`(select ${users.email} from ${users} where ${users.id} = ${record.actorId})`,
  });
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `after` whose values differ from `before`'s, each side holding only those. */
export function changedFields<T extends AuditValues>(before: T, after: T): { before: AuditValues; after: AuditValues } {
  const changed = Object.keys(after).filter((key) => !sameValue(before[key], after[key]));
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key]])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}

/** The fields of something added or removed that hold a value: a field left blank says nothing. */
export const filledFields = (values: AuditValues): AuditValues =>
  Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== '' && value !== null && value !== undefined),
  );

/** A filter's person: a user id, or an e-mail address in any case. */
const actorMatches = (actor: string): SQL =>
  isUuid(actor) ? eq(auditLog.actorId, actor) : eq(sql`lower(${auditLog.actorEmail})`, actor.toLowerCase());

/** A filter's subject: whatever the id names (each kind of subject has its own index), or an order's number. */
function subjectMatches(db: Db, subject: NonNullable<AuditQuery['subject']>): SQL {
  if ('orderNumber' in subject)
    return eq(
      auditLog.orderId,
      db.select({ id: orders.id }).from(orders).where(eq(orders.number, subject.orderNumber)),
    );
  const { id } = subject;
  return or(eq(auditLog.medicineId, id), eq(auditLog.orderId, id), eq(auditLog.userId, id), eq(auditLog.batchId, id))!;
}

/**
 * A subject's name, null once the subject is gone: one lookup by key for each entry of the page. A
 * join here let the planner hash whole tables (every medicine, every user) for a page of 50 entries.
 */
const nameOf = <T>(name: PgColumn, key: PgColumn, subject: PgColumn) =>
  sql<T | null>`(select ${name} from ${name.table} where ${key} = ${subject})`;

/**
 * A user's e-mail: their account's, or, once the account is deleted, the one their deletion's entry
 * recorded, so their earlier entries (a role they were given) still say who it was. Read through the
 * user index of the log, among that user's few entries.
 */
const userEmailOf = sql<string | null>`coalesce(${nameOf<string>(users.email, users.id, auditLog.userId)},
  (select deletion.before->>'email' from ${auditLog} deletion
    where deletion.user_id = audit_log.user_id and deletion.kind = ${AUDIT_KIND.userDeleted} limit 1))`;

/** An entry's row and the names of its subjects. */
const entryColumns = {
  entry: auditLog,
  medicineName: nameOf<string>(medicines.name, medicines.id, auditLog.medicineId),
  orderNumber: nameOf<number>(orders.number, orders.id, auditLog.orderId),
  batchLot: nameOf<string>(batches.lot, batches.id, auditLog.batchId),
  userEmail: userEmailOf,
};

const newestFirst = [desc(auditLog.at), desc(auditLog.id)];

/** The entries whose ids `pageIds` picks, newest first, with the names of their subjects. */
const entriesOf = (db: Db, pageIds: SQLWrapper) =>
  db
    .select(entryColumns)
    .from(auditLog)
    .where(inArray(auditLog.id, pageIds))
    .orderBy(...newestFirst);
type EntryRow = Awaited<ReturnType<typeof entriesOf>>[number];

const toEntry = ({ entry, orderNumber, ...names }: EntryRow): AuditEntry => ({
  _id: String(entry.id),
  at: entry.at.toISOString(),
  actor: { _id: entry.actorId, email: entry.actorEmail },
  kind: entry.kind,
  medicineId: entry.medicineId,
  orderId: entry.orderId,
  userId: entry.userId,
  batchId: entry.batchId,
  ...names,
  orderNumber: orderNumber === null ? null : orderNumberLabel(orderNumber),
  before: entry.before,
  after: entry.after,
});

/** A page of the entries that match every filter given, newest first, and how many match in all. */
export async function listAudit(db: Db, { actor, kind, subject, page }: AuditQuery): Promise<AuditList> {
  const where = and(
    actor === undefined ? undefined : actorMatches(actor),
    kind === undefined ? undefined : eq(auditLog.kind, kind),
    subject === undefined ? undefined : subjectMatches(db, subject),
  );
  // The page is chosen first, then its subjects are looked up by key: a deep page (an offset of
  // 100,000 entries) skips the entries before it without looking up theirs.
  const pageIds = db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(where)
    .orderBy(...newestFirst)
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  // The whole log's total, or a kind's, is kept by the database (auditCounts): counting it here read
  // every entry. A person's or a subject's entries are counted through their index.
  const total =
    actor === undefined && subject === undefined
      ? db
          .select({ total: sql`coalesce(sum(${auditCounts.entries}), 0)`.mapWith(Number) })
          .from(auditCounts)
          .where(kind === undefined ? undefined : eq(auditCounts.kind, kind))
      : db.select({ total: count() }).from(auditLog).where(where);
  const [rows, [counted]] = await Promise.all([entriesOf(db, pageIds), total]);
  return { entries: rows.map(toEntry), total: counted?.total ?? 0 };
}
