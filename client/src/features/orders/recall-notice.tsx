import { ORDER_EVENT, RECALL_NOTICE_ADVICE, type Order } from '@apotheca/contract';
import { useId } from 'react';

/** The recall notices of an order's history: each names a medicine and a lot the patient received. */
export const recallNotices = (order: Order) =>
  order.history.filter((entry) => entry.event === ORDER_EVENT.recallNotified);

/**
 * The patient's warning on their order that delivered a recalled lot: written into the order's history
 * when the shop mailed them about it, so the order says it as long as it is kept.
 */
export function RecallNotice({ order }: { order: Order }) {
  const titleId = useId();
  const notices = recallNotices(order);
  if (notices.length === 0) return null;
  return (
    <div
      role="note"
      aria-labelledby={titleId}
      className="mb-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <p id={titleId} className="font-semibold">
        Recall notice
      </p>
      <ul className="mt-1 flex flex-col gap-1">
        {notices.map((entry, index) => (
          <li key={index} className="font-medium">
            {entry.note}
          </li>
        ))}
      </ul>
      <p className="mt-2">{RECALL_NOTICE_ADVICE}</p>
    </div>
  );
}
