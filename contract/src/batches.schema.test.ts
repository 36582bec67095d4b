import { describe, expect, it } from 'vitest';
import {
  addBatchSchema,
  BATCH_QUANTITY_MESSAGE,
  BATCH_STATE,
  batchState,
  LOT_REQUIRED_MESSAGE,
} from './batches.schema';

const batch = { expiresOn: '2027-03-01', recalledAt: null, writtenOffAt: null };

describe('batch state', () => {
  it('is expired from its expiry date on, sellable the day before', () => {
    expect(batchState(batch, '2027-02-28')).toBe(BATCH_STATE.sellable);
    expect(batchState(batch, '2027-03-01')).toBe(BATCH_STATE.expired);
  });

  it('names a recall or a write-off before the expiry', () => {
    expect(batchState({ ...batch, recalledAt: '2027-01-01T10:00:00Z' }, '2027-04-01')).toBe(BATCH_STATE.recalled);
    expect(batchState({ ...batch, writtenOffAt: '2027-01-01T10:00:00Z' }, '2027-04-01')).toBe(BATCH_STATE.writtenOff);
  });
});

describe('a delivery', () => {
  it('needs a lot and a whole quantity of 0 or more', () => {
    const result = addBatchSchema.safeParse({ lot: ' ', expiresOn: '2027-03-01', quantity: '2.5' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([LOT_REQUIRED_MESSAGE, BATCH_QUANTITY_MESSAGE]);
  });
});
