import { STAFF_SCREEN_READ } from '../../../lib/api';
import { formatPrice, PATHS, adminMedicineUpdatePath } from '@apotheca/contract';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { buttonClasses, Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, stackedCell } from '../../../components/ui/data-table';
import { PageNavigation } from '../../../components/ui/page-navigation';
import { Spinner } from '../../../components/ui/spinner';
import { UploadedImage } from '../../../components/ui/uploaded-image';
import { useDeleteMedicineMutation } from '../../../features/medicines/medicine-admin.api';
import { useListMedicinesQuery } from '../../../features/medicines/medicines.api';
import { errorMessage } from '../../../lib/error-message';
import { AdminPageHeader } from './admin-page-header';
import { DuplicateMedicinesNotice } from './duplicate-medicines-notice';
import { useDeleteConfirmation } from './delete-confirmation.hook';
import { LoadError } from '../../../components/ui/load-error';
import { ListSearchForm } from './list-search-form';
import { useListParam, usePageCount, usePageParam } from './page-param.hook';
import { countLabel } from '../../../lib/count-label';

/** Rows a page: enough to work through the catalogue without scrolling far on a laptop. */
const DASHBOARD_PAGE_SIZE = 10;

const COLUMNS = [
  { label: 'Image' },
  { label: 'Name' },
  { label: 'Developed By' },
  { label: 'Category' },
  { label: 'Max Expiry', align: 'right' },
  { label: 'Stock', align: 'right' },
  { label: 'Price', align: 'right' },
  { label: 'Actions', align: 'right' },
] as const;

/**
 * /admin: the catalogue as a table, a page at a time, searched with the shop's own search (typos
 * and all); the page and the search are kept in the URL. Above it, the notice of medicines stored
 * twice, when there are any.
 */
export default function DashboardPage() {
  const [page, setPage] = usePageParam();
  const [q, setQ] = useListParam('q');
  const { data, isLoading, isFetching, error } = useListMedicinesQuery(
    {
      limit: DASHBOARD_PAGE_SIZE,
      page,
      ...(q ? { q } : {}),
    },
    STAFF_SCREEN_READ,
  );
  const [deleteMedicine, { isLoading: deleting }] = useDeleteMedicineMutation();
  const pageCount = usePageCount(data?.total, DASHBOARD_PAGE_SIZE, isFetching);

  const { toDelete, heading, ask, cancel, confirm } = useDeleteConfirmation(data?.medicines, async (medicine) => {
    try {
      await deleteMedicine(medicine._id).unwrap();
      toast.success('Item Deleted Successfully');
      return true;
    } catch (failure) {
      toast.error('Error deleting item', { description: errorMessage(failure) });
      return false;
    }
  });

  return (
    <section>
      <AdminPageHeader
        title="Dashboard"
        headingRef={heading}
        subtitle={
          data
            ? q
              ? countLabel(data.total, 'matching medicine')
              : countLabel(data.total, 'medicine in the catalogue', 'medicines in the catalogue')
            : 'The medicine catalogue'
        }
      >
        <Link to={PATHS.adminAddMedicine} className={buttonClasses('primary', 'sm')}>
          Add Medicine
        </Link>
      </AdminPageHeader>
      <DuplicateMedicinesNotice />
      <ListSearchForm label="Search medicines" placeholder="Name, ingredient or maker" value={q} onSearch={setQ} />
      {isLoading ? (
        <Spinner label="Loading medicines…" />
      ) : error || !data ? (
        <LoadError error={error} />
      ) : data.medicines.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-muted">No medicines found</p>
      ) : (
        <div className={`flex flex-col gap-4 ${isFetching ? 'opacity-70' : ''}`} aria-busy={isFetching}>
          <DataTable caption="Medicines" columns={COLUMNS} stickyLastColumn stackOnPhone>
            {data.medicines.map((medicine) => (
              <tr key={medicine._id}>
                <td {...stackedCell(COLUMNS[0])}>
                  <UploadedImage
                    imageUrl={medicine.imageUrl}
                    alt=""
                    sizes="48px"
                    loading="lazy"
                    className="h-9 w-12 rounded object-cover"
                  />
                </td>
                <th scope="row" {...stackedCell(COLUMNS[1], 'font-semibold text-ink')}>
                  {medicine.name}
                </th>
                <td {...stackedCell(COLUMNS[2])}>{medicine.developedBy}</td>
                <td {...stackedCell(COLUMNS[3])}>{medicine.category}</td>
                <td {...stackedCell(COLUMNS[4])}>{medicine.maxMonthsExpiry} mo</td>
                <td {...stackedCell(COLUMNS[5], medicine.stock === 0 ? 'font-semibold text-red-700' : '')}>
                  {medicine.stock === 0 ? 'Out of stock' : medicine.stock}
                </td>
                <td {...stackedCell(COLUMNS[6])}>{formatPrice(medicine.price)}</td>
                <td {...stackedCell(COLUMNS[7])}>
                  <div className="flex justify-end gap-2">
                    <Link
                      to={adminMedicineUpdatePath(medicine._id)}
                      aria-label={`Update ${medicine.name}`}
                      className={buttonClasses('secondary', 'sm')}
                    >
                      Update
                    </Link>
                    <Button
                      variant="danger"
                      size="sm"
                      aria-label={`Delete ${medicine.name}`}
                      onClick={() => ask(medicine)}
                    >
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </DataTable>
          <PageNavigation label="Medicine pages" page={page} pageCount={pageCount} onPageChange={setPage} />
        </div>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete medicine?"
        // A cart line of a deleted medicine goes with it, and the patient is told nothing: the admin is, here.
        description={`${toDelete?.name ?? ''} will be removed from the catalogue. Orders keep their copy of it. It is also taken out of every patient’s cart.`}
        confirmLabel="Delete"
        busy={deleting}
        onConfirm={confirm}
        onCancel={cancel}
      />
    </section>
  );
}
