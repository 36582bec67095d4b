import { z } from 'zod';
import { addressInputSchema, orderAddressSchema } from './addresses.schema';
import { cartSchema } from './cart.schema';
import {
  calendarDateFromToday,
  flagSchema,
  idSchema,
  moneySchema,
  shopDayOf,
  shopToday,
  staffListQuerySchema,
  textTypeMessage,
  withoutControlCharacters,
} from './common.schema';
import { isBlankText } from './text.rules';
import {
  IDEMPOTENCY_KEY_HEADER,
  MAX_MONEY_CENTS,
  MAX_REPEATS,
  ORDER_EVENTS,
  ORDER_SORTS,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  PRESCRIPTION_DECISIONS,
  PRESCRIPTION_REVIEWS,
  ROLES,
} from './constants';
import { REJECTION_NOTE_REQUIRED_MESSAGE, REPEATS_NEED_DATE_MESSAGE } from './orders.rules';
import { paymentSchema } from './payment.schema';

/** An order keeps each item's name and price as they were when it was placed, whatever the catalogue says later. */
const orderItemSchema = z.object({
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
const orderHistoryEntrySchema = z.object({
  at: z.string(),
  actor: z.object({ _id: idSchema, name: z.string(), role: z.enum(ROLES) }).nullable(),
  event: z.enum(ORDER_EVENTS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  note: z.string().nullable(),
});

/** The prescription an order of prescription-only medicines was placed with, and its review. */
const orderPrescriptionSchema = z.object({
  /** null once the prescription has been deleted with its owner. */
  _id: idSchema.nullable(),
  review: z.enum(PRESCRIPTION_REVIEWS),
  note: z.string().nullable(),
  reviewedBy: z.object({ _id: idSchema, name: z.string() }).nullable(),
  reviewedAt: z.string().nullable(),
  /** True when the order reused an earlier approval of this prescription, spending one of its repeats. */
  repeat: z.boolean(),
  /** Set by the pharmacist on approval: the last day (YYYY-MM-DD) a repeat order may reuse it, and how many are left. */
  validUntil: z.string().nullable(),
  repeatsLeft: z.number().int().nullable(),
});

/** Every order's short, human name, shown on screens and in mails: "A-100234". */
const ORDER_NUMBER_PREFIX = 'A-';
export const orderNumberLabel = (number: number) => `${ORDER_NUMBER_PREFIX}${number}`;
/** The delivery estimate of a dispatched order: working days counted from dispatch. */
export const DELIVERY_DAYS = { min: 2, max: 4 } as const;

const orderSchema = z.object({
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
  /** The delivery address as it was when the order was placed; null for an order placed without one. */
  address: orderAddressSchema.nullable(),
  /** Given by staff on dispatch, both optional. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  dispatchedAt: z.string().nullable(),
  /** The days (YYYY-MM-DD) between which a dispatched order should arrive; null before dispatch. */
  deliveryEstimate: z.object({ from: z.string(), to: z.string() }).nullable(),
  /**
   * What keeps an order not yet dispatched from being dispatched: a recalled lot it holds units of,
   * with the medicine as ordered (the first, when it holds several); null when none does, and always
   * for a dispatched or canceled order, whose units are not in the shop (docs/decisions/0148, 0149).
   */
  recallHold: z.object({ lot: z.string(), medicine: z.string() }).nullable(),
});

const ADDRESS_CHOICE_MESSAGE = 'Choose one of your addresses.';
const ONE_ADDRESS_MESSAGE = 'Send either a saved address or a new one, not both.';
export const PRESCRIPTION_CHOICE_MESSAGE = 'Choose one of your prescriptions.';
/** The server's refusal of prescription-only medicines without one of the caller's prescriptions. */
export const prescriptionNeededMessage = (names: readonly string[]) =>
  `A prescription is needed for ${names.join(', ')}. Upload one or choose one of yours.`;

/** Where to deliver: one of the caller's saved addresses, or a new one (saved to the book with `saveAddress`). */
const deliveryChoiceFields = {
  addressId: z.uuid({ error: ADDRESS_CHOICE_MESSAGE }).optional(),
  address: addressInputSchema.optional(),
  saveAddress: flagSchema('saveAddress').optional().default(false),
};
const namesOneAddressAtMost = (body: { addressId?: string | undefined; address?: unknown }) =>
  !(body.addressId && body.address);

export const SHOWN_LINES_MESSAGE =
  'shownLines must list the cart as the checkout showed it: medicineId, quantity and price.';
/** The shown lines no longer the cart's, or no longer at its prices: nothing is placed or charged. */
export const CART_CHANGED_MESSAGE =
  'Your cart or its prices changed since this page showed them. Check the summary, then pay again.';
/** A cart line as the checkout showed it (its price in dollars, as the cart answers it). */
const shown = { error: SHOWN_LINES_MESSAGE };
const shownLineSchema = z.object(
  {
    medicineId: z.uuid(shown),
    quantity: z.number(shown).int(shown).min(1, shown).max(1000, shown),
    price: z
      .number(shown)
      .nonnegative(shown)
      .max(MAX_MONEY_CENTS / 100, shown),
  },
  shown,
);

/**
 * add-order builds the order from the cart; it may carry the card form, to pay at once. The client
 * may send no body at all, which the server sees as null. `shownLines`, when sent, is the cart as
 * the checkout showed it: a cart changed since (in another tab or on another device, or repriced by
 * the shop) is refused with 409 rather than charged unseen.
 */
export const addOrderSchema = z
  .object({
    payment: paymentSchema.optional(),
    shownLines: z.array(shownLineSchema, shown).max(1000, shown).optional(),
    /** One of the caller's own prescriptions; needed when the cart holds a prescription-only medicine. */
    prescriptionId: z.uuid({ error: PRESCRIPTION_CHOICE_MESSAGE }).optional(),
    ...deliveryChoiceFields,
  })
  .refine(namesOneAddressAtMost, { path: ['address'], error: ONE_ADDRESS_MESSAGE })
  .nullish()
  .transform((body): Partial<NonNullable<typeof body>> => body ?? {});

const IDEMPOTENCY_KEY_MIN_LENGTH = 16;
const IDEMPOTENCY_KEY_MAX_LENGTH = 64;
export const IDEMPOTENCY_KEY_MESSAGE = `The Idempotency-Key must be ${IDEMPOTENCY_KEY_MIN_LENGTH} to ${IDEMPOTENCY_KEY_MAX_LENGTH} letters, digits, hyphens or underscores.`;
/** A key used before with another request: the order it placed stands, and the patient is told where to look. */
export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  'This checkout was already placed as an order with other details. Check your orders before ordering again.';
export const idempotencyKeySchema = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9_-]{${IDEMPOTENCY_KEY_MIN_LENGTH},${IDEMPOTENCY_KEY_MAX_LENGTH}}$`), {
    error: IDEMPOTENCY_KEY_MESSAGE,
  });
/** add-order's headers: the optional key; every other header passes through untouched. */
export const addOrderHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional().meta({
    description: 'One per checkout attempt: a resend with the same key answers the order the first placed.',
  }),
});

const DISPATCH_TEXT_MAX = 60;
const dispatchText = (label: string) =>
  z
    .string({ error: textTypeMessage(label) })
    .trim()
    .max(DISPATCH_TEXT_MAX, `${label} must be at most ${DISPATCH_TEXT_MAX} characters.`)
    .check(withoutControlCharacters(label))
    .optional()
    .transform((value) => value || undefined);

const orderStatusField = (label: string) =>
  z.enum(ORDER_STATUSES, { error: `${label} must be one of ${ORDER_STATUSES.join(', ')}.` });

/**
 * A status change; a dispatch may name the carrier and the parcel's tracking number. `fromStatus`,
 * optional, is the status the caller's screen showed: a change from any other is refused
 * (ORDER_STATUS_CHANGED_MESSAGE), so a screen read before someone else's change cannot overwrite it
 * unseen (docs/decisions/0109). A call with the status alone changes the order whatever it holds.
 */
export const updateOrderSchema = z.object({
  status: orderStatusField('Status'),
  fromStatus: orderStatusField('From status').optional(),
  carrier: dispatchText('Carrier'),
  trackingNumber: dispatchText('Tracking number'),
});
export const ORDER_STATUS_CHANGED_MESSAGE =
  "This order's status was changed by someone else after you loaded it. Nothing was saved: check its status now and choose again.";
export const ADDRESS_NEEDED_CHOICE_MESSAGE = 'Choose one of your addresses or add a new one.';
/**
 * The delivery address of an order placed without one (PUT /orders/:id/address): one of the caller's
 * saved addresses or a new one, as at checkout, exactly one of them.
 */
export const orderAddressChoiceSchema = z
  .object(deliveryChoiceFields)
  .refine(namesOneAddressAtMost, { path: ['address'], error: ONE_ADDRESS_MESSAGE })
  .refine((body) => body.addressId !== undefined || body.address !== undefined, {
    path: ['addressId'],
    error: ADDRESS_NEEDED_CHOICE_MESSAGE,
  });

const REVIEW_NOTE_MAX = 500;
export const VALID_UNTIL_MESSAGE = 'Valid until must be a date (YYYY-MM-DD).';
export const VALID_UNTIL_PAST_MESSAGE = 'Valid until cannot be in the past.';
export const VALID_UNTIL_TOO_FAR_MESSAGE = 'Valid until can be at most a year from today.';
/**
 * The last day a pharmacist may let a prescription's repeats run to: a year after the shop's day
 * (docs/decisions/0153), so that a mistyped year (2207 for 2027) is refused rather than kept for ever.
 */
export function latestValidUntil(): string {
  const day = new Date(`${shopToday()}T00:00:00Z`);
  day.setUTCFullYear(day.getUTCFullYear() + 1);
  return shopDayOf(day);
}

/** A pharmacist's decision; a rejection says why, and the patient reads it. */
export const prescriptionReviewSchema = z
  .object({
    decision: z.enum(PRESCRIPTION_DECISIONS, { error: 'Decision must be approve or reject.' }),
    note: z
      .string({ error: textTypeMessage('The note') })
      .trim()
      .max(REVIEW_NOTE_MAX, `The note must be at most ${REVIEW_NOTE_MAX} characters.`)
      .check(withoutControlCharacters('The note'))
      // A note that shows nothing is no note: stored, the patient would read an empty one.
      .transform((note) => (isBlankText(note) ? '' : note))
      .optional()
      .default(''),
    /** On approval: until when the prescription may be reused, and how many repeat orders it allows. */
    validUntil: calendarDateFromToday(VALID_UNTIL_MESSAGE, VALID_UNTIL_PAST_MESSAGE)
      .refine((day) => day <= latestValidUntil(), VALID_UNTIL_TOO_FAR_MESSAGE)
      .optional(),
    repeats: z
      .number({ error: `Repeats must be a whole number from 0 to ${MAX_REPEATS}.` })
      .int(`Repeats must be a whole number from 0 to ${MAX_REPEATS}.`)
      .min(0, `Repeats must be a whole number from 0 to ${MAX_REPEATS}.`)
      .max(MAX_REPEATS, `Repeats must be a whole number from 0 to ${MAX_REPEATS}.`)
      .optional()
      .default(0),
  })
  .superRefine((review, ctx) => {
    // The patient reads the reason: a note that shows nothing gives none (it is empty by now).
    if (review.decision === 'reject' && review.note === '')
      ctx.addIssue({ code: 'custom', path: ['note'], message: REJECTION_NOTE_REQUIRED_MESSAGE });
    if (review.repeats > 0 && review.validUntil === undefined)
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: REPEATS_NEED_DATE_MESSAGE });
  });
/** A repeat order's review, recorded in place of a pharmacist's. */
export const REPEAT_REVIEW_NOTE = 'Repeat of an earlier approval of this prescription.';
export const PRESCRIPTION_EXPIRED_MESSAGE =
  'This prescription is no longer valid. Upload a new one to order these medicines again.';
export const PRESCRIPTION_USED_UP_MESSAGE =
  'This prescription has no repeats left. Upload a new one to order these medicines again.';

/** Why "Order again" could not put back an item, or not all of it. */
export const REORDER_SKIP = {
  gone: 'not-in-catalogue',
  outOfStock: 'out-of-stock',
  /** Out of stock because the units left are of a recalled lot: the patient is told why. */
  recalled: 'recalled',
  limited: 'limited',
} as const;
const REORDER_SKIPS = [
  REORDER_SKIP.gone,
  REORDER_SKIP.outOfStock,
  REORDER_SKIP.recalled,
  REORDER_SKIP.limited,
] as const;
export const reorderResponseSchema = z.object({
  cart: cartSchema,
  skipped: z.array(
    z.object({
      /** null for a medicine deleted from the catalogue since. */
      medicineId: idSchema.nullable(),
      name: z.string(),
      reason: z.enum(REORDER_SKIPS),
      /** How many went in the cart: fewer than ordered for 'limited', none otherwise. */
      added: z.number().int(),
    }),
  ),
});
export const reorderSkipMessage = ({
  name,
  reason,
  added,
}: z.infer<typeof reorderResponseSchema>['skipped'][number]) =>
  reason === REORDER_SKIP.gone
    ? `${name} is no longer sold.`
    : reason === REORDER_SKIP.outOfStock
      ? `${name} is out of stock.`
      : reason === REORDER_SKIP.recalled
        ? `${name} cannot be ordered now: its stock was recalled.`
        : added > 0
          ? `Only ${added} of ${name} could be added: the stock or the limit per order is lower.`
          : `No more ${name} could be added: the cart holds as many as the stock or the limit per order allows.`;
/** An order's total is kept in 32-bit integer cents, at most MAX_MONEY_CENTS (docs/decisions/0017): a larger cart is refused with 400. */
export const ORDER_TOTAL_TOO_LARGE_MESSAGE =
  'An order may total at most $21,474,836.47. Remove some items and try again.';

export const orderResponseSchema = z.object({ order: orderSchema });
export const ordersResponseSchema = z.object({ orders: z.array(orderSchema) });

/**
 * GET /orders (staff) may ask for one page, newest first: `page` from 1 and `limit` up to
 * MAX_LIST_LIMIT. Without either it answers every match, as it always has; with one, the other
 * defaults to page 1 or ADMIN_ORDERS_PAGE_SIZE. `q` is an order number ("A-100234") or words of
 * the patient's name or e-mail; `status`, `review` and `userId` narrow the list (`review=pending`:
 * the orders waiting for a pharmacist, a canceled one left out); `sort=oldest` puts the longest
 * waiting first. `total` counts every match, not the page.
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

export type OrderResponse = z.infer<typeof orderResponseSchema>;
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;
export type Order = z.infer<typeof orderSchema>;
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;
export type AddOrder = z.input<typeof addOrderSchema>;
export type AddOrderBody = z.output<typeof addOrderSchema>;
export type ShownLine = z.infer<typeof shownLineSchema>;
export type OrderAddressChoice = z.input<typeof orderAddressChoiceSchema>;
export type UpdateOrder = z.input<typeof updateOrderSchema>;
export type ReorderResponse = z.infer<typeof reorderResponseSchema>;
export type ReorderSkip = ReorderResponse['skipped'][number];
export type PrescriptionReviewInput = z.input<typeof prescriptionReviewSchema>;
export type PrescriptionDecision = PrescriptionReviewInput['decision'];
