import {
  ORDER_STATUS,
  PAYMENT_STATUS,
  PRESCRIPTION_REVIEW,
  type OrderStatus,
  type PaymentStatus,
  type PrescriptionReview,
} from '@apotheca/contract';

const badge = 'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset';
const YELLOW = `${badge} bg-yellow-50 text-yellow-800 ring-yellow-600/30`;
const GREEN = `${badge} bg-green-50 text-green-800 ring-green-600/30`;
const RED = `${badge} bg-red-50 text-red-800 ring-red-600/30`;

/**
 * Pending is shown in yellow and the others in green, Canceled included: SPEC's order statuses say so
 * (docs/decisions/0156); the badge's word tells a canceled order from one going ahead.
 */
const ORDER_STATUS_CLASS: Record<OrderStatus, string> = {
  [ORDER_STATUS.pending]: YELLOW,
  [ORDER_STATUS.accepted]: GREEN,
  [ORDER_STATUS.dispatched]: GREEN,
  [ORDER_STATUS.canceled]: GREEN,
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <span className={ORDER_STATUS_CLASS[status]}>{status}</span>;
}

/** Payment status 'Paid' is green and anything else red. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return <span className={status === PAYMENT_STATUS.paid ? GREEN : RED}>{status}</span>;
}

const REVIEW_LABEL: Record<PrescriptionReview, string> = {
  [PRESCRIPTION_REVIEW.pending]: 'Prescription awaiting review',
  [PRESCRIPTION_REVIEW.approved]: 'Prescription approved',
  [PRESCRIPTION_REVIEW.rejected]: 'Prescription rejected',
};
const REVIEW_CLASS: Record<PrescriptionReview, string> = {
  [PRESCRIPTION_REVIEW.pending]: YELLOW,
  [PRESCRIPTION_REVIEW.approved]: GREEN,
  [PRESCRIPTION_REVIEW.rejected]: RED,
};

/** The pharmacist's verdict on an order's prescription, beside its status: an approved order may still be Pending. */
export function PrescriptionReviewBadge({ review }: { review: PrescriptionReview }) {
  return <span className={REVIEW_CLASS[review]}>{REVIEW_LABEL[review]}</span>;
}
