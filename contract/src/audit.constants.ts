// The audit log's kinds, their labels and its page size: free of zod, so the audit log's page, which
// checks no form, downloads no schema (docs/decisions/0136); out of constants.ts, which every storefront
// page starts with.

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

/** The audit log's page size: a busy shop writes many entries a day. */
export const AUDIT_PAGE_SIZE = 25;
