import { formatPrice, adminOrderPath, ORDER_STATUSES, type OrderStatus, ownOrderRefusal } from '@apotheca/contract';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { DataTable, stackedCell } from '../../../components/ui/data-table';
import { PageNavigation } from '../../../components/ui/page-navigation';
import { OrderStatusBadge, PaymentStatusBadge } from '../../../features/orders/order-status-badge';
import { OrderStatusSelect } from '../../../features/orders/order-status-select';
import { AdminPageHeader } from './admin-page-header';
import { ListSearchForm } from './list-search-form';
import { OrderNumberHint } from './order-number-hint';
import { useListLinkState } from './list-return.hook';
import { useOrderListPage } from './order-list-page.hook';
import { useListParam } from './page-param.hook';
import { countLabel } from '../../../lib/count-label';
import { useSession } from '../../session.hook';
import { EmptyNotice, QueryList } from '../../../components/ui/query-list';

// The product's columns, in its order. A phone shows each order as a card of them all: staff change a
// status and open an order from there too, so none of them is left out.
const COLUMNS = [
  { label: 'Order ID' },
  { label: 'User' },
  { label: 'Total Price', align: 'right' },
  { label: 'Status' },
  { label: 'Payment Status' },
  { label: 'Update Order Status' },
  { label: 'View Items' },
] as const;

const isOrderStatus = (value: string): value is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(value);

/**
 * /admin/orders: the orders 8 a page, newest first, searched by order number or
 * patient and filtered by status on the server; the page, search and status are kept in the URL.
 */
export default function AdminOrdersPage() {
  const { user } = useSession();
  const linkState = useListLinkState();
  const [statusParam, setStatus] = useListParam('status');
  const status = isOrderStatus(statusParam) ? statusParam : undefined;
  const { page, setPage, pageCount, q, setQ, data, orders, isLoading, isFetching, error } = useOrderListPage({
    status,
  });
  const filtered = Boolean(q || status);

  return (
    <section>
      <AdminPageHeader
        title="Orders"
        subtitle={data ? countLabel(data.total, filtered ? 'matching order' : 'order') : undefined}
      />
      <ListSearchForm
        label="Search orders"
        placeholder="Order number, patient name or e-mail"
        value={q}
        onSearch={setQ}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor="order-status-filter" className="text-sm font-medium text-ink">
            Status
          </label>
          <select
            id="order-status-filter"
            value={status ?? ''}
            onChange={(event) => setStatus(event.target.value)}
            className="rounded-md border border-slate-300 bg-white px-2 py-2 text-sm text-ink shadow-sm focus:border-brand-600"
          >
            <option value="">Every status</option>
            {ORDER_STATUSES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      </ListSearchForm>
      <QueryList
        state={{ data: orders, isLoading, isFetching, error }}
        loadingLabel="Loading orders…"
        empty={(orders) =>
          orders.length === 0 && (
            <EmptyNotice>
              <span className="block">{filtered ? 'No order matches.' : 'No orders available.'}</span>
              <OrderNumberHint q={q} />
            </EmptyNotice>
          )
        }
      >
        {(orders) => (
          <>
            <DataTable caption="All orders" columns={COLUMNS} stickyLastColumn stackOnPhone>
              {orders.map((order) => (
                <tr key={order._id}>
                  <th scope="row" {...stackedCell(COLUMNS[0], 'font-mono font-normal text-ink')}>
                    {order.number}
                  </th>
                  <td {...stackedCell(COLUMNS[1])}>
                    {order.userId ? (
                      `${order.userId.first_name} ${order.userId.last_name}`
                    ) : (
                      <span className="italic text-muted">Deleted</span>
                    )}
                  </td>
                  <td {...stackedCell(COLUMNS[2])}>{formatPrice(order.totalPrice)}</td>
                  <td {...stackedCell(COLUMNS[3])}>
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td {...stackedCell(COLUMNS[4])}>
                    <PaymentStatusBadge status={order.paymentStatus} />
                  </td>
                  <td {...stackedCell(COLUMNS[5])}>
                    <OrderStatusSelect
                      order={order}
                      label={`Update status of order ${order.number}`}
                      refusal={ownOrderRefusal(order, user?._id)}
                    />
                  </td>
                  <td {...stackedCell(COLUMNS[6])}>
                    <Link
                      to={adminOrderPath(order._id)}
                      state={linkState}
                      aria-label={`View items of order ${order.number}`}
                      className={buttonClasses('secondary', 'sm')}
                    >
                      View Items
                    </Link>
                  </td>
                </tr>
              ))}
            </DataTable>
            <PageNavigation label="Order pages" page={page} pageCount={pageCount} onPageChange={setPage} />
          </>
        )}
      </QueryList>
    </section>
  );
}
