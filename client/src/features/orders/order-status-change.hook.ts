import { ORDER_STATUS, PAYMENT_STATUS, type Order, type OrderStatus } from '@apotheca/contract';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/error-message';
import type { ConfirmDialogProps } from '../../components/ui/confirm-dialog';
import type { DispatchDialogProps, Parcel } from './dispatch-dialog';
import { useUpdateOrderStatusMutation } from './order-admin.api';

/** What the cancellation's confirmation says of an order whose patient was deleted: no address is left. */
const NO_ONE_MAILED = "Its patient's account was deleted, so no one is mailed";

/**
 * What canceling `order` does beyond its status, as the server does it: it mails the patient, unless
 * their account was deleted (no address is left), and refunds a paid order.
 */
function cancellationEffects(order: Order): string {
  const paid = order.paymentStatus === PAYMENT_STATUS.paid;
  if (order.userId === null) return `${NO_ONE_MAILED}${paid ? '; the payment is refunded' : ''}.`;
  return `The patient is told by e-mail${paid ? ', and the payment is refunded' : ''}.`;
}

/**
 * Changes `order`'s status and says how it went; the list and the detail screen share it.
 * Dispatched first asks for the parcel's carrier and tracking number, through a DispatchDialog
 * given `dispatchDialog`; Canceled first asks to be confirmed, through a ConfirmDialog given
 * `cancelDialog`, since a slip of a select would cancel the patient's order and mail them.
 */
export function useChangeOrderStatus(order: Order) {
  const [update, { isLoading }] = useUpdateOrderStatusMutation();
  const [dispatching, setDispatching] = useState(false);
  const [canceling, setCanceling] = useState(false);
  const change = async (status: OrderStatus, parcel: Partial<Parcel> = {}) => {
    try {
      // The status this screen shows goes with the change: the server refuses it if someone else moved
      // the order meanwhile, and the order is then read again, so the screen shows what they did.
      await update({ id: order._id, status, fromStatus: order.status, ...parcel }).unwrap();
      toast.success(`Order status updated to ${status}`);
    } catch (error) {
      toast.error('Error updating order status', { description: errorMessage(error) });
    }
  };
  const choose = (status: OrderStatus) => {
    if (status === ORDER_STATUS.dispatched) setDispatching(true);
    else if (status === ORDER_STATUS.canceled) setCanceling(true);
    else void change(status);
  };
  const dispatchDialog: DispatchDialogProps = {
    order: dispatching ? order : null,
    busy: isLoading,
    onCancel: () => setDispatching(false),
    onDispatch: (parcel) => {
      setDispatching(false);
      void change(ORDER_STATUS.dispatched, parcel);
    },
  };
  const cancelDialog: ConfirmDialogProps = {
    open: canceling,
    title: `Cancel order ${order.number}?`,
    description: cancellationEffects(order),
    confirmLabel: 'Cancel the order',
    cancelLabel: 'Keep it',
    busy: isLoading,
    onCancel: () => setCanceling(false),
    onConfirm: () => {
      setCanceling(false);
      void change(ORDER_STATUS.canceled);
    },
  };
  return { choose, changing: isLoading, dispatchDialog, cancelDialog };
}
