import { adminPrescriptionPath, awaitsPrescriptionReview, type Order, ownOrderRefusal } from '@apotheca/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * What a staff screen says of an order whose prescription is not reviewed, for the member of staff
 * `userId`: `reviewLink` (the screen's own way into the review) when they may make it and the order
 * waits for it. Their own order is reviewed by another pharmacist, as the server refuses theirs, so it
 * offers them nothing to do. A canceled order waits for no review (the queue leaves it out), yet the
 * server still takes one, which a reopened order then keeps: it is offered, as optional.
 */
export function UnreviewedPrescription({
  order,
  userId,
  reviewLink,
}: {
  order: Order;
  userId: string | undefined;
  reviewLink: ReactNode;
}) {
  const own = ownOrderRefusal(order, userId) !== undefined;
  if (!awaitsPrescriptionReview(order))
    return (
      <>
        Not reviewed: the order is canceled, so it waits for no review unless it is reopened.
        {own ? null : (
          <>
            {' '}
            <Link to={adminPrescriptionPath(order._id)} className="font-medium text-brand-800 underline">
              Review it anyway
            </Link>
          </>
        )}
      </>
    );
  return own ? <>Awaiting another pharmacist&apos;s review</> : reviewLink;
}
