import { z } from 'zod';
import { idSchema, moneySchema } from './common.schema';
import { ORDER_EVENTS, ORDER_STATUSES, PAYMENT_STATUSES, ROLES } from './constants';
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

/** One change in an order's life; `actor` is null for the shop itself or a user deleted since. */
export const orderHistoryEntrySchema = z.object({
  at: z.string(),
  actor: z.object({ _id: idSchema, name: z.string(), role: z.enum(ROLES) }).nullable(),
  event: z.enum(ORDER_EVENTS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  note: z.string().nullable(),
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
  /** Every change, oldest first. */
  history: z.array(orderHistoryEntrySchema),
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

export const orderResponseSchema = z.object({ order: orderSchema });
export const ordersResponseSchema = z.object({ orders: z.array(orderSchema) });

export type OrderItem = z.infer<typeof orderItemSchema>;
export type Order = z.infer<typeof orderSchema>;
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;
export type AddOrder = z.input<typeof addOrderSchema>;
export type UpdateOrder = z.infer<typeof updateOrderSchema>;
