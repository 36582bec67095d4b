import { adminMedicineUpdatePath, duplicateMedicinesNotice, type DuplicateMedicine } from '@apotheca/contract';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useMedicineDuplicatesQuery } from '../../../features/medicines/medicine-admin.api';

/** A medicine as the admin typed it: its parts that are stated. */
const asTyped = (medicine: DuplicateMedicine) =>
  [medicine.name, medicine.developedBy, medicine.strength, medicine.packSize].filter(Boolean).join(', ');

/**
 * The admin's notice of medicines stored as one medicine before a second one was refused
 * (docs/decisions/0138): nothing while there are none, and nothing while the report loads or fails,
 * as the list below it is what the page is for. Opened, it lists each group with a link to each
 * medicine's edit page, where the admin changes one into the product it is, or deletes it. An admin
 * page's part, not the medicines feature's: that folder's parts start every storefront page.
 */
export function DuplicateMedicinesNotice() {
  const { data } = useMedicineDuplicatesQuery();
  if (!data || data.medicineCount === 0) return null;
  return (
    <details className="group mb-4 rounded-lg border border-amber-300 bg-amber-50 text-sm text-amber-950">
      <summary className="cursor-pointer px-4 py-3">
        <span className="font-semibold">{duplicateMedicinesNotice(data.medicineCount)}</span>{' '}
        <span className="underline group-open:hidden">Show them</span>
      </summary>
      <div className="flex flex-col gap-3 px-4 pb-4">
        <p>
          Each group is one medicine stored more than once. Edit each extra one into the product it is, or delete it
          from the list below.
        </p>
        <ul className="flex flex-col gap-3">
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
        {data.groupCount > data.groups.length && (
          <p>
            The first {data.groups.length} of {data.groupCount} groups are listed; the rest show once these are cleaned
            up.
          </p>
        )}
      </div>
    </details>
  );
}
