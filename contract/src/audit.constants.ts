// The audit log's kinds, their labels, its page size and the rule of its subject filter: free of zod, so the audit log's page, which
// checks no form, downloads no schema (docs/decisions/0136); out of constants.ts, which every storefront
// page starts with.

import { parseOrderNumber } from './orders.rules';

/**
 * What a staff change was, one value per kind of write: the audit log's `kind`, its filter and its
 * labels. Patients' own actions are not staff changes and have none.
 */
export const AUDIT_KIND = {
  medicineCreated: 'medicine.created',
  medicineUpdated: 'medicine.updated',
  medicineDeleted: 'medicine.deleted',
  reorderLevelSet: 'medicine.reorder-level',
  batchReceived: 'batch.received',
  batchCorrected: 'batch.corrected',
  batchWrittenOff: 'batch.written-off',
  batchRecalled: 'batch.recalled',
  recallNotified: 'batch.recall-notified',
  roleChanged: 'user.role',
  userDeleted: 'user.deleted',
  orderStatusChanged: 'order.status',
  prescriptionReviewed: 'order.prescription-review',
  /** An order's units of recalled lots replaced by units of sellable ones (docs/decisions/0149). */
  recalledUnitsReplaced: 'order.recalled-units-replaced',
  imported: 'import',
} as const;
export const AUDIT_KINDS = Object.values(AUDIT_KIND) as [AuditKind, ...AuditKind[]];
export type AuditKind = (typeof AUDIT_KIND)[keyof typeof AUDIT_KIND];
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'medicine.created': 'Medicine added',
  'medicine.updated': 'Medicine edited',
  'medicine.deleted': 'Medicine deleted',
  'medicine.reorder-level': 'Reorder level set',
  'batch.received': 'Batch received',
  'batch.corrected': 'Batch corrected',
  'batch.written-off': 'Batch written off',
  'batch.recalled': 'Batch recalled',
  'batch.recall-notified': 'Recall notices sent',
  'user.role': 'Role changed',
  'user.deleted': 'User deleted',
  'order.status': 'Order status changed',
  'order.prescription-review': 'Prescription reviewed',
  'order.recalled-units-replaced': 'Recalled units replaced',
  import: 'Catalogue import',
};

/** Said under the audit log's "Medicine or order" filter too, where a medicine's name is the first thing tried. */
export const AUDIT_SUBJECT_MESSAGE =
  'Medicine or order must be an id, or an order number such as A-100234: names are not searched.';

/**
 * The subject a list is narrowed to: a medicine, order, user or batch id, or an order's number
 * ("A-100234"), which stands for that order.
 */
export type AuditSubject = { id: string } | { orderNumber: number };

/** Any id the database gives out (8-4-4-4-12 hex digits). */
const ANY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The subject filter's words (trimmed, not blank) read as a subject, or null for words the log cannot
 * search, such as a medicine's name: the server's check, and the filter form's before it sends them.
 */
export function auditSubjectOf(text: string): AuditSubject | null {
  if (ANY_ID.test(text)) return { id: text.toLowerCase() };
  const orderNumber = parseOrderNumber(text);
  return orderNumber === null ? null : { orderNumber };
}

/** The audit log's page size: a busy shop writes many entries a day. */
export const AUDIT_PAGE_SIZE = 25;
