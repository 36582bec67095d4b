import type { OrderStatus } from '@apotheca/contract';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/error-message';
import type { Parcel } from './dispatch-dialog';
import { useUpdateOrderStatusMutation } from './order-admin.api';

/** Changes an order's status and says how it went; the list and the detail screen share it. */
export function useChangeOrderStatus() {
  const [update, { isLoading }] = useUpdateOrderStatusMutation();
  const change = async (id: string, status: OrderStatus, parcel: Partial<Parcel> = {}) => {
    try {
      await update({ id, status, ...parcel }).unwrap();
      toast.success(`Order status updated to ${status}`);
    } catch (error) {
      toast.error('Error updating order status', { description: errorMessage(error) });
    }
  };
  return [change, isLoading] as const;
}
