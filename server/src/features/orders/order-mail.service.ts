import {
  ORDER_STATUS,
  PAYMENT_STATUS,
  PRESCRIPTION_REVIEW,
  type OrderStatus,
  type PrescriptionReview,
} from '@apotheca/contract';
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderItems, orders, users } from '../../db/schema';
import { enqueueMail } from '../mail/mail-outbox.service';
import { dayInWords, type MailTemplateName, type OrderMailData } from '../mail/mail-templates.service';
import { deliveryEstimate, paymentStatusOf } from './orders.service';

// What the patient is told about their order, written to the outbox in the transaction of the change
// (docs/decisions/0013) as a template and its data (docs/decisions/0049): order-status.service calls
// these, and checkout's single statement writes its confirmation with orderPlacedMailData.

/** The confirmation's template, which checkout's statement names. */
export const ORDER_PLACED_TEMPLATE: MailTemplateName = 'orderPlaced';

/**
 * The confirmation's data, built in SQL by checkout's statement from the new order, its buyer and its
 * items (the three names it gives them): the same fields as OrderMailData. `payWithinMinutes` is the
 * statement's value for the minutes an unpaid order has before it is canceled (null when it is paid or
 * never canceled).
 */
export const orderPlacedMailData = (order: string, buyer: string, items: string, payWithinMinutes: SQL) =>
  sql`json_build_object(${sql.raw(`
    'firstName', ${buyer}.first_name, 'number', ${order}.number, 'totalCents', ${order}.total_cents,
    'awaitingReview', ${order}.prescription_review is not distinct from '${PRESCRIPTION_REVIEW.pending}',
    'address', ${order}.address,
    'items', (select json_agg(json_build_object('name', name, 'quantity', quantity, 'priceCents', price_cents)
      order by name, id) from ${items}),`)}
    'payWithinMinutes', ${payWithinMinutes})`;

/**
 * The order's owner, what every order mail shows and whether canceling it gives back a payment; none for a deleted
 * user, who has no address.
 */
async function owner(
  tx: Tx,
  orderId: string,
): Promise<{ email: string; refunded: boolean; data: OrderMailData } | undefined> {
  const [row] = await tx
    .select({
      email: users.email,
      paymentStatus: orders.paymentStatus,
      firstName: users.firstName,
      number: orders.number,
      totalCents: orders.totalCents,
      address: orders.address,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!row) return undefined;
  const items = await tx
    .select({ name: orderItems.name, quantity: orderItems.quantity, priceCents: orderItems.priceCents })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.name), asc(orderItems.id));
  const { email, paymentStatus, ...order } = row;
  // Whether a cancellation refunds it, as the order's page reads it.
  const refunded = paymentStatusOf({ status: ORDER_STATUS.canceled, paymentStatus }) === PAYMENT_STATUS.refunded;
  return { email, refunded, data: { ...order, items } };
}

/**
 * The patient's mail of their order's new status; `accountDeleted` when the change is part of their
 * account's deletion, so that it offers no link into an account they no longer have.
 */
export async function mailStatusChange(
  tx: Tx,
  orderId: string,
  status: OrderStatus,
  note: string | null,
  accountDeleted = false,
) {
  const to = await owner(tx, orderId);
  if (!to) return;
  const [parcel] = await tx
    .select({ carrier: orders.carrier, trackingNumber: orders.trackingNumber, dispatchedAt: orders.dispatchedAt })
    .from(orders)
    .where(eq(orders.id, orderId));
  // What a dispatched order's mail says of its parcel: carrier, tracking number and when it should arrive.
  const estimate = parcel?.dispatchedAt ? deliveryEstimate(parcel.dispatchedAt) : null;
  await enqueueMail(tx, {
    to: to.email,
    template: 'orderStatusChanged',
    data: {
      ...to.data,
      status,
      note,
      carrier: parcel?.carrier ?? null,
      trackingNumber: parcel?.trackingNumber ?? null,
      arrives: estimate && `between ${dayInWords(estimate.from)} and ${dayInWords(estimate.to)}`,
      canceled: status === ORDER_STATUS.canceled,
      refunded: to.refunded,
      accountDeleted,
    },
  });
}

export async function mailReviewDecision(tx: Tx, orderId: string, review: PrescriptionReview, note: string | null) {
  const to = await owner(tx, orderId);
  if (to)
    await enqueueMail(tx, {
      to: to.email,
      template: 'prescriptionReviewed',
      data: { ...to.data, approved: review === PRESCRIPTION_REVIEW.approved, note, refunded: to.refunded },
    });
}
