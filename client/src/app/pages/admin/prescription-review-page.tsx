import { STAFF_SCREEN_READ } from '../../../lib/api';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useListOrdersQuery, useReviewPrescriptionMutation } from '../../../features/orders/order-admin.api';
import { OrderStatusBadge } from '../../../features/orders/order-status-badge';
import { ReviewDecision } from '../../../features/orders/review-decision';
import { PrescriptionFile } from '../../../features/prescriptions/prescription-file';
import { errorMessage, fieldErrors, issuesByField } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useSession } from '../../session.hook';
import {
  adminOrderPath,
  ADMIN_ORDERS_PAGE_SIZE,
  awaitsPrescriptionReview,
  latestValidUntil,
  MAX_REPEATS,
  type Order,
  ownOrderRefusal,
  PATHS,
  PRESCRIPTION_DECISION,
  PRESCRIPTION_GONE_MESSAGE,
  PRESCRIPTION_REVIEW,
  type PrescriptionDecision,
  prescriptionReviewSchema,
  shopToday,
} from '@apotheca/contract';
import { AdminOrderFrame } from './admin-order-frame';
import { useListReturn } from './list-return.hook';
import { formatDayOf } from '../../../lib/moment-format';

/**
 * /admin/prescriptions/:id (an order id): the prescription beside the order's prescription-only
 * items, the patient and their other orders; Approve, or Reject with a note the patient reads. A member
 * of staff's own order is reviewed by someone else, so it shows why instead of the decision.
 */
export default function PrescriptionReviewPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const [review, { isLoading: saving }] = useReviewPrescriptionMutation();
  const [note, setNote] = useState('');
  // An approval's terms: until when repeat orders may reuse the prescription, and how many (as typed).
  const [validUntil, setValidUntil] = useState('');
  const [repeats, setRepeats] = useState('0');
  const [errors, setErrors] = useState<Partial<Record<'note' | 'validUntil' | 'repeats', string>>>({});
  const noteField = useRef<HTMLTextAreaElement>(null);
  const validUntilField = useRef<HTMLInputElement>(null);
  const repeatsField = useRef<HTMLInputElement>(null);
  // Set once the server refused a decision: the order, fetched again, may show a decision made meanwhile
  // in place of the form, and that takes the keyboard's focus, which the form's going would drop.
  const [refused, setRefused] = useState(false);
  const navigate = useNavigate();
  const queue = useListReturn(PATHS.adminPrescriptions);

  /**
   * Marks each refused field with its message (the contract's or the server's) and takes the reader to
   * the first, in the form's order, rather than leaving them at the button; true when any was refused.
   */
  const showErrors = (byField: Record<string, string>) => {
    const refused = { note: byField.note, validUntil: byField.validUntil, repeats: byField.repeats };
    setErrors(refused);
    const first = [
      [refused.note, noteField],
      [refused.validUntil, validUntilField],
      [refused.repeats, repeatsField],
    ] as const;
    first.find(([message]) => message)?.[1].current?.focus();
    return Object.values(refused).some(Boolean);
  };

  const decide = async (decision: PrescriptionDecision) => {
    // Checked by the contract's schema, as the server checks it, so a refusal is shown on its field
    // before anything is sent; a rejection sends no terms, since it leaves nothing to reuse.
    const terms =
      decision === PRESCRIPTION_DECISION.approve
        ? { validUntil: validUntil || undefined, repeats: repeats.trim() === '' ? 0 : Number(repeats) }
        : { repeats: 0 };
    const checked = prescriptionReviewSchema.safeParse({ decision, note, ...terms });
    if (!checked.success) {
      showErrors(issuesByField(checked.error.issues));
      return;
    }
    try {
      await review({ id, ...checked.data }).unwrap();
      toast.success(
        decision === PRESCRIPTION_DECISION.approve ? 'Prescription approved' : 'Prescription rejected, order canceled',
      );
      await navigate(queue);
    } catch (err) {
      if (showErrors(fieldErrors(err))) return;
      setRefused(true);
      toast.error('Review not saved', { description: errorMessage(err) });
    }
  };

  return (
    <AdminOrderFrame
      id={id}
      back={{ to: PATHS.adminPrescriptions, label: 'All prescriptions' }}
      title="Prescription review"
      loadingLabel="Loading the order…"
    >
      {(order) => {
        // Reached by its address, an order placed without a prescription has no decision to show or take.
        if (!order.prescription)
          return (
            <p role="note" className="rounded-lg bg-slate-50 p-4 text-sm">
              This order has no prescription: there is nothing to review.{' '}
              <Link to={adminOrderPath(order._id)} className="font-medium text-brand-800 underline">
                Open the order
              </Link>
            </p>
          );
        const patient = order.userId;
        // The server refuses anyone's review of their own prescription order: the page offers no decision it would refuse.
        const refusal = ownOrderRefusal(order, user?._id);
        const pending = order.prescription?.review === PRESCRIPTION_REVIEW.pending;
        // Its file went with its patient: the server takes only a rejection, which cancels the order.
        const gone = order.prescription._id === null;
        return (
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
                <PastOrders order={order} />
              </div>
              {pending && refusal ? (
                <p role="note" className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900">
                  {refusal}
                </p>
              ) : pending ? (
                <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                  {/* The queue leaves a canceled order out; reached from its page, the review is optional. */}
                  {awaitsPrescriptionReview(order) ? null : (
                    <p role="note" className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                      The order is canceled, so it waits for no review; a decision made now stays with it if it is
                      reopened.
                    </p>
                  )}
                  {gone ? (
                    <p role="note" className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                      {PRESCRIPTION_GONE_MESSAGE}
                    </p>
                  ) : null}
                  <TextAreaField
                    label="Note to the patient"
                    ref={noteField}
                    value={note}
                    error={errors.note}
                    onChange={(event) => {
                      setNote(event.target.value);
                      setErrors({ ...errors, note: undefined });
                    }}
                  />
                  {/* Side by side only where each has room (the date's digits and picker): by the column's width, not the screen's, since at lg the column is narrow. */}
                  {gone ? null : (
                    <div className="mt-3 grid grid-cols-[repeat(auto-fit,minmax(12rem,1fr))] gap-3">
                      <TextField
                        label="Valid until (for repeats)"
                        type="date"
                        min={shopToday()}
                        max={latestValidUntil()}
                        ref={validUntilField}
                        value={validUntil}
                        error={errors.validUntil}
                        onChange={(event) => {
                          setValidUntil(event.target.value);
                          setErrors({ ...errors, validUntil: undefined });
                        }}
                      />
                      <TextField
                        label="Repeats allowed"
                        type="number"
                        min={0}
                        max={MAX_REPEATS}
                        ref={repeatsField}
                        value={repeats}
                        error={errors.repeats}
                        onChange={(event) => {
                          setRepeats(event.target.value);
                          // The date's refusal may be for the repeats (a date is needed for them): it is looked at again.
                          setErrors({ ...errors, repeats: undefined, validUntil: undefined });
                        }}
                      />
                    </div>
                  )}
                  <div className="mt-3 flex gap-3">
                    {/* One decision, either button: both wait for it, or the other would send a second one. */}
                    {gone ? null : (
                      <Button busy={saving} onClick={() => void decide(PRESCRIPTION_DECISION.approve)}>
                        Approve
                      </Button>
                    )}
                    <Button variant="danger" busy={saving} onClick={() => void decide(PRESCRIPTION_DECISION.reject)}>
                      Reject
                    </Button>
                  </div>
                </div>
              ) : (
                <p
                  ref={refused ? focusOnMount : undefined}
                  tabIndex={-1}
                  className="rounded-lg bg-slate-50 p-4 text-sm"
                >
                  <ReviewDecision prescription={order.prescription} />
                </p>
              )}
            </div>
          </div>
        );
      }}
    </AdminOrderFrame>
  );
}

