import { ORDER_EVENT, OWN_ORDER_REPLACEMENT_MESSAGE, RECALL_HOLD_MESSAGE, type Order } from '@apotheca/contract';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { useReplaceRecalledUnitsMutation } from './order-admin.api';

/**
 * The recall notes to show beside a hold: the recalls since the order's units were last taken from
 * stock, whether by a replacement of recalled units or by its opening again after a cancellation.
 */
function recallsSinceLastTaken(order: Order) {
  const lastTaken = order.history.findLastIndex((entry) => entry.event === ORDER_EVENT.stockTaken);
  return order.history.slice(lastTaken + 1).filter((entry) => entry.event === ORDER_EVENT.recallFlagged);
}

/**
 * Staff's warning on an order a recall holds: the order's answer says so (its `recallHold`, judged by
 * the server from the lots it drew from, docs/decisions/0149), and the server refuses its dispatch
 * meanwhile (0148). It lists the recalls' notes, and its button replaces the recalled units from the
 * medicine's sellable lots; on the viewer's own order (`ownOrder`), which the server refuses them to
 * change, it says who must instead.
 */
export function RecallAlert({ order, ownOrder = false }: { order: Order; ownOrder?: boolean }) {
  const [replace, { isLoading }] = useReplaceRecalledUnitsMutation();
  if (order.recallHold === null) return null;
  const recalls = recallsSinceLastTaken(order);
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
      {recalls.length > 0 ? (
        <ul className="mt-1 list-disc pl-5">
          {recalls.map((entry, index) => (
            <li key={index}>{entry.note}</li>
          ))}
        </ul>
      ) : null}
      {!ownOrder ? (
        <Button type="button" className="mt-3" busy={isLoading} onClick={() => void replaceUnits()}>
          {isLoading ? 'Replacing…' : 'Replace recalled units'}
        </Button>
      ) : (
        <p className="mt-3">{OWN_ORDER_REPLACEMENT_MESSAGE}</p>
      )}
    </div>
  );
}
