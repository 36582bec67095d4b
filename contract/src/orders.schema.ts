import { z } from 'zod';
import { idSchema, moneySchema } from './common.schema';
import { MAX_LIST_LIMIT, ORDER_STATUSES, PAYMENT_STATUSES } from './constants';
import { paymentSchema } from './payment.schema';

/** An order keeps each item's name and price as they were when it was placed (CONTRACT.md). */
export const orderItemSchema = z.object({
  _id: idSchema,
  /** `_id` is null once the medicine has been deleted from the catalogue; the name is the copy. */
  medicineId: z.object({ _id: idSchema.nullable(), name: z.string() }),
  name: z.string(),
  price: moneySchema,
  quantity: z.number().int(),
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
});

/**
 * add-order builds the order from the cart; it may carry the card form (CONTRACT.md). The client
 * may send no body at all, which the server sees as null.
 */
export const addOrderSchema = z
  .object({ payment: paymentSchema.optional() })
  .nullish()
  .transform((body) => body ?? {});

export const updateOrderSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}.` }),
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
export type AddOrder = z.input<typeof addOrderSchema>;
export type UpdateOrder = z.infer<typeof updateOrderSchema>;