const focusOnMount = (element: HTMLElement | null) => element?.focus();

/**
 * The patient's latest other orders (a page of them, from the server), for the pharmacist to see what they
 * took before, and how many older ones the page leaves out.
 */
function PastOrders({ order }: { order: Order }) {
  const patientId = order.userId?._id;
  const { data } = useListOrdersQuery(
    { userId: patientId, page: 1, limit: ADMIN_ORDERS_PAGE_SIZE + 1 },
    { ...STAFF_SCREEN_READ, skip: patientId === undefined },
  );
  const otherOrders = (data?.orders ?? []).filter((other) => other._id !== order._id).slice(0, ADMIN_ORDERS_PAGE_SIZE);
  // The server's total counts every order of the patient, this one too: the rest are the ones left out.
  const leftOut = data ? data.total - 1 - otherOrders.length : 0;
  return (
    <>
      <h3 className="mt-3 text-sm font-semibold text-muted">Other orders</h3>
      {otherOrders.length === 0 ? (
        <p className="text-sm">None</p>
      ) : (
        <ul aria-label="Other orders" className="mt-1 flex flex-col gap-1 text-sm">
          {otherOrders.map((other) => (
            <li key={other._id} className="flex items-center justify-between gap-2">
              <span>
                {other.number}, {formatDayOf(other.createdAt)}: {other.items.map((i) => i.name).join(', ')}
              </span>
              <OrderStatusBadge status={other.status} />
            </li>
          ))}
        </ul>
      )}
      {leftOut > 0 ? <p className="mt-1 text-sm text-muted">and {leftOut} more</p> : null}
    </>
  );
}
