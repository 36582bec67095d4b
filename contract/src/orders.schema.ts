import { z } from 'zod';
import { idSchema, moneySchema } from './common.schema';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './constants';
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

export type OrderItem = z.infer<typeof orderItemSchema>;
export type Order = z.infer<typeof orderSchema>;
export type AddOrder = z.input<typeof addOrderSchema>;
export type UpdateOrder = z.infer<typeof updateOrderSchema>;
