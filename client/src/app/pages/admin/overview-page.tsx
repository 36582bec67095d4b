import { STAFF_SCREEN_READ } from '../../../lib/api';
import { adminPrescriptionPath, ORDER_SORT, PATHS, PRESCRIPTION_REVIEW, SALES_REPORT_DAYS } from '@apotheca/contract';
import { Link } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useListOrdersQuery } from '../../../features/orders/order-admin.api';
import { ReportSection } from '../../../features/reports/report-section';
import { SalesOverview } from '../../../features/reports/sales-overview';
import { StockWarnings } from '../../../features/reports/stock-warnings';
import { waitingTime } from '../../../lib/waiting-time';
import { AdminPageHeader } from './admin-page-header';

/** How many prescriptions wait for a pharmacist, and how long the first of the queue has waited. */
function WaitingPrescriptions() {
  // The queue's own call, its first order only: its total is the count, its first order the oldest.
  const { data, error } = useListOrdersQuery(
    {
      review: PRESCRIPTION_REVIEW.pending,
      sort: ORDER_SORT.oldest,
      limit: 1,
    },
    STAFF_SCREEN_READ,
  );
  const oldest = data?.orders[0];
  return (
    <ReportSection
      title="Prescriptions awaiting review"
      controls={
        <Link to={PATHS.adminPrescriptions} className="text-sm font-semibold text-brand-800 underline">
          The queue
        </Link>
      }
    >
      {!data ? (
        error ? (
          <LoadError error={error} />
        ) : (
          <Spinner label="Loading the queue…" />
        )
      ) : (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-ink">
          <span className="text-2xl font-bold">{data.total}</span>{' '}
          {data.total === 1 ? 'prescription waits' : 'prescriptions wait'} for review.
          {oldest ? (
            <>
              {' '}
              The oldest,{' '}
              <Link to={adminPrescriptionPath(oldest._id)} className="font-semibold text-brand-800 underline">
                order {oldest.number}
              </Link>
              , has waited {waitingTime(oldest.createdAt)}.
            </>
          ) : null}
        </p>
      )}
    </ReportSection>
  );
}

/**
 * /admin/overview, an admin's: the last SALES_REPORT_DAYS days of sales as charts (each with its figures as text
 * and a table), the prescriptions waiting for review and the stock warnings.
 */
export default function OverviewPage() {
  return (
    <>
      {/* Outside the sections' column: the header's own margin is its gap, as on every admin screen. */}
      <AdminPageHeader
        title="Overview"
        subtitle={`Sales of the last ${SALES_REPORT_DAYS} days (UTC), the review queue and stock warnings.`}
      />
      <div className="flex flex-col gap-8">
        <SalesOverview />
        <WaitingPrescriptions />
        <StockWarnings />
      </div>
    </>
  );
}
