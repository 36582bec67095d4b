import { z } from 'zod';
import { idSchema, moneySchema } from './common.schema';
import { MAX_LIST_LIMIT, ORDER_EVENTS, ORDER_STATUSES, PAYMENT_STATUSES, ROLES } from './constants';
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

export const orderSchema = z.object({
  _id: idSchema,
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

/**
 * GET /orders (admin) may ask for one page, newest first: `page` from 1 and `limit` up to
 * MAX_LIST_LIMIT. Without either it answers every order, as it always has; with one, the other
 * defaults to page 1 or ADMIN_ORDERS_PAGE_SIZE.
 */
const pageNumber = (name: string, max: number) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.coerce
      .number({ error: `${name} must be a whole number.` })
      .int(`${name} must be a whole number.`)
      .min(1, `${name} must be at least 1.`)
      .max(max, `${name} must be at most ${max}.`)
      .optional(),
  );
export const orderListQuerySchema = z.object({
  page: pageNumber('page', 100000),
  limit: pageNumber('limit', MAX_LIST_LIMIT),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export type OrderItem = z.infer<typeof orderItemSchema>;
export type Order = z.infer<typeof orderSchema>;
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;
export type AddOrder = z.input<typeof addOrderSchema>;
export type UpdateOrder = z.infer<typeof updateOrderSchema>;
export type OrderPrescription = z.infer<typeof orderPrescriptionSchema>;
export type PrescriptionReviewInput = z.input<typeof prescriptionReviewSchema>;
export type PrescriptionDecision = PrescriptionReviewInput['decision'];
