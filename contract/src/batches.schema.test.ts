import { describe, expect, it } from 'vitest';
import { addBatchSchema, adjustBatchSchema, BATCH_QUANTITY_MESSAGE, LOT_REQUIRED_MESSAGE } from './batches.schema';

describe('a delivery', () => {
  it('needs a lot and a whole quantity of 0 or more', () => {
    const result = addBatchSchema.safeParse({ lot: ' ', expiresOn: '2027-03-01', quantity: '2.5' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([LOT_REQUIRED_MESSAGE, BATCH_QUANTITY_MESSAGE]);
  });

  it('refuses a control character in a lot or a reason: a NUL byte cannot be stored', () => {
    const lot = addBatchSchema.safeParse({ lot: 'L\u0000', expiresOn: '2027-03-01', quantity: 1 });
    expect(lot.error?.issues.map((issue) => issue.message)).toEqual([
      'A lot number must not contain control characters.',
    ]);
    const reason = adjustBatchSchema.safeParse({ quantity: 1, reason: 'count\u001b[2J' });
    expect(reason.error?.issues.map((issue) => issue.message)).toEqual([
      'A reason must not contain control characters.',
    ]);
  });
});
