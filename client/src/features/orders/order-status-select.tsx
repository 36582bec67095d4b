import { ORDER_STATUSES, type Order, type OrderStatus } from '@apotheca/contract';
import { useId } from 'react';
import { DispatchDialog } from './dispatch-dialog';
import { useChangeOrderStatus } from './order-status-change.hook';

/**
 * The order list's status select: choosing a value sends it at once (any status may follow any other).
 * `refusal`: why the signed-in member of staff may not change it; the select is then disabled and the
 * reason is written under it, as its description: a disabled select's title shows only to a mouse
 * resting on it, so on a touch screen, or at a glance, the control looked broken.
 */
export function OrderStatusSelect({ order, label, refusal }: { order: Order; label: string; refusal?: string }) {
  const { choose, changing, dispatchDialog } = useChangeOrderStatus(order);
  const refusalId = useId();
  return (
    <>
      <select
        aria-label={label}
        aria-describedby={refusal === undefined ? undefined : refusalId}
        value={order.status}
        disabled={changing || refusal !== undefined}
        onChange={(event) => choose(event.target.value as OrderStatus)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-ink shadow-sm focus:border-brand-600 disabled:opacity-60"
      >
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </select>
      {refusal !== undefined && (
        <p id={refusalId} className="mt-1 max-w-56 whitespace-normal text-xs text-amber-900">
          {refusal}
        </p>
      )}
      <DispatchDialog {...dispatchDialog} />
    </>
  );
}
