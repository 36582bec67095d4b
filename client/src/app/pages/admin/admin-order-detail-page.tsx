import {
  formatPrice,
  adminPrescriptionPath,
  type Order,
  type OrderStatus,
  ownOrderRefusal,
  PATHS,
  PRESCRIPTION_REVIEW,
} from '@apotheca/contract';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { cellClasses, DataTable, WrappingText } from '../../../components/ui/data-table';
import { SelectField } from '../../../components/ui/select-field';
import { OrderStatusBadge, PaymentStatusBadge } from '../../../features/orders/order-status-badge';
import { orderStatusChoices } from '../../../features/orders/order-status-choices';
import { useChangeOrderStatus } from '../../../features/orders/order-status-change.hook';
import { DispatchDialog } from '../../../features/orders/dispatch-dialog';
import { OrderDelivery } from '../../../features/orders/order-delivery';
import { OrderHistoryTimeline } from '../../../features/orders/order-history-timeline';
import { RecallAlert } from '../../../features/orders/recall-alert';
import { ReviewDecision } from '../../../features/orders/review-decision';
import { UnreviewedPrescription } from '../../../features/orders/unreviewed-prescription';
import { useSession } from '../../session.hook';
import { AdminOrderFrame } from './admin-order-frame';
import { formatMoment } from '../../../lib/moment-format';

const ITEM_COLUMNS = [
  { label: 'Item' },
  { label: 'Price', align: 'right' },
  { label: 'Quantity', align: 'right' },
  { label: 'Subtotal', align: 'right' },
] as const;

function Detail({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-1 text-sm text-ink">{children}</dd>
    </div>
  );
}

/**
 * The status select and its Update Status button; the order is fetched again after an update, so the
 * page shows what was stored. The statuses the server would refuse cannot be chosen, and the hint says why.
 */
function StatusForm({ order }: { order: Order }) {
  const [status, setStatus] = useState<OrderStatus>(order.status);
  // The select follows the order once it has been fetched again. The form is not remounted for it (a key):
  // that would take the Update Status button, and the keyboard's place with it, out of the page.
  const [stored, setStored] = useState<OrderStatus>(order.status);
  if (stored !== order.status) {
    setStored(order.status);
    setStatus(order.status);
  }
  const { choose, changing, dispatchDialog, cancelDialog } = useChangeOrderStatus(order);
  const { options, reasons } = orderStatusChoices(order);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        choose(status);
      }}
    >
      <DispatchDialog {...dispatchDialog} />
      <ConfirmDialog {...cancelDialog} />
      <SelectField
        label="New status"
        value={status}
        options={options}
        hint={reasons.length > 0 ? reasons.join(' ') : undefined}
        onChange={(event) => setStatus(event.target.value as OrderStatus)}
      />
      <Button type="submit" busy={changing || status === order.status}>
        {changing ? 'Updating…' : 'Update Status'}
      </Button>
    </form>
  );
}

/** /admin/orders/:id: one order with its items and a status change. */
export default function AdminOrderDetailPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  return (
    <AdminOrderFrame
      id={id}
      back={{ to: PATHS.adminOrders, label: 'All orders' }}
      title="Order details"
      loadingLabel="Loading order…"
    >
      {(order) => {
        // The server refuses anyone's status change of their own order: the page offers none it would refuse.
        const refusal = ownOrderRefusal(order, user?._id);
        return (
          <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
            {/* min-w-0: the column is as wide as the screen, not as its widest content, so the items table fits it. */}
            <div className="flex min-w-0 flex-col gap-4">
              <RecallAlert order={order} ownOrder={refusal !== undefined} />
              <dl className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2">
                <Detail label="Order number">
                  <span className="font-mono">{order.number}</span>
                </Detail>
                <Detail label="Order ID" wide>
                  <span className="break-all font-mono">{order._id}</span>
                </Detail>
                <Detail label="Status">
                  <OrderStatusBadge status={order.status} />
                </Detail>
                <Detail label="Payment Status">
                  <PaymentStatusBadge status={order.paymentStatus} />
                </Detail>
                <Detail label="User">
                  {order.userId ? `${order.userId.first_name} ${order.userId.last_name}` : 'Deleted'}
                </Detail>
                <Detail label="Placed on">{formatMoment(order.createdAt)}</Detail>
                {/* Without an address it says so; why that keeps it from Dispatched, the status form says. */}
                <Detail label="Delivery" wide>
                  <OrderDelivery order={order} />
                </Detail>
                {order.prescription ? (
                  <Detail label="Prescription" wide>
                    {order.prescription.review === PRESCRIPTION_REVIEW.pending ? (
                      <UnreviewedPrescription
                        order={order}
                        userId={user?._id}
                        reviewLink={
                          <Link to={adminPrescriptionPath(order._id)} className="font-medium text-brand-800 underline">
                            Awaiting review: review it
                          </Link>
                        }
                      />
                    ) : (
                      <ReviewDecision prescription={order.prescription} />
                    )}
                  </Detail>
                ) : null}
              </dl>
              <DataTable caption="Items of the order" columns={ITEM_COLUMNS}>
                {order.items.map((item) => (
                  <tr key={item._id}>
                    <th scope="row" className={`${cellClasses()} font-medium text-ink`}>
                      <WrappingText>{item.name}</WrappingText>
                    </th>
                    <td className={cellClasses('right')}>{formatPrice(item.price)}</td>
                    <td className={cellClasses('right')}>{item.quantity}</td>
                    <td className={cellClasses('right')}>{formatPrice(item.price * item.quantity)}</td>
                  </tr>
                ))}
                <tr className="bg-slate-50 font-semibold">
                  <th scope="row" colSpan={3} className={`${cellClasses('right')} text-ink`}>
                    Total
                  </th>
                  <td className={cellClasses('right')}>{formatPrice(order.totalPrice)}</td>
                </tr>
              </DataTable>
            </div>
            <div className="self-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="mb-3 text-base font-semibold text-ink">Change status</h2>
              {refusal ? (
                <p role="note" className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900">
                  {refusal}
                </p>
              ) : (
                <StatusForm order={order} />
              )}
              <h2 className="mb-3 mt-6 text-base font-semibold text-ink">History</h2>
              <OrderHistoryTimeline order={order} />
            </div>
          </div>
        );
      }}
    </AdminOrderFrame>
  );
}
