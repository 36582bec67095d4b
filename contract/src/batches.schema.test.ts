import { describe, expect, it } from 'vitest';
import { addBatchSchema, BATCH_QUANTITY_MESSAGE, LOT_REQUIRED_MESSAGE } from './batches.schema';

describe('a delivery', () => {
  it('needs a lot and a whole quantity of 0 or more', () => {
    const result = addBatchSchema.safeParse({ lot: ' ', expiresOn: '2027-03-01', quantity: '2.5' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([LOT_REQUIRED_MESSAGE, BATCH_QUANTITY_MESSAGE]);
  });
});
