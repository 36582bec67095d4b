import { describe, expect, it } from 'vitest';
import {
  addBatchSchema,
  adjustBatchSchema,
  BATCH_QUANTITY_MESSAGE,
  expiryReportQuerySchema,
  EXPIRES_ON_PAST_MESSAGE,
  EXPIRES_ON_TODAY_MESSAGE,
  EXPIRY_WINDOW_MESSAGE,
  LOT_REQUIRED_MESSAGE,
  REASON_REQUIRED_MESSAGE,
  RECEIVED_QUANTITY_MESSAGE,
} from './batches.schema';

describe('a delivery', () => {
  it('needs a lot and a whole quantity of 1 or more', () => {
    const result = addBatchSchema.safeParse({ lot: ' ', expiresOn: '2027-03-01', quantity: '2.5' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      LOT_REQUIRED_MESSAGE,
      RECEIVED_QUANTITY_MESSAGE,
    ]);
    expect(addBatchSchema.safeParse({ lot: 'L1', expiresOn: '2027-03-01', quantity: ' 12 ' }).data?.quantity).toBe(12);
  });

  it('reads a lot or a reason made only of characters that show nothing as blank', () => {
    const lot = addBatchSchema.safeParse({ lot: '\u200b\u2060', expiresOn: '2027-03-01', quantity: 1 });
    expect(lot.error?.issues.map((issue) => issue.message)).toEqual([LOT_REQUIRED_MESSAGE]);
    const reason = adjustBatchSchema.safeParse({ quantity: 1, reason: '\u00ad' });
    expect(reason.error?.issues.map((issue) => issue.message)).toEqual([REASON_REQUIRED_MESSAGE]);
  });

  it('refuses an expiry date of the shop’s day as well as a past one: neither batch could be sold', () => {
    const expiry = (expiresOn: string) =>
      addBatchSchema.safeParse({ lot: 'L1', expiresOn, quantity: 1 }).error?.issues.map((issue) => issue.message);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    expect(expiry(day(0))).toEqual([EXPIRES_ON_TODAY_MESSAGE]);
    expect(expiry(day(-1))).toEqual([EXPIRES_ON_PAST_MESSAGE]);
    expect(expiry(day(1))).toBeUndefined();
  });

  it('never reads a blank, a boolean or a number past 1,000,000 as a quantity', () => {
    const delivery = (quantity: unknown) =>
      addBatchSchema.safeParse({ lot: 'L1', expiresOn: '2027-03-01', quantity }).error?.issues[0]?.message;
    const correction = (quantity: unknown) =>
      adjustBatchSchema.safeParse({ quantity, reason: 'Recount' }).error?.issues[0]?.message;
    for (const quantity of ['', ' ', true, null, 0, '0', 1_000_001, 2147483647, '99999999999', '1e3', -1]) {
      expect(delivery(quantity), String(quantity)).toBe(RECEIVED_QUANTITY_MESSAGE);
    }
    for (const quantity of ['', ' ', true, false, 1_000_001, -1]) {
      expect(correction(quantity), String(quantity)).toBe(BATCH_QUANTITY_MESSAGE);
    }
    expect(adjustBatchSchema.parse({ quantity: 0, reason: 'Recount' }).quantity).toBe(0);
    expect(adjustBatchSchema.parse({ quantity: '1000000', reason: 'Recount' }).quantity).toBe(1_000_000);
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

describe('the expiry report', () => {
  it('looks 30, 60 or 90 days ahead, 30 unless asked, and refuses any other window', () => {
    expect(expiryReportQuerySchema.parse({}).days).toBe(30);
    expect(expiryReportQuerySchema.parse({ days: '90' }).days).toBe(90);
    for (const days of ['-1', '45', '999999999', 'abc', '']) {
      expect(expiryReportQuerySchema.safeParse({ days }).error?.issues[0]?.message, days).toBe(EXPIRY_WINDOW_MESSAGE);
    }
  });
});
