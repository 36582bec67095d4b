import { adminPrescriptionPath, ORDER_SORT, PRESCRIPTION_REVIEW } from '@apotheca/contract';
import { Link } from 'react-router';
import { DataTable, stackedCell, WrappingText } from '../../../components/ui/data-table';
import { PageNavigation } from '../../../components/ui/page-navigation';
import { AdminPageHeader } from './admin-page-header';
import { ListSearchForm } from './list-search-form';
import { OrderNumberHint } from './order-number-hint';
import { useListLinkState } from './list-return.hook';
import { useOrderListPage } from './order-list-page.hook';
import { waitingTime } from '../../../lib/waiting-time';
import { QueryList } from '../../../components/ui/query-list';
import { UnreviewedPrescription } from '../../../features/orders/unreviewed-prescription';
import { useSession } from '../../session.hook';

// On a phone each order is a card of these, one under the other, so that the order, what the pharmacist
// decides on (the items, the wait) and its Review link fit the screen without a sideways scroll.
const COLUMNS = [
  { label: 'Order' },
  { label: 'Patient' },
  { label: 'Prescription items' },
  { label: 'Waiting' },
  { label: 'Review' },
] as const;

/**
 * /admin/prescriptions: the pharmacist's queue, the longest waiting first, a page at a time and
 * searched by order number or patient on the server.
 */
export default function PrescriptionQueuePage() {
  const { user } = useSession();
  const linkState = useListLinkState();
  const {
    page,
    setPage,
    pageCount,
    q,
    setQ,
    data,
    orders: waiting,
    isLoading,
    isFetching,
    error,
  } = useOrderListPage({ review: PRESCRIPTION_REVIEW.pending, sort: ORDER_SORT.oldest });
  return (
    <section>
      <AdminPageHeader
        title="Prescriptions"
        subtitle={data ? `${data.total} ${q ? 'matching' : 'waiting for review'}` : undefined}
      />
      <ListSearchForm
        label="Search the queue"
        placeholder="Order number, patient name or e-mail"
        value={q}
        onSearch={setQ}
      />
      <QueryList
        state={{ data: waiting, isLoading, isFetching, error }}
        loadingLabel="Loading the queue…"
        empty={(waiting) =>
          waiting.length === 0 && (
            <p className="rounded-lg bg-brand-50 p-4 text-brand-900">
              {q ? 'No waiting prescription matches.' : 'No prescription is waiting for review.'}
              <OrderNumberHint q={q} />
            </p>
          )
        }
      >
        {(waiting) => (
          <>
            <DataTable caption="Prescriptions waiting for review" columns={COLUMNS} stickyLastColumn stackOnPhone>
              {waiting.map((order) => {
                const patient = order.userId ? `${order.userId.first_name} ${order.userId.last_name}` : 'Deleted';
                const items = order.items
                  .filter((item) => item.prescriptionRequired)
                  .map((item) => `${item.name} × ${item.quantity}`)
                  .join(', ');
                const waited = waitingTime(order.createdAt);
                return (
                  <tr key={order._id}>
                    <td {...stackedCell(COLUMNS[0], 'font-mono')}>{order.number}</td>
                    <th scope="row" {...stackedCell(COLUMNS[1], 'font-medium text-ink')}>
                      <WrappingText>{patient}</WrappingText>
                    </th>
                    <td {...stackedCell(COLUMNS[2])}>{items}</td>
                    <td {...stackedCell(COLUMNS[3])}>{waited}</td>
                    <td {...stackedCell(COLUMNS[4])}>
                      <UnreviewedPrescription
                        order={order}
                        userId={user?._id}
                        reviewLink={
                          <Link
                            to={adminPrescriptionPath(order._id)}
                            state={linkState}
                            aria-label={`Review the prescription of ${patient}`}
                            className="font-semibold text-brand-800 underline"
                          >
                            Review
                          </Link>
                        }
                      />
                    </td>
                  </tr>
                );
              })}
            </DataTable>
            <PageNavigation label="Queue pages" page={page} pageCount={pageCount} onPageChange={setPage} />
          </>
        )}
      </QueryList>
    </section>
  );
}
