import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/text-area-field';
import {
  useGetOrderQuery,
  useListOrdersQuery,
  useReviewPrescriptionMutation,
} from '../../../features/orders/order-admin.api';
import { OrderStatusBadge } from '../../../features/orders/order-status-badge';
import { PrescriptionFile } from '../../../features/prescriptions/prescription-file';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { PATHS, REJECTION_NOTE_REQUIRED_MESSAGE } from '@apotheca/contract';
import { AdminPageHeader } from './admin-page-header';

/**
 * /admin/prescriptions/:id (an order id): the prescription beside the order's prescription-only
 * items, the patient and their past orders; Approve, or Reject with a note the patient reads.
 */
export default function PrescriptionReviewPage() {
  const { id = '' } = useParams();
  const { data, isLoading, error } = useGetOrderQuery(id);
  const { data: all } = useListOrdersQuery();
  const [review, { isLoading: saving }] = useReviewPrescriptionMutation();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const navigate = useNavigate();
  const order = data?.order;

  const decide = async (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && note.trim() === '') {
      setNoteError(REJECTION_NOTE_REQUIRED_MESSAGE);
      return;
    }
    try {
      await review({ id, decision, note }).unwrap();
      toast.success(decision === 'approve' ? 'Prescription approved' : 'Prescription rejected, order canceled');
      await navigate(PATHS.adminPrescriptions);
    } catch (err) {
      toast.error('Review not saved', { description: errorMessage(err) });
    }
  };

  const patient = order?.userId;
  const pastOrders = (all?.orders ?? []).filter(
    (other) => patient && other.userId?._id === patient._id && other._id !== order?._id,
  );

  return (
    <section>
      <Link to={PATHS.adminPrescriptions} className="text-sm font-medium text-brand-800 hover:underline">
        ← All prescriptions
      </Link>
      <AdminPageHeader title="Prescription review" />
      {isLoading ? (
        <Spinner label="Loading the order…" />
      ) : error || !order ? (
        <LoadError error={error} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
          <div>
            {order.prescription?._id ? (
              <PrescriptionFile id={order.prescription._id} />
            ) : (
              <p>The prescription is no longer stored.</p>
            )}
          </div>
          <div className="flex flex-col gap-4">
            <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="text-base font-semibold text-ink">
                Patient: {patient ? `${patient.first_name} ${patient.last_name}` : 'Deleted'}
              </h2>
              <h3 className="mt-3 text-sm font-semibold text-muted">Prescription items</h3>
              <ul aria-label="Prescription items" className="mt-1 text-sm">
                {order.items
                  .filter((item) => item.prescriptionRequired)
                  .map((item) => (
                    <li key={item._id}>
                      {item.name} × {item.quantity}
                    </li>
                  ))}
              </ul>
              <h3 className="mt-3 text-sm font-semibold text-muted">Past orders</h3>
              {pastOrders.length === 0 ? (
                <p className="text-sm">None</p>
              ) : (
                <ul aria-label="Past orders" className="mt-1 flex flex-col gap-1 text-sm">
                  {pastOrders.map((past) => (
                    <li key={past._id} className="flex items-center justify-between gap-2">
                      <span>
                        {new Date(past.createdAt).toLocaleDateString()}: {past.items.map((i) => i.name).join(', ')}
                      </span>
                      <OrderStatusBadge status={past.status} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
            {order.prescription?.review === 'pending' ? (
              <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <TextAreaField
                  label="Note to the patient"
                  value={note}
                  error={noteError}
                  onChange={(event) => {
                    setNote(event.target.value);
                    setNoteError(undefined);
                  }}
                />
                <div className="mt-3 flex gap-3">
                  <Button disabled={saving} onClick={() => void decide('approve')}>
                    Approve
                  </Button>
                  <Button variant="danger" disabled={saving} onClick={() => void decide('reject')}>
                    Reject
                  </Button>
                </div>
              </div>
            ) : (
              <p className="rounded-lg bg-slate-50 p-4 text-sm">
                {order.prescription?.review === 'approved' ? 'Approved' : 'Rejected'}
                {order.prescription?.note ? `: ${order.prescription.note}` : ''}
              </p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
