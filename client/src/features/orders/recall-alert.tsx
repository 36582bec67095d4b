import { ORDER_EVENT, ORDER_STATUS, RECALL_HOLD_MESSAGE, type Order } from '@apotheca/contract';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useReplaceRecalledUnitsMutation } from './order-admin.api';

/**
 * The recalls that hold an order: those since its units were last taken from stock, whether by its
 * recalled units' replacement or by its opening again after a cancellation, which draw from sellable
 * lots alone.
 */
function holdingRecalls(order: Order) {
  const lastTaken = order.history.findLastIndex((entry) => entry.event === ORDER_EVENT.stockTaken);
  return order.history.slice(lastTaken + 1).filter((entry) => entry.event === ORDER_EVENT.recallFlagged);
}

/**
 * Staff's warning on an order that drew from a lot recalled before it left the shop: the recall
 * flags it in its history, and the server refuses its dispatch while it holds units of the lot
 * (docs/decisions/0148). Its button replaces them from the medicine's sellable lots.
 */
export function RecallAlert({ order }: { order: Order }) {
  const [replace, { isLoading }] = useReplaceRecalledUnitsMutation();
  const notYetSent = order.status === ORDER_STATUS.pending || order.status === ORDER_STATUS.accepted;
  const recalls = holdingRecalls(order);
  if (!notYetSent || recalls.length === 0) return null;
  const replaceUnits = async () => {
    try {
      await replace(order._id).unwrap();
      toast.success('Recalled units replaced');
    } catch (error) {
      toast.error('Error replacing recalled units', { description: errorMessage(error) });
    }
  };
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-semibold">{RECALL_HOLD_MESSAGE}</p>
      <ul className="mt-1 list-disc pl-5">
        {recalls.map((entry, index) => (
          <li key={index}>{entry.note}</li>
        ))}
      </ul>
      <Button type="button" className="mt-3" busy={isLoading} onClick={() => void replaceUnits()}>
        {isLoading ? 'Replacing…' : 'Replace recalled units'}
      </Button>
    </div>
  );
}
