import { REPORT_PAGE_SIZE } from '@apotheca/contract';
import { useState } from 'react';
import { cellClasses, DataTable } from '../../components/ui/data-table';
import { LoadError } from '../../components/ui/load-error';
import { PageNavigation } from '../../components/ui/page-navigation';
import { Spinner } from '../../components/ui/spinner';
import { ReorderLevelForm } from './reorder-level-form';
import { useLowStockReportQuery } from './reports.api';
import { EmptyReport, MedicineLink, reportPageCount, ReportSection } from './report-section';

const COLUMNS = [{ label: 'Medicine' }, { label: 'Stock', align: 'right' }, { label: 'Reorder level' }] as const;

/**
 * Medicines whose sellable stock is below their own reorder level, least stocked first, a page at a
 * time; an admin edits a level in its row (a medicine raised to its stock or above leaves the list).
 */
export function LowStockReport({ canEdit, medicineHref }: { canEdit: boolean; medicineHref: (id: string) => string }) {
  const [page, setPage] = useState(1);
  const { data, isFetching, error } = useLowStockReportQuery({ page, limit: REPORT_PAGE_SIZE });
  // A changed level can empty the last page: show the page before it.
  if (data && page > reportPageCount(data.total)) setPage(reportPageCount(data.total));
  return (
    <ReportSection
      title="Low stock"
      count={data && `${data.total} ${data.total === 1 ? 'medicine' : 'medicines'} below the reorder level`}
    >
      {!data ? (
        error ? (
          <LoadError error={error} />
        ) : (
          <Spinner label="Loading the low-stock report…" />
        )
      ) : data.medicines.length === 0 ? (
        <EmptyReport>No medicine is below its reorder level.</EmptyReport>
      ) : (
        <div className={`flex flex-col gap-3 ${isFetching ? 'opacity-60' : ''}`}>
          <DataTable caption="Medicines below their reorder level" columns={COLUMNS}>
            {data.medicines.map((medicine) => (
              <tr key={medicine._id}>
                <th scope="row" className={`${cellClasses()} font-medium`}>
                  <MedicineLink id={medicine._id} name={medicine.name} href={medicineHref} />
                </th>
                <td className={cellClasses('right')}>{medicine.stock}</td>
                <td className={cellClasses()}>
                  {canEdit ? (
                    // Keyed by the stored level: when the report brings another one, the field shows it.
                    <ReorderLevelForm key={medicine.reorderLevel} medicine={medicine} />
                  ) : (
                    medicine.reorderLevel
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
          <PageNavigation
            label="Low stock pages"
            page={page}
            pageCount={reportPageCount(data.total)}
            onPageChange={setPage}
          />
        </div>
      )}
    </ReportSection>
  );
}
