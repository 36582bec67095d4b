import { STAFF_SCREEN_READ } from '../../lib/api';
import { adminMedicineUpdatePath, EXPIRY_WINDOWS, OVERVIEW_LIST_LIMIT, PATHS } from '@apotheca/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cellClasses, DataTable } from '../../components/ui/data-table';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { formatCalendarDate } from '../../lib/calendar-date';
import { countLabel } from '../../lib/count-label';
import { batchCount, EmptyReport, MedicineLink, ReportSection } from './report-section';
import { useExpiryReportQuery, useLowStockReportQuery } from './reports.api';

/** The overview's window: the stock reports' shortest. */
const EXPIRY_DAYS = EXPIRY_WINDOWS[0];

/** A warning's heading and first rows, or what it says when it has none, or its loading or failure. */
function WarningList({
  title,
  error,
  rows,
  empty,
  children,
}: {
  title: string;
  error: unknown;
  /** How many rows it lists; undefined until its report has loaded. */
  rows: number | undefined;
  empty: string;
  children: ReactNode;
}) {
  const list = error ? (
    <LoadError error={error} />
  ) : rows === undefined ? (
    <Spinner label="Loading the stock reports…" />
  ) : rows === 0 ? (
    <EmptyReport>{empty}</EmptyReport>
  ) : (
    children
  );
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <h3 className="font-semibold text-ink">{title}</h3>
      {list}
    </div>
  );
}

/**
 * The stock warnings of the admin overview: the first rows of the stock reports (near expiry,
 * expired and not written off, below the reorder level), read through the reports' own calls, with
 * how many there are in all and a link to the full reports.
 */
export function StockWarnings() {
  const expiry = useExpiryReportQuery(
    {
      days: EXPIRY_DAYS,
      expiringPage: 1,
      expiredPage: 1,
      limit: OVERVIEW_LIST_LIMIT,
    },
    STAFF_SCREEN_READ,
  );
  const lowStock = useLowStockReportQuery({ page: 1, limit: OVERVIEW_LIST_LIMIT }, STAFF_SCREEN_READ);
  const expiring = expiry.data;
  const low = lowStock.data;
  return (
    <ReportSection
      title="Stock warnings"
      count={
        expiring && low
          ? `${batchCount(expiring.expiringTotal)} expiring within ${EXPIRY_DAYS} days, ${batchCount(expiring.expiredTotal)} expired, ${countLabel(low.total, 'medicine')} below the reorder level`
          : undefined
      }
      controls={
        <Link to={PATHS.adminReports} className="text-sm font-semibold text-brand-800 underline">
          All stock reports
        </Link>
      }
    >
      <div className="grid gap-4 lg:grid-cols-2">
        <WarningList
          title="Near expiry"
          error={expiry.error}
          rows={expiring && expiring.expiring.length + expiring.expired.length}
          empty={`Nothing expires within ${EXPIRY_DAYS} days, and no expired stock waits.`}
        >
          <DataTable
            caption={`Batches expired or expiring within ${EXPIRY_DAYS} days, first expiry first`}
            columns={[{ label: 'Medicine' }, { label: 'Lot', wide: true }, { label: 'Expiry' }, { label: 'State' }]}
          >
            {[
              ...(expiring?.expired ?? []).map((batch) => ({ batch, state: 'Expired' })),
              ...(expiring?.expiring ?? []).map((batch) => ({ batch, state: 'Expiring' })),
            ].map(({ batch, state }) => (
              <tr key={batch._id}>
                <th scope="row" className={`${cellClasses()} font-medium`}>
                  <MedicineLink id={batch.medicine._id} name={batch.medicine.name} href={adminMedicineUpdatePath} />
                </th>
                <td className={`${cellClasses('left', true)} font-mono`}>{batch.lot}</td>
                <td className={cellClasses()}>{formatCalendarDate(batch.expiresOn)}</td>
                <td className={cellClasses()}>{state}</td>
              </tr>
            ))}
          </DataTable>
        </WarningList>
        <WarningList
          title="Low stock"
          error={lowStock.error}
          rows={low?.medicines.length}
          empty="No medicine is below its reorder level."
        >
          <DataTable
            caption="Medicines below their reorder level, least stocked first"
            columns={[
              { label: 'Medicine' },
              { label: 'Stock', align: 'right' },
              { label: 'Reorder level', align: 'right' },
            ]}
          >
            {low?.medicines.map((medicine) => (
              <tr key={medicine._id}>
                <th scope="row" className={`${cellClasses()} font-medium`}>
                  <MedicineLink id={medicine._id} name={medicine.name} href={adminMedicineUpdatePath} />
                </th>
                <td className={cellClasses('right')}>{medicine.stock}</td>
                <td className={cellClasses('right')}>{medicine.reorderLevel}</td>
              </tr>
            ))}
          </DataTable>
        </WarningList>
      </div>
    </ReportSection>
  );
}
