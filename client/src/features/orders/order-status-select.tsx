import type { Order, OrderStatus } from '@apotheca/contract';
import { useId } from 'react';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { SelectOptions } from '../../components/ui/select-field';
import { DispatchDialog } from './dispatch-dialog';
import { orderStatusChoices } from './order-status-choices';
import { useChangeOrderStatus } from './order-status-change.hook';

/**
 * The order list's status select: choosing a value sends it at once. The statuses the server would
 * refuse for this order are shown but cannot be chosen, and why is written under the select.
 * `refusal`: why the signed-in member of staff may not change it at all; the select is then disabled
 * and that reason is written under it instead. Either is the select's description: a disabled
 * control's title shows only to a mouse resting on it, so on a touch screen, or at a glance, the
 * control looked broken.
 */
export function OrderStatusSelect({ order, label, refusal }: { order: Order; label: string; refusal?: string }) {
  const { choose, changing, dispatchDialog, cancelDialog } = useChangeOrderStatus(order);
  const { options, reasons } = orderStatusChoices(order);
  const shown = refusal === undefined ? reasons : [refusal];
  const reasonsId = useId();
  return (
    <>
      <select
        aria-label={label}
        aria-describedby={shown.length === 0 ? undefined : reasonsId}
        value={order.status}
        // Unavailable while a change is saved, but not disabled: a browser takes the focus from a disabled
        // control and drops it at the page's start, where a keyboard user would have to find the row again.
        aria-disabled={changing || undefined}
        disabled={refusal !== undefined}
        onChange={(event) => {
          if (!changing) choose(event.target.value as OrderStatus);
        }}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-ink shadow-sm focus:border-brand-600 disabled:opacity-60 aria-disabled:opacity-60"
      >
        <SelectOptions options={options} />
      </select>
      {shown.length > 0 && (
        <p id={reasonsId} className="mt-1 max-w-56 whitespace-normal text-xs text-amber-900">
          {shown.join(' ')}
        </p>
      )}
      <DispatchDialog {...dispatchDialog} />
      <ConfirmDialog {...cancelDialog} />
    </>
  );
}
