import { ADMIN_ORDERS_PAGE_SIZE, adminOrderPath } from '@apotheca/contract';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { cellClasses, DataTable } from '../../../components/ui/data-table';
import { PageNavigation } from '../../../components/ui/page-navigation';
import { ShortId } from '../../../components/ui/short-id';
import { Spinner } from '../../../components/ui/spinner';
import { useListOrdersQuery } from '../../../features/orders/order-admin.api';
import { OrderStatusBadge, PaymentStatusBadge } from '../../../features/orders/order-status-badge';
import { OrderStatusSelect } from '../../../features/orders/order-status-select';
import { formatPrice } from '../../../lib/currency';
import { AdminPageHeader } from './admin-page-header';
import { LoadError } from '../../../components/ui/load-error';
import { usePageParam } from './page-param.hook';

// SPEC.md §2's columns, in its order.
const COLUMNS = [
  { label: 'Order ID' },
  { label: 'User' },
  { label: 'Total Price', align: 'right' },
  { label: 'Status' },
  { label: 'Payment Status' },
  { label: 'Update Order Status' },
  { label: 'View Items' },
] as const;

/** /admin/orders: every order, 8 a page, paginated on the client (SPEC.md §9). */
export default function AdminOrdersPage() {
  const { data, isLoading, error } = useListOrdersQuery();
  const [page, setPage] = usePageParam();
  const orders = data?.orders ?? [];
  const pageCount = Math.max(1, Math.ceil(orders.length / ADMIN_ORDERS_PAGE_SIZE));
  // The list can shrink under the current page (a refetch after a deletion): stay on a real page.
  const current = Math.min(page, pageCount);
  const visible = orders.slice((current - 1) * ADMIN_ORDERS_PAGE_SIZE, current * ADMIN_ORDERS_PAGE_SIZE);

  return (
    <section>
      <AdminPageHeader title="Orders" subtitle={data ? `${orders.length} orders` : undefined} />
      {isLoading ? (
        <Spinner label="Loading orders…" />
      ) : error ? (
        <LoadError error={error} />
      ) : orders.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-muted">No orders available.</p>
      ) : (
        <div className="flex flex-col gap-4">
          <DataTable caption="All orders" columns={COLUMNS} stickyLastColumn>
            {visible.map((order) => (
              <tr key={order._id}>
                <th scope="row" className={`${cellClasses()} font-normal text-ink`}>
                  <ShortId id={order._id} />
                </th>
                <td className={cellClasses()}>
                  {order.userId ? (
                    `${order.userId.first_name} ${order.userId.last_name}`
                  ) : (
                    <span className="italic text-muted">Deleted</span>
                  )}
                </td>
                <td className={cellClasses('right')}>{formatPrice(order.totalPrice)}</td>
                <td className={cellClasses()}>
                  <OrderStatusBadge status={order.status} />
                </td>
                <td className={cellClasses()}>
                  <PaymentStatusBadge status={order.paymentStatus} />
                </td>
                <td className={cellClasses()}>
                  <OrderStatusSelect order={order} label={`Update status of order ${order._id}`} />
                </td>
                <td className={cellClasses()}>
                  <Link
                    to={adminOrderPath(order._id)}
                    aria-label={`View items of order ${order._id}`}
                    className={buttonClasses('secondary', 'sm')}
                  >
                    View Items
                  </Link>
                </td>
              </tr>
            ))}
          </DataTable>
          <PageNavigation label="Order pages" page={current} pageCount={pageCount} onPageChange={setPage} />
        </div>
      )}
    </section>
  );
}
