import { APPROVED_FOR_ONE_ORDER_LABEL, approvalTermsLabel, PRESCRIPTION_REVIEW, type Order } from '@apotheca/contract';
import { formatCalendarDate } from '../../lib/calendar-date';

/**
 * A decided prescription review as the staff's order and review pages give it: who decided, with
 * their note, and under it an approval's terms. A repeat was approved by the shop itself at checkout,
 * with no pharmacist; a decision without its reviewer is a pharmacist's since deleted. The terms are
 * the prescription's now, so a pharmacist sees what its next order may still reuse; a prescription
 * deleted with its patient has none.
 */
export function ReviewDecision({ prescription }: { prescription: NonNullable<Order['prescription']> }) {
  const { review, repeat, reviewedBy, note, validUntil, repeatsLeft } = prescription;
  const approved = review === PRESCRIPTION_REVIEW.approved;
  const decided = approved ? 'Approved' : 'Rejected';
  const by = repeat ? `${decided} automatically` : `${decided} by ${reviewedBy?.name ?? 'a former pharmacist'}`;
  const terms =
    !approved || prescription._id === null
      ? null
      : validUntil === null
        ? APPROVED_FOR_ONE_ORDER_LABEL
        : approvalTermsLabel(repeatsLeft ?? 0, formatCalendarDate(validUntil));
  return (
    <>
      <span className="block">{note ? `${by}: ${note}` : by}</span>
      {terms ? <span className="block">{terms}</span> : null}
    </>
  );
}
