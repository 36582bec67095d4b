import { STAFF_SCREEN_READ } from '../../../lib/api';
import {
  adminMedicineUpdatePath,
  DUPLICATE_GROUPS_PAGE_SIZE,
  duplicateMedicinesNotice,
  type DuplicateMedicine,
} from '@apotheca/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PageNavigation } from '../../../components/ui/page-navigation';
import { useMedicineDuplicatesQuery } from '../../../features/medicines/medicine-admin.api';
import { useNumberParam } from '../../../lib/number-param.hook';
import { usePageCount } from './page-param.hook';

/** The report's page in the address, beside the medicine list's own `page`. */
const PAGE_PARAM = 'duplicatesPage';

/** A medicine as the admin typed it: its parts that are stated. */
const asTyped = (medicine: DuplicateMedicine) =>
  [medicine.name, medicine.developedBy, medicine.strength, medicine.packSize].filter(Boolean).join(', ');

/**
 * The admin's notice of medicines stored as one medicine before a second one was refused
 * (docs/decisions/0138): nothing while there are none, and nothing while the report loads or fails,
 * as the list below it is what the page is for. Opened, it lists a page of groups (the server pages
 * them, 0141) with a link to each medicine's edit page, where the admin changes one into the product
 * it is, or deletes it. An admin page's part, not the medicines feature's: that folder's parts start
 * every storefront page.
 */
export function DuplicateMedicinesNotice() {
  const [page, setPage] = useNumberParam<number>(PAGE_PARAM, 1);
  const { data, isFetching } = useMedicineDuplicatesQuery(
    { page, limit: DUPLICATE_GROUPS_PAGE_SIZE },
    STAFF_SCREEN_READ,
  );
  // Opened at first when the address names a later page (a reload, Back from an edit page): the admin was reading it.
  const [openAtFirst] = useState(page > 1);
  // Groups cleaned up can empty the last page: the page before it is shown.
  const pageCount = usePageCount(data?.total, DUPLICATE_GROUPS_PAGE_SIZE, isFetching, PAGE_PARAM);
  if (!data || data.medicineCount === 0) return null;
  return (
    <details
      open={openAtFirst || undefined}
      className="group mb-4 rounded-lg border border-amber-300 bg-amber-50 text-sm text-amber-950"
    >
      <summary className="cursor-pointer px-4 py-3">
        <span className="font-semibold">{duplicateMedicinesNotice(data.medicineCount)}</span>{' '}
        <span className="underline group-open:hidden">Show them</span>
      </summary>
      <div className="flex flex-col gap-3 px-4 pb-4">
        <p>
          Each group is one medicine stored more than once. Edit each extra one into the product it is, or delete it
          from the list below.
        </p>
        <ul className={`flex flex-col gap-3 ${isFetching ? 'opacity-60' : ''}`}>
          {data.groups.map(({ medicines }) => (
            <li key={medicines[0]!._id} className="rounded-md border border-amber-200 bg-white p-3">
              <ul className="flex flex-col gap-2" aria-label={asTyped(medicines[0]!)}>
                {medicines.map((medicine, index) => (
                  <li key={medicine._id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
                    <span className="min-w-0 break-words text-ink">
                      {asTyped(medicine)} <span className="text-muted">· {medicine.stock} in stock</span>
                    </span>
                    <Link to={adminMedicineUpdatePath(medicine._id)} className={buttonClasses('secondary', 'sm')}>
                      Edit
                      <span className="sr-only">
                        {' '}
                        {medicine.name} ({index + 1} of {medicines.length})
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
        <PageNavigation label="Duplicate pages" page={page} pageCount={pageCount} onPageChange={setPage} />
      </div>
    </details>
  );
}
