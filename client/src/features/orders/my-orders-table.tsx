import {
  addressAddRefusal,
  formatPrice,
  awaitsPrescriptionReview,
  PATHS,
  PRESCRIPTION_REVIEW,
  RECALL_HOLD_PATIENT_NOTE,
  RECALL_NOTICE_MARK,
  reorderSkipMessage,
  type Order,
} from '@apotheca/contract';
import { Fragment, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { OrderDelivery, type AddressForm } from './order-delivery';
import { useReorderMutation } from './orders.api';
import { OrderHistoryTimeline } from './order-history-timeline';
import { OrderStatusBadge, PaymentStatusBadge, PrescriptionReviewBadge } from './order-status-badge';
import { RecallNotice, recallNotices } from './recall-notice';
import { formatMoment } from '../../lib/moment-format';
import { usePendingKeys } from '../../lib/pending-keys.hook';

/** My orders: one row per order; clicking a row expands its items, and an order awaiting its address `AddressForm`. */
export function MyOrdersTable({ orders, AddressForm }: { orders: Order[]; AddressForm?: AddressForm }) {
  const [open, setOpen] = useState<string | null>(null);
  const [reorder] = useReorderMutation();
  // Each order's button waits for its own order again only, even once its row is closed and opened again.
  const reordering = usePendingKeys();
  const navigate = useNavigate();
  // The items go back in the cart, capped by stock and limits; checkout then asks for a prescription anew.
  const orderAgain = async (order: Order) => {
    try {
      const { skipped } = await reordering.whilePending(order._id, () => reorder(order._id).unwrap());
      if (skipped.length > 0)
        toast.info('Some items could not be added', { description: skipped.map(reorderSkipMessage).join(' ') });
      else toast.success('The items are back in your cart');
      await navigate(PATHS.cart);
    } catch (error) {
      toast.error('Could not order again', { description: errorMessage(error) });
    }
  };
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-sm">
        <thead className="bg-slate-50 text-left text-muted">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              #
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Order ID
            </th>
            <th scope="col" className="hidden px-4 py-3 font-medium sm:table-cell">
              Created
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Status
            </th>
            <th scope="col" className="hidden px-4 py-3 text-right font-medium sm:table-cell">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order, index) => {
            const expanded = open === order._id;
            const toggle = () => setOpen(expanded ? null : order._id);
            const created = formatMoment(order.createdAt);
            const total = formatPrice(order.totalPrice);
            return (
              <Fragment key={order._id}>
                <tr onClick={toggle} className="cursor-pointer border-t border-slate-100 hover:bg-brand-50/50">
                  <td className="px-4 py-3">{index + 1}</td>
                  <td className="px-4 py-3 font-mono text-xs">
                    <button
                      type="button"
                      aria-expanded={expanded}
                      aria-controls={`order-items-${order._id}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        toggle();
                      }}
                      className="rounded text-left text-brand-800 underline-offset-2 hover:underline"
                    >
                      {order.number}
                    </button>
                    {/* Small screens show the date and the total under the id instead of in their own columns. */}
                    <span className="mt-1 block font-sans text-muted sm:hidden">{created}</span>
                    <span className="mt-1 block font-sans font-semibold text-ink sm:hidden">{total}</span>
                  </td>
                  <td className="hidden px-4 py-3 sm:table-cell">{created}</td>
                  <td className="px-4 py-3">
                    <div className="flex flex-col items-start gap-1">
                      <OrderStatusBadge status={order.status} />
                      {/* A canceled order's unreviewed prescription is awaited by no one, so no badge says it is. */}
                      {order.prescription &&
                      (order.prescription.review !== PRESCRIPTION_REVIEW.pending || awaitsPrescriptionReview(order)) ? (
                        <PrescriptionReviewBadge review={order.prescription.review} />
                      ) : null}
                      {/* Said on the closed row too, so the patient sees which order waits for them. */}
                      {addressAddRefusal(order) === undefined ? (
                        <span className="text-xs font-medium text-amber-900">Needs a delivery address</span>
                      ) : null}
                      {/* Its status stays as the product names it; this says why it has not left yet. */}
                      {order.recallHold ? (
                        <span className="max-w-64 text-xs font-medium text-amber-900">{RECALL_HOLD_PATIENT_NOTE}</span>
                      ) : null}
                      {recallNotices(order).length > 0 ? (
                        <span className="text-xs font-medium text-amber-900">{RECALL_NOTICE_MARK}</span>
                      ) : null}
                    </div>
                  </td>
                  <td className="hidden px-4 py-3 text-right font-semibold sm:table-cell">{total}</td>
                </tr>
                {expanded ? (
                  <tr id={`order-items-${order._id}`} className="bg-slate-50">
                    <td colSpan={5} className="px-4 py-3">
                      {/* Of no width to the table's columns, then as wide as the row: the columns are sized by the
                          order rows alone, so opening an order (its address, its history) moves none of them. */}
                      <div className="w-0 min-w-full">
                        {/* Above the items: what the patient should do about it comes before all else. */}
                        <RecallNotice order={order} />
                        <ul className="flex flex-col gap-1">
                          {order.items.map((item) => (
                            <li key={item._id} className="flex justify-between gap-4">
                              <span className="font-medium">{item.name}</span>
                              <span className="whitespace-nowrap text-muted">
                                {formatPrice(item.price)} × {item.quantity}
                              </span>
                            </li>
                          ))}
                        </ul>
                        {/* The open order says what it came to at any width, not only in the Total column that phones hide. */}
                        <p className="mt-2 flex justify-between gap-4 border-t border-slate-200 pt-2 font-semibold">
                          <span>Total</span>
                          <span>{total}</span>
                        </p>
                        <dl className="mt-3 flex flex-col gap-1">
                          <div className="flex items-center gap-2">
                            <dt className="text-muted">Payment</dt>
                            <dd>
                              <PaymentStatusBadge status={order.paymentStatus} />
                            </dd>
                          </div>
                          {order.prescription?.note ? (
                            <div>
                              {/* A repeat's note is the shop's own: no pharmacist saw the order. */}
                              <dt className="text-muted">
                                {order.prescription.repeat ? 'Prescription' : 'Pharmacist’s note'}
                              </dt>
                              <dd className="whitespace-pre-line text-ink">{order.prescription.note}</dd>
                            </div>
                          ) : null}
                        </dl>
                        <OrderDelivery order={order} AddressForm={AddressForm} />
                        <div className="mt-3 flex flex-wrap items-center gap-3">
                          <Button
                            size="sm"
                            busy={reordering.isPending(order._id)}
                            onClick={() => void orderAgain(order)}
                          >
                            Order again
                          </Button>
                          {order.prescription?.review === PRESCRIPTION_REVIEW.rejected ? (
                            <span className="text-muted">
                              Its prescription was rejected: the items go back in your cart and checkout asks for a new
                              prescription.
                            </span>
                          ) : null}
                        </div>
                        <div className="mt-3">
                          <OrderHistoryTimeline order={order} forShopper />
                        </div>
                      </div>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
