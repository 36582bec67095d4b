import { addressAddRefusal, type Order } from '@apotheca/contract';
import type { ComponentType } from 'react';
import { formatCalendarDate } from '../../lib/calendar-date';

/** The form a patient gives a waiting order its address with, lent by the page that may offer it. */
export type AddressForm = ComponentType<{ order: Order }>;

/**
 * Where an order goes and, once dispatched, its carrier, tracking number and delivery estimate. An
 * order placed without an address waits for its patient to add one: the patient's own page lends
 * `AddressForm`, offered while the contract's addressAddRefusal allows it; staff read that it waits,
 * and why they cannot dispatch it, beside their status control.
 */
// Its headings are h2: both screens showing it have only their page's h1 above it.
export function OrderDelivery({ order, AddressForm }: { order: Order; AddressForm?: AddressForm | undefined }) {
  const { address } = order;
  const awaited = addressAddRefusal(order) === undefined;
  if (AddressForm && awaited) return <AddressForm order={order} />;
  return (
    <div className="mt-3 grid gap-3 text-sm text-muted sm:grid-cols-2">
      <div>
        <h2 className="font-semibold text-ink">Delivery address</h2>
        {address ? (
          <p>
            {address.name}, {address.line1}
            {address.line2 ? `, ${address.line2}` : ''}, {address.postalCode} {address.city}, {address.country}
          </p>
        ) : (
          <p>{awaited ? 'None yet: waiting for the patient to add one.' : 'No delivery address given.'}</p>
        )}
      </div>
      {order.dispatchedAt ? (
        <div>
          <h2 className="font-semibold text-ink">Parcel</h2>
          {order.carrier ? <p>Carrier: {order.carrier}</p> : null}
          {order.trackingNumber ? <p>Tracking number: {order.trackingNumber}</p> : null}
          {order.deliveryEstimate ? (
            <p>
              Expected between {formatCalendarDate(order.deliveryEstimate.from)} and{' '}
              {formatCalendarDate(order.deliveryEstimate.to)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
