import type { Order } from '@apotheca/contract';

/** Where an order goes and, once dispatched, its carrier, tracking number and delivery estimate. */
export function OrderDelivery({ order }: { order: Order }) {
  const { address } = order;
  return (
    <div className="mt-3 grid gap-3 text-sm text-muted sm:grid-cols-2">
      <div>
        <h3 className="font-semibold text-ink">Delivery address</h3>
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
          <h3 className="font-semibold text-ink">Parcel</h3>
          {order.carrier ? <p>Carrier: {order.carrier}</p> : null}
          {order.trackingNumber ? <p>Tracking number: {order.trackingNumber}</p> : null}
          {order.deliveryEstimate ? (
            <p>
              Expected between {order.deliveryEstimate.from} and {order.deliveryEstimate.to}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
