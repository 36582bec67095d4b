import type { Order } from '@apotheca/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { DeliveryAddressStep, type DeliveryChoice } from '../../features/addresses/delivery-address-step';
import { useAddOrderAddressMutation } from '../../features/orders/orders.api';

/**
 * The patient's way to give an order placed without an address the address it lacks: checkout's own
 * delivery step (a saved address, the default first, or a new one), then one button that sends it.
 * Shown only while the contract's addressAddRefusal allows it (docs/decisions/0135). It joins the
 * orders and the address book, two features, so it lives here and the patient's orders page lends it
 * to the orders' table.
 */
export function OrderAddressForm({ order }: { order: Order }) {
  const [choice, setChoice] = useState<DeliveryChoice | null>(null);
  const [addAddress, { isLoading }] = useAddOrderAddressMutation();
  const send = async (body: DeliveryChoice) => {
    try {
      await addAddress({ id: order._id, body }).unwrap();
      toast.success(`Order ${order.number} will be sent to this address`);
    } catch (error) {
      toast.error('Could not add the address', { description: errorMessage(error) });
    }
  };
  return (
    <div className="mt-3 flex flex-col gap-3">
      <p role="note" className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900">
        This order has no delivery address yet, so it cannot be sent. Choose where it should go.
      </p>
      <DeliveryAddressStep value={choice} onChange={setChoice} />
      {choice ? (
        <Button className="self-start" busy={isLoading} onClick={() => void send(choice)}>
          {isLoading ? 'Adding…' : 'Send the order to this address'}
        </Button>
      ) : null}
    </div>
  );
}
