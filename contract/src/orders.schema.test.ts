import { describe, expect, it } from 'vitest';
import { ORDER_STATUS, PRESCRIPTION_DECISION } from './constants';
import { prescriptionReviewSchema, updateOrderSchema } from './orders.schema';

/** The message of the field's first issue, as the server's error handler answers it. */
function fieldMessage(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) {
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('the staff calls that take free text', () => {
  it.each([5, null, true, [], {}])("refuse a carrier or tracking number of %j in the field's own words", (value) => {
    const carrier = updateOrderSchema.safeParse({ status: ORDER_STATUS.dispatched, carrier: value });
    const trackingNumber = updateOrderSchema.safeParse({ status: ORDER_STATUS.dispatched, trackingNumber: value });
    expect(fieldMessage(carrier, 'carrier')).toBe('Carrier must be text.');
    expect(fieldMessage(trackingNumber, 'trackingNumber')).toBe('Tracking number must be text.');
  });

  it.each([5, null, true, [], {}])("refuse a review note of %j in the field's own words", (value) => {
    const review = prescriptionReviewSchema.safeParse({ decision: PRESCRIPTION_DECISION.reject, note: value });
    expect(fieldMessage(review, 'note')).toBe('The note must be text.');
  });
});

describe("a pharmacist's review", () => {
  it('takes an approval note of only characters that show nothing as no note, so the patient reads none', () => {
    const review = prescriptionReviewSchema.parse({ decision: PRESCRIPTION_DECISION.approve, note: '\u200b\u2060 ' });
    expect(review.note).toBe('');
  });

  it('keeps an approval note that shows something, trimmed', () => {
    const review = prescriptionReviewSchema.parse({
      decision: PRESCRIPTION_DECISION.approve,
      note: ' Take with food. ',
    });
    expect(review.note).toBe('Take with food.');
  });
});
