import type { Order } from '@apotheca/contract';
import { formatCalendarDate } from '../../lib/calendar-date';

/** Where an order goes and, once dispatched, its carrier, tracking number and delivery estimate. */
// Its headings are h2: both screens showing it have only their page's h1 above it.
export function OrderDelivery({ order }: { order: Order }) {
  const { address } = order;
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
          <p>No delivery address given.</p>
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
