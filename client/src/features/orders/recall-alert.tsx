import { ORDER_EVENT, ORDER_STATUS, RECALL_HOLD_MESSAGE, type Order } from '@apotheca/contract';

/**
 * Staff's warning on an order that drew from a lot recalled before it left the shop: the recall
 * flags it in its history, and the server refuses its dispatch while it holds units of the lot.
 */
export function RecallAlert({ order }: { order: Order }) {
  const notYetSent = order.status === ORDER_STATUS.pending || order.status === ORDER_STATUS.accepted;
  const recalls = order.history.filter((entry) => entry.event === ORDER_EVENT.recallFlagged);
  if (!notYetSent || recalls.length === 0) return null;
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">{RECALL_HOLD_MESSAGE}</p>
      <ul className="mt-1 list-disc pl-5">
        {recalls.map((entry, index) => (
          <li key={index}>{entry.note}</li>
        ))}
      </ul>
    </div>
  );
}
