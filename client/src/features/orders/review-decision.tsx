import { PRESCRIPTION_REVIEW, type Order } from '@apotheca/contract';

/**
 * Who decided a prescription's review, and their note, as the staff's order and review pages say it.
 * A repeat was approved by the shop itself at checkout, with no pharmacist; a decision without its
 * reviewer is a pharmacist's since deleted.
 */
export function reviewSummary({ review, repeat, reviewedBy, note }: NonNullable<Order['prescription']>): string {
  const decided = review === PRESCRIPTION_REVIEW.approved ? 'Approved' : 'Rejected';
  const by = repeat ? `${decided} automatically` : `${decided} by ${reviewedBy?.name ?? 'a former pharmacist'}`;
  return note ? `${by}: ${note}` : by;
}
