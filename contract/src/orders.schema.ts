import { z } from 'zod';
import { idSchema, moneySchema, staffListQuerySchema } from './common.schema';
import { ORDER_EVENTS, ORDER_STATUSES, PAYMENT_STATUSES, ROLES } from './constants';
import { paymentSchema } from './payment.schema';
import { PRESCRIPTION_REVIEWS } from './prescriptions.schema';

/** An order keeps each item's name and price as they were when it was placed (CONTRACT.md). */
export const orderItemSchema = z.object({
  _id: idSchema,
  /** `_id` is null once the medicine has been deleted from the catalogue; the name is the copy. */
  medicineId: z.object({ _id: idSchema.nullable(), name: z.string() }),
  name: z.string(),
  price: moneySchema,
  quantity: z.number().int(),
  /** Copied at order time: this item needed the prescription the order carries. */
  prescriptionRequired: z.boolean(),
});

/** One change in an order's life; `actor` is null for the shop itself or a user deleted since. */
export const orderHistoryEntrySchema = z.object({
  at: z.string(),
  actor: z.object({ _id: idSchema, name: z.string(), role: z.enum(ROLES) }).nullable(),
  event: z.enum(ORDER_EVENTS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  note: z.string().nullable(),
});

/** The prescription an order of prescription-only medicines was placed with, and its review. */
export const orderPrescriptionSchema = z.object({
  /** null once the prescription has been deleted with its owner. */
  _id: idSchema.nullable(),
  review: z.enum(PRESCRIPTION_REVIEWS),
  note: z.string().nullable(),
  reviewedBy: z.object({ _id: idSchema, name: z.string() }).nullable(),
  reviewedAt: z.string().nullable(),
});

/** Every order's short, human name, shown on screens and in mails: "A-100234". */
export const ORDER_NUMBER_PREFIX = 'A-';
export const orderNumberLabel = (number: number) => `${ORDER_NUMBER_PREFIX}${number}`;
/** The order number in a search: "A-100234", "a100234" or "100234"; null for any other words. */
export function parseOrderNumber(q: string): number | null {
  const match = /^(?:a-?)?(\d{1,9})$/i.exec(q.trim());
  return match ? Number(match[1]) : null;
}

export const orderSchema = z.object({
  _id: idSchema,
  /** The order number, "A-100234" (orderNumberLabel). */
  number: z.string(),
  /** null once the user has been deleted: the admin list shows 'Deleted'. */
  userId: z.object({ _id: idSchema, first_name: z.string(), last_name: z.string() }).nullable(),
  items: z.array(orderItemSchema),
  totalPrice: moneySchema,
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  createdAt: z.string(),
  /** null for an order without prescription-only medicines. */
  prescription: orderPrescriptionSchema.nullable(),
  /** Every change, oldest first. */
  history: z.array(orderHistoryEntrySchema),
});

export const PRESCRIPTION_CHOICE_MESSAGE = 'Choose one of your prescriptions.';
/** The server's refusal of prescription-only medicines without one of the caller's prescriptions. */
export const prescriptionNeededMessage = (names: readonly string[]) =>
  `A prescription is needed for ${names.join(', ')}. Upload one or choose one of yours.`;

/**
 * add-order builds the order from the cart; it may carry the card form (CONTRACT.md). The client
 * may send no body at all, which the server sees as null.
 */
export const addOrderSchema = z
  .object({
    payment: paymentSchema.optional(),
    /** One of the caller's own prescriptions; needed when the cart holds a prescription-only medicine. */
    prescriptionId: z.uuid({ error: PRESCRIPTION_CHOICE_MESSAGE }).optional(),
  })
  .nullish()
  .transform((body) => body ?? {});

export const updateOrderSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}.` }),
});

/** A pharmacist's decisions on a prescription; every comparison of them goes through PRESCRIPTION_DECISION. */
export const PRESCRIPTION_DECISION = { approve: 'approve', reject: 'reject' } as const;
export const PRESCRIPTION_DECISIONS = [PRESCRIPTION_DECISION.approve, PRESCRIPTION_DECISION.reject] as const;
export const REJECTION_NOTE_REQUIRED_MESSAGE = 'Say why the prescription is rejected.';
export const REVIEW_NOTE_MAX = 500;

/** A pharmacist's decision; a rejection says why, and the patient reads it. */
export const prescriptionReviewSchema = z
  .object({
    decision: z.enum(PRESCRIPTION_DECISIONS, { error: 'Decision must be approve or reject.' }),
    note: z
      .string()
      .trim()
      .max(REVIEW_NOTE_MAX, `The note must be at most ${REVIEW_NOTE_MAX} characters.`)
      .optional()
      .default(''),
  })
  .superRefine((review, ctx) => {
    if (review.decision === 'reject' && review.note === '')
      ctx.addIssue({ code: 'custom', path: ['note'], message: REJECTION_NOTE_REQUIRED_MESSAGE });
  });
/** An order's total is kept in 32-bit integer cents, at most MAX_MONEY_CENTS (docs/decisions/0017): a larger cart is refused with 400. */
export const ORDER_TOTAL_TOO_LARGE_MESSAGE =
  'An order may total at most $21,474,836.47. Remove some items and try again.';

export const orderResponseSchema = z.object({ order: orderSchema });
export const ordersResponseSchema = z.object({ orders: z.array(orderSchema) });

/** The staff lists' orderings: newest first (the orders list) or oldest first (the prescription queue). */
export const ORDER_SORT = { newest: 'newest', oldest: 'oldest' } as const;
export const ORDER_SORTS = [ORDER_SORT.newest, ORDER_SORT.oldest] as const;

/**
 * GET /orders (staff) may ask for one page, newest first: `page` from 1 and `limit` up to
 * MAX_LIST_LIMIT. Without either it answers every match, as it always has; with one, the other
 * defaults to page 1 or ADMIN_ORDERS_PAGE_SIZE. `q` is an order number ("A-100234") or words of
 * the patient's name or e-mail; `status`, `review` and `userId` narrow the list; `sort=oldest` puts
 * the longest waiting first. `total` counts every match, not the page.
 */
export const orderListQuerySchema = staffListQuerySchema.extend({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}.` }).optional(),
  review: z
    .enum(PRESCRIPTION_REVIEWS, { error: `review must be one of ${PRESCRIPTION_REVIEWS.join(', ')}.` })
    .optional(),
  userId: z.uuid({ error: 'userId must be a user id.' }).optional(),
  sort: z.enum(ORDER_SORTS, { error: `sort must be one of ${ORDER_SORTS.join(', ')}.` }).optional(),
});
export const orderListResponseSchema = ordersResponseSchema.extend({ total: z.number().int() });
export type OrderListResponse = z.infer<typeof orderListResponseSchema>;
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export type OrderItem = z.infer<typeof orderItemSchema>;
export type Order = z.infer<typeof orderSchema>;
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;
export type AddOrder = z.input<typeof addOrderSchema>;
export type UpdateOrder = z.infer<typeof updateOrderSchema>;
export type OrderPrescription = z.infer<typeof orderPrescriptionSchema>;
export type PrescriptionReviewInput = z.input<typeof prescriptionReviewSchema>;
export type PrescriptionDecision = PrescriptionReviewInput['decision'];
