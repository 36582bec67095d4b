import { STAFF_SCREEN_READ } from '../../../lib/api';
import { useSession } from '../../session.hook';
import {
  adminMedicineUpdatePath,
  adminOrderPath,
  lotsLabel,
  NOT_RECALLED_MESSAGE,
  PATHS,
  REPORT_PAGE_SIZE,
  ROLE,
} from '@apotheca/contract';
import { Link, useParams } from 'react-router';
import { cellClasses, DataTable, WrappingText } from '../../../components/ui/data-table';
import { DetailList } from '../../../components/ui/detail-list';
import { LoadError } from '../../../components/ui/load-error';
import { PageNavigation } from '../../../components/ui/page-navigation';
import { Spinner } from '../../../components/ui/spinner';
import { useGetRecallQuery } from '../../../features/batches/batches.api';
import { RecallNotify } from '../../../features/batches/recall-notify';
import { OrderStatusBadge } from '../../../features/orders/order-status-badge';
import { countLabel } from '../../../lib/count-label';
import { AdminPageHeader } from './admin-page-header';
import { useReturnLinkState } from './list-return.hook';
import { usePageCount, usePageParam } from './page-param.hook';
import { formatCalendarDate } from '../../../lib/calendar-date';
import { formatMoment } from '../../../lib/moment-format';

// On a phone the order, its patient, its units and its status stay in view.
const COLUMNS = [
  { label: 'Order' },
  { label: 'Patient' },
  { label: 'E-mail', wide: true },
  { label: 'Units', align: 'right' },
  { label: 'Status' },
] as const;

const BACK_LINK_CLASSES = 'text-sm font-medium text-brand-800 hover:underline';

/**
 * /admin/recalls/:batchId: a recalled lot, why, and every order that drew from it, newest first,
 * those whose units were replaced since among them; an admin mails the patients from here.
 */
export default function RecallPage() {
  const { batchId = '' } = useParams();
  const { user } = useSession();
  const isAdmin = user?.role === ROLE.admin;
  const [page, setPage] = usePageParam();
  // A lot may have reached thousands of orders: the server sends them a page at a time.
  const { data, isLoading, isFetching, error } = useGetRecallQuery({ batchId, page }, STAFF_SCREEN_READ);
  const total = data?.total ?? 0;
  const pageCount = usePageCount(data?.total, REPORT_PAGE_SIZE, isFetching);
  const title = data ? `Recall of lot ${data.batch.lot}` : 'Recall';
  const returnState = useReturnLinkState(title);

  return (
    <section>
      {/* The medicine's page is an admin's: a pharmacist goes back to the stock reports, theirs too. */}
      {!isAdmin ? (
        <Link to={PATHS.adminReports} className={BACK_LINK_CLASSES}>
          ← Stock reports
        </Link>
      ) : data ? (
        <Link to={adminMedicineUpdatePath(data.medicine._id)} className={BACK_LINK_CLASSES}>
          ← {data.medicine.name}
        </Link>
      ) : null}
      <AdminPageHeader title={title} />
      {isLoading ? (
        <Spinner label="Loading recall…" />
      ) : error || !data ? (
        <LoadError error={error} />
      ) : (
        <div className="flex flex-col gap-6">
          <div className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-[1fr_auto]">
            <DetailList
              rows={[
                ['Medicine', data.medicine.name],
                ['Lot', data.batch.lot],
                ['Expires', formatCalendarDate(data.batch.expiresOn)],
                ['Recalled', data.batch.recalledAt ? formatMoment(data.batch.recalledAt) : '—'],
                ['Reason', data.reason ?? '—'],
              ]}
            />
            {!data.batch.recalledAt ? (
              <p role="alert" className="text-sm font-medium text-amber-800">
                {NOT_RECALLED_MESSAGE}
              </p>
            ) : isAdmin && total > 0 ? (
              <RecallNotify batchId={batchId} />
            ) : null}
          </div>
          <div className="flex flex-col gap-3">
            <h2 className="text-lg font-semibold text-ink">{countLabel(total, 'order')} drew from this lot</h2>
            {total === 0 ? (
              <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-muted">
                No order drew from this lot: nobody needs to be told.
              </p>
            ) : (
              <>
                <DataTable caption={`Orders that drew from lot ${data.batch.lot}`} columns={COLUMNS}>
                  {data.orders.map((order) => (
                    <tr key={order._id}>
                      <th scope="row" className={`${cellClasses()} font-normal`}>
                        <Link
                          to={adminOrderPath(order._id)}
                          state={returnState}
                          className="font-mono font-medium text-brand-800 underline"
                        >
                          {order.number}
                        </Link>
                      </th>
                      <td className={cellClasses()}>
                        {order.patient ? (
                          <WrappingText>{order.patient.name}</WrappingText>
                        ) : (
                          <span className="italic text-muted">Deleted</span>
                        )}
                      </td>
                      <td className={cellClasses('left', true)}>
                        <WrappingText>{order.patient?.email}</WrappingText>
                      </td>
                      <td className={cellClasses('right')}>{order.units}</td>
                      <td className={cellClasses()}>
                        <span className="flex flex-col items-start gap-1">
                          <OrderStatusBadge status={order.status} />
                          {/* Not dispatched yet: the recall holds it for the pharmacist, until its units are replaced. */}
                          {order.flagged ? <span className="text-xs font-semibold text-red-700">On hold</span> : null}
                          {order.replacedBy ? (
                            // Its own lines on a phone, so that the lots stay in view beside the other columns.
                            <span className="whitespace-normal text-xs font-semibold text-green-800">
                              Replaced from {lotsLabel(order.replacedBy)}
                            </span>
                          ) : null}
                        </span>
                      </td>
                    </tr>
                  ))}
                </DataTable>
                <PageNavigation label="Order pages" page={page} pageCount={pageCount} onPageChange={setPage} />
              </>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
