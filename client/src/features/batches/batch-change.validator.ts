import { adjustBatchSchema, batchReasonSchema } from '@apotheca/contract';

/**
 * A batch change's check, the contract's: a correction's quantity and reason, or a write-off's or a
 * recall's reason (batch-change-dialog.tsx loads it when a dialog opens).
 */
export const checkBatchChange = (withQuantity: boolean, fields: { quantity: string; reason: string }) =>
  withQuantity ? adjustBatchSchema.safeParse(fields) : batchReasonSchema.safeParse({ reason: fields.reason });
