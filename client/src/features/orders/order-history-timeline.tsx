import {
  awaitsPrescriptionReview,
  ORDER_EVENT,
  PRESCRIPTION_REVIEW,
  ROLE_LABELS,
  type Order,
  type OrderHistoryEntry,
} from '@apotheca/contract';
import { formatMoment } from '../../lib/moment-format';

/** What happened, in words; `forShopper` leaves out what only staff need (stock movements). */
function describe(entry: OrderHistoryEntry, forShopper: boolean): string | null {
  switch (entry.event) {
    case ORDER_EVENT.placed:
      return 'Order placed';
    case ORDER_EVENT.statusChanged:
      return `Status changed from ${entry.from} to ${entry.to}`;
    case ORDER_EVENT.reviewDecided:
      return entry.to === PRESCRIPTION_REVIEW.approved
        ? 'Prescription approved'
        : `Prescription rejected: ${entry.note ?? ''}`;
    case ORDER_EVENT.stockRestored:
      return forShopper ? null : 'Stock put back';
    case ORDER_EVENT.stockTaken:
      return forShopper ? null : 'Stock taken again';
    case ORDER_EVENT.stockKeptOut:
      return forShopper ? null : 'Stock not put back: the parcel had left the shop';
    case ORDER_EVENT.recallFlagged:
      return forShopper ? null : 'Holds a recalled lot';
    case ORDER_EVENT.addressAdded:
      return 'Delivery address added';
    case ORDER_EVENT.recallNotified:
      return forShopper ? 'Recall notice mailed to you' : 'Patient mailed about a recalled lot';
  }
}

/**
 * An order's life as a timeline: every change with its time, and for staff who made it (with the
 * role they had then, which the history keeps) and the note. It says when the prescription is still
 * waiting for a pharmacist, which a canceled order's is not.
 */
export function OrderHistoryTimeline({ order, forShopper = false }: { order: Order; forShopper?: boolean }) {
  const rows = order.history.flatMap((entry) => {
    const text = describe(entry, forShopper);
    return text ? [{ entry, text }] : [];
  });
  const waiting = awaitsPrescriptionReview(order);
  return (
    <ol aria-label="Order history" className="flex flex-col gap-2 border-l-2 border-brand-200 pl-4">
      {rows.map(({ entry, text }, index) => (
        <li key={index} className="text-sm">
          <p className="font-medium text-ink">{text}</p>
          <p className="text-xs text-muted">
            <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
            {!forShopper && entry.actor ? ` · ${entry.actor.name} (${ROLE_LABELS[entry.actor.role]})` : null}
            {!forShopper && entry.note && entry.event !== ORDER_EVENT.reviewDecided ? ` · ${entry.note}` : null}
          </p>
        </li>
      ))}
      {waiting ? <li className="text-sm font-medium text-amber-800">Awaiting prescription review</li> : null}
    </ol>
  );
}
