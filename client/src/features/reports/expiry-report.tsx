import { STAFF_SCREEN_READ } from '../../lib/api';
import { EXPIRY_WINDOWS, REPORT_PAGE_SIZE, type ExpiryWindow, type ReportBatch } from '@apotheca/contract';
import { useEffect, type ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { stackedCell, type DataTableColumn } from '../../components/ui/data-table';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { useNumberParam } from '../../lib/number-param.hook';
import { useExpiryReportQuery } from './reports.api';
import {
  batchCount,
  EmptyReport,
  MedicineLink,
  PagedReportTable,
  reportPageCount,
  ReportSection,
} from './report-section';
import { formatCalendarDate } from '../../lib/calendar-date';

type Props = {
  /** Asks to write an expired batch off; given to an admin only, a pharmacist reads the report. */
  onWriteOff?: (batch: ReportBatch) => void;
  medicineHref: (id: string) => string;
};

/** A batch row's columns: its medicine, lot, expiry and units. */
type BatchColumns = readonly [DataTableColumn, DataTableColumn, DataTableColumn, DataTableColumn];

// On a phone the medicine and the date stay in view.
const EXPIRING_COLUMNS: BatchColumns = [
  { label: 'Medicine' },
  { label: 'Lot', wide: true },
  { label: 'Expires on' },
  { label: 'Units', align: 'right' },
];
/**
 * The expired list's columns. A pharmacist's fits a phone by leaving out the lot and its units; an
 * admin's has a Write off that would run past the screen's edge beside them, so it is cards there
 * (DataTable's `stackOnPhone`), with a line for every column: the lot and its units, what is written
 * off, are then shown too.
 */
const expiredColumns = (cards: boolean): BatchColumns => [
  { label: 'Medicine' },
  { label: 'Lot', wide: !cards },
  { label: 'Expired on' },
  { label: 'Units', align: 'right', wide: !cards },
];
const ACTION_COLUMN: DataTableColumn = { label: 'Action' };

/** One batch's row: its medicine linked to its page, lot, expiry and units, in its table's `columns`. */
function BatchRow({
  batch,
  medicineHref,
  columns,
  children,
}: {
  batch: ReportBatch;
  medicineHref: Props['medicineHref'];
  columns: BatchColumns;
  /** The row's further cells, such as its action. */
  children?: ReactNode;
}) {
  const [medicine, lot, expiry, units] = columns;
  return (
    <tr>
      <th scope="row" {...stackedCell(medicine, 'font-medium')}>
        <MedicineLink id={batch.medicine._id} name={batch.medicine.name} href={medicineHref} />
      </th>
      <td {...stackedCell(lot, 'font-mono')}>{batch.lot}</td>
      <td {...stackedCell(expiry)}>{formatCalendarDate(batch.expiresOn)}</td>
      <td {...stackedCell(units)}>{batch.quantity}</td>
      {children}
    </tr>
  );
}

/** The window the expiring list looks ahead: 30, 60 or 90 days. */
function WindowChoice({ days, onChange }: { days: ExpiryWindow; onChange: (days: ExpiryWindow) => void }) {
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">Expiring within</legend>
      {EXPIRY_WINDOWS.map((option) => (
        <label
          key={option}
          className="cursor-pointer rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-ink has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-brand-600 has-focus-visible:ring-offset-2"
        >
          <input
            type="radio"
            name="expiry-window"
            value={option}
            checked={days === option}
            onChange={() => onChange(option)}
            className="sr-only"
          />
          {option} days
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The expiry report: sellable batches expiring within the chosen window, and expired batches not yet
 * written off, each list a page at a time; an admin writes an expired batch off from its row.
 */
export function ExpiryReport({ onWriteOff, medicineHref }: Props) {
  const canWriteOff = onWriteOff !== undefined;
  const expired = expiredColumns(canWriteOff);
  const [days, setDays] = useNumberParam<ExpiryWindow>('days', EXPIRY_WINDOWS[0], EXPIRY_WINDOWS);
  const [expiringPage, setExpiringPage] = useNumberParam<number>('expiringPage', 1);
  const [expiredPage, setExpiredPage] = useNumberParam<number>('expiredPage', 1);
  const { data, isFetching, error } = useExpiryReportQuery(
    {
      days,
      expiringPage,
      expiredPage,
      limit: REPORT_PAGE_SIZE,
    },
    STAFF_SCREEN_READ,
  );
  // A write-off can empty the last page of expired stock, and a write-off, a recall or a sale the last
  // page of the window: show the page before it. One list at a time, as each is a change of the address.
  const lastExpiringPage = data && reportPageCount(data.expiringTotal);
  const lastExpiredPage = data && reportPageCount(data.expiredTotal);
  useEffect(() => {
    if (lastExpiringPage !== undefined && expiringPage > lastExpiringPage)
      setExpiringPage(lastExpiringPage, { replace: true });
    else if (lastExpiredPage !== undefined && expiredPage > lastExpiredPage)
      setExpiredPage(lastExpiredPage, { replace: true });
  });
  const notLoaded = error ? <LoadError error={error} /> : <Spinner label="Loading the expiry report…" />;

  return (
    <>
      <ReportSection
        title={`Expiring within ${days} days`}
        count={data && batchCount(data.expiringTotal)}
        controls={<WindowChoice days={days} onChange={(next) => setDays(next, { clear: ['expiringPage'] })} />}
      >
        {!data ? (
          notLoaded
        ) : data.expiring.length === 0 ? (
          <EmptyReport>Nothing in stock expires within {days} days.</EmptyReport>
        ) : (
          <PagedReportTable
            caption={`Batches expiring within ${days} days`}
            columns={EXPIRING_COLUMNS}
            fetching={isFetching}
            pages={{
              label: 'Expiring batches pages',
              page: expiringPage,
              total: data.expiringTotal,
              onPageChange: setExpiringPage,
            }}
          >
            {data.expiring.map((batch) => (
              <BatchRow key={batch._id} batch={batch} medicineHref={medicineHref} columns={EXPIRING_COLUMNS} />
            ))}
          </PagedReportTable>
        )}
      </ReportSection>
      {/* One answer holds both lists: its loading or its failure is shown once, in the section above. */}
      {data ? (
        <ReportSection title="Expired stock" count={batchCount(data.expiredTotal)}>
          {data.expired.length === 0 ? (
            <EmptyReport>No expired stock waits to be written off.</EmptyReport>
          ) : (
            <PagedReportTable
              caption="Expired batches not yet written off"
              columns={canWriteOff ? [...expired, ACTION_COLUMN] : expired}
              stickyLastColumn={canWriteOff}
              stackOnPhone={canWriteOff}
              fetching={isFetching}
              pages={{
                label: 'Expired batches pages',
                page: expiredPage,
                total: data.expiredTotal,
                onPageChange: (page) => setExpiredPage(page),
              }}
            >
              {data.expired.map((batch) => (
                <BatchRow key={batch._id} batch={batch} medicineHref={medicineHref} columns={expired}>
                  {canWriteOff ? (
                    <td {...stackedCell(ACTION_COLUMN)}>
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Write off lot ${batch.lot} of ${batch.medicine.name}`}
                        onClick={() => onWriteOff?.(batch)}
                      >
                        Write off
                      </Button>
                    </td>
                  ) : null}
                </BatchRow>
              ))}
            </PagedReportTable>
          )}
        </ReportSection>
      ) : null}
    </>
  );
}
