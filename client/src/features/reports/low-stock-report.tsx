import { STAFF_SCREEN_READ } from '../../lib/api';
import { REPORT_PAGE_SIZE } from '@apotheca/contract';
import { useEffect } from 'react';
import { stackedCell } from '../../components/ui/data-table';
import { LoadError } from '../../components/ui/load-error';
import { Spinner } from '../../components/ui/spinner';
import { ReorderLevelForm } from './reorder-level-form';
import { useLowStockReportQuery } from './reports.api';
import { useNumberParam } from '../../lib/number-param.hook';
import { countLabel } from '../../lib/count-label';
import { EmptyReport, MedicineLink, PagedReportTable, reportPageCount, ReportSection } from './report-section';

const COLUMNS = [{ label: 'Medicine' }, { label: 'Stock', align: 'right' }, { label: 'Reorder level' }] as const;

/**
 * Medicines whose sellable stock is below their own reorder level, least stocked first, a page at a
 * time; an admin edits a level in its row (a medicine raised to its stock or above leaves the list).
 * An admin's list, its level a field and a Save, is cards on a phone (DataTable's `stackOnPhone`): beside
 * a long medicine's name the Save ran past the screen's edge. A pharmacist's list of figures fits as a table.
 */
export function LowStockReport({ canEdit, medicineHref }: { canEdit: boolean; medicineHref: (id: string) => string }) {
  const [page, setPage] = useNumberParam<number>('lowStockPage', 1);
  const { data, isFetching, error } = useLowStockReportQuery({ page, limit: REPORT_PAGE_SIZE }, STAFF_SCREEN_READ);
  // A changed level can empty the last page: show the page before it.
  const lastPage = data && reportPageCount(data.total);
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) setPage(lastPage, { replace: true });
  });
  return (
    <ReportSection title="Low stock" count={data && `${countLabel(data.total, 'medicine')} below the reorder level`}>
      {!data ? (
        error ? (
          <LoadError error={error} />
        ) : (
          <Spinner label="Loading the low-stock report…" />
        )
      ) : data.medicines.length === 0 ? (
        <EmptyReport>No medicine is below its reorder level.</EmptyReport>
      ) : (
        <PagedReportTable
          caption="Medicines below their reorder level"
          columns={COLUMNS}
          stackOnPhone={canEdit}
          fetching={isFetching}
          pages={{ label: 'Low stock pages', page, total: data.total, onPageChange: (next) => setPage(next) }}
        >
          {data.medicines.map((medicine) => (
            <tr key={medicine._id}>
              <th scope="row" {...stackedCell(COLUMNS[0], 'font-medium')}>
                <MedicineLink id={medicine._id} name={medicine.name} href={medicineHref} />
              </th>
              <td {...stackedCell(COLUMNS[1])}>{medicine.stock}</td>
              <td {...stackedCell(COLUMNS[2])}>
                {canEdit ? <ReorderLevelForm medicine={medicine} /> : medicine.reorderLevel}
              </td>
            </tr>
          ))}
        </PagedReportTable>
      )}
    </ReportSection>
  );
}
