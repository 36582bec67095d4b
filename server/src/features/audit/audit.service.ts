import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditKind, type AuditList, type AuditQuery } from '@apotheca/contract';
import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../db/ids';
import { auditLog, orders, users } from '../../db/schema';

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

const toEntry = (row: typeof auditLog.$inferSelect): AuditEntry => ({
  _id: String(row.id),
  at: row.at.toISOString(),
  actor: { _id: row.actorId, email: row.actorEmail },
  kind: row.kind,
  medicineId: row.medicineId,
  orderId: row.orderId,
  userId: row.userId,
  batchId: row.batchId,
  before: row.before,
  after: row.after,
});

/** A page of the entries that match every filter given, newest first, and how many match in all. */
export async function listAudit(db: Db, { actor, kind, subject, page }: AuditQuery): Promise<AuditList> {
  const where = and(
    actor === undefined ? undefined : actorMatches(actor),
    kind === undefined ? undefined : eq(auditLog.kind, kind),
    subject === undefined ? undefined : subjectMatches(db, subject),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows.map(toEntry), total: counted?.total ?? 0 };
}
