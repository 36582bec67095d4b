import { adminPrescriptionPath, PRESCRIPTION_REVIEW } from '@apotheca/contract';
import { Link } from 'react-router';
import { cellClasses, DataTable } from '../../../components/ui/data-table';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useListOrdersQuery } from '../../../features/orders/order-admin.api';
import { AdminPageHeader } from './admin-page-header';

const COLUMNS = [
  { label: 'Patient' },
  { label: 'Prescription items' },
  { label: 'Waiting' },
  { label: 'Review' },
] as const;

/** "3 h 20 min", "2 days 4 h": how long the patient has waited. */
export function waitingTime(since: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days} day${days === 1 ? '' : 's'} ${hours} h`;
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** /admin/prescriptions: the pharmacist's queue, the longest waiting first. */
export default function PrescriptionQueuePage() {
  const { data, isLoading, error } = useListOrdersQuery();
  const waiting = (data?.orders ?? [])
    .filter((order) => order.prescription?.review === PRESCRIPTION_REVIEW.pending)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return (
    <section>
      <AdminPageHeader title="Prescriptions" subtitle={data ? `${waiting.length} waiting for review` : undefined} />
      {isLoading ? (
        <Spinner label="Loading the queue…" />
      ) : error || !data ? (
        <LoadError error={error} />
      ) : waiting.length === 0 ? (
        <p className="rounded-lg bg-brand-50 p-4 text-brand-900">No prescription is waiting for review.</p>
      ) : (
        <DataTable caption="Prescriptions waiting for review" columns={COLUMNS} stickyLastColumn>
          {waiting.map((order) => {
            const patient = order.userId ? `${order.userId.first_name} ${order.userId.last_name}` : 'Deleted';
            return (
              <tr key={order._id}>
                <th scope="row" className={`${cellClasses()} font-medium text-ink`}>
                  {patient}
                </th>
                <td className={cellClasses()}>
                  {order.items
                    .filter((item) => item.prescriptionRequired)
                    .map((item) => `${item.name} × ${item.quantity}`)
                    .join(', ')}
                </td>
                <td className={cellClasses()}>{waitingTime(order.createdAt)}</td>
                <td className={cellClasses()}>
                  <Link
                    to={adminPrescriptionPath(order._id)}
                    aria-label={`Review the prescription of ${patient}`}
                    className="font-semibold text-brand-800 underline"
                  >
                    Review
                  </Link>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </section>
  );
}
