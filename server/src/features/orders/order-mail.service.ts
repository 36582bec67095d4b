import {
  ORDER_STATUS,
  PRESCRIPTION_REVIEW,
  type OrderAddress,
  type OrderStatus,
  type PrescriptionReview,
} from '@apotheca/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orders, users } from '../../db/schema';
import { enqueueMail } from '../mail/mail-outbox.service';
import type { MailMessage } from '../mail/mail.service';
import { deliveryEstimate } from './orders.service';

// What the patient is told about their order, written to the outbox in the transaction of the change
// (docs/decisions/0013): order-status.service and checkout.service call these, nothing else.

type Mail = Omit<MailMessage, 'to'>;
const mail = (subject: string, lines: string[]): Mail => ({
  subject,
  text: `Hello,\n\n${lines.join('\n\n')}\n\nApotheca\n`,
  html: `<p>Hello,</p>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p>Apotheca</p>`,
});
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The placeholder checkout's single statement replaces with the new order's id. */
export const ORDER_ID_PLACEHOLDER = '{order}';

/** An address on one line, as a mail names where the parcel goes. */
export const addressLine = ({ name, line1, line2, city, postalCode, country }: OrderAddress) =>
  [name, line1, line2, `${postalCode} ${city}`, country].filter(Boolean).join(', ');

/** The order confirmation, with or without the prescription check it waits for, and where it goes. */
export const orderPlacedMail = (awaitingReview: boolean, address: OrderAddress | null = null): Mail =>
  mail(`Your Apotheca order ${ORDER_ID_PLACEHOLDER}`, [
    `Thank you: your order ${ORDER_ID_PLACEHOLDER} is placed.`,
    ...(address ? [`It goes to ${addressLine(address)}.`] : []),
    awaitingReview
      ? 'A pharmacist checks your prescription before the order is sent; we write again once it is checked.'
      : 'We write again when its status changes.',
  ]);

type Parcel = { carrier: string | null; trackingNumber: string | null; dispatchedAt: Date | null };

/** What a dispatched order's mail says of its parcel: carrier, tracking number and when it should arrive. */
const parcelLines = ({ carrier, trackingNumber, dispatchedAt }: Parcel) => {
  if (!dispatchedAt) return [];
  const { from, to } = deliveryEstimate(dispatchedAt);
  return [
    ...(carrier ? [`Carrier: ${carrier}`] : []),
    ...(trackingNumber ? [`Tracking number: ${trackingNumber}`] : []),
    `It should arrive between ${from} and ${to}.`,
  ];
};

const statusMail = (id: string, to: OrderStatus, note: string | null, parcel: Parcel) =>
  mail(`Your Apotheca order is ${to}`, [
    `Your order ${id} is now ${to}.`,
    ...(note ? [note] : []),
    ...(to === ORDER_STATUS.dispatched ? parcelLines(parcel) : []),
  ]);

const reviewMail = (id: string, review: PrescriptionReview, note: string | null) =>
  review === PRESCRIPTION_REVIEW.approved
    ? mail('Your prescription is approved', [
        `A pharmacist approved the prescription of your order ${id}.`,
        ...(note ? [`Their note: ${note}`] : []),
      ])
    : mail('Your prescription was rejected', [
        `A pharmacist rejected the prescription of your order ${id}: ${note ?? ''}`,
        'The order is canceled and you are not charged for it. You may order again with another prescription.',
        'Choose "Order again" on the order in My Orders: its medicines go back in your cart, and checkout asks for a new prescription.',
      ]);

/** Queues the mail to the order's owner; a deleted user has no address and gets none. */
async function mailOwner(tx: Tx, orderId: string, message: Mail) {
  const [owner] = await tx
    .select({ email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (owner) await enqueueMail(tx, { to: owner.email, ...message });
}

export async function mailStatusChange(tx: Tx, orderId: string, to: OrderStatus, note: string | null) {
  const [parcel] = await tx
    .select({ carrier: orders.carrier, trackingNumber: orders.trackingNumber, dispatchedAt: orders.dispatchedAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  await mailOwner(tx, orderId, statusMail(orderId, to, note, parcel!));
}

export const mailReviewDecision = (tx: Tx, orderId: string, review: PrescriptionReview, note: string | null) =>
  mailOwner(tx, orderId, reviewMail(orderId, review, note));
