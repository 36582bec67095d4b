import { ORDER_STATUS, type Order, type OrderStatus } from '@apotheca/contract';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/error-message';
import type { DispatchDialogProps, Parcel } from './dispatch-dialog';
import { useUpdateOrderStatusMutation } from './order-admin.api';

/**
 * Changes `order`'s status and says how it went; the list and the detail screen share it.
 * Dispatched first asks for the parcel's carrier and tracking number, through a DispatchDialog
 * given `dispatchDialog`.
 */
export function useChangeOrderStatus(order: Order) {
  const [update, { isLoading }] = useUpdateOrderStatusMutation();
  const [dispatching, setDispatching] = useState(false);
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
  return { choose, changing: isLoading, dispatchDialog };
}
