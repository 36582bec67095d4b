import { z } from 'zod';
import { idSchema, moneySchema } from './common.schema';
import { maxPerOrderMessage } from './medicines.schema';
import { CART_OPERATIONS } from './constants';

/** One cart item shape, the same in every answer and read by every screen: `_id` = `cartItemId`, `qty` = `quantity`. */
const cartItemSchema = z.object({
  _id: idSchema,
  cartItemId: idSchema,
  medicineId: z.object({ _id: idSchema, name: z.string() }),
  name: z.string(),
  price: moneySchema,
  qty: z.number().int(),
  quantity: z.number().int(),
  imageUrl: z.string(),
  developedBy: z.string(),
  maxMonthsExpiry: z.number().int(),
  category: z.string(),
  /**
   * Units checkout may sell (the sellable batches' sum), so the client stops the plus button there
   * and marks a line above it.
   */
  stock: z.number().int(),
  /** The checkout asks for a prescription when any item needs one. */
  prescriptionRequired: z.boolean(),
  maxPerOrder: z.number().int().nullable(),
});

/**
 * A line checkout would refuse for stock: more than the medicine's sellable units (`stock`, what
 * checkout takes from), as after a recall of its lot. The cart and the checkout's summary mark it.
 */
export const isShortOfStock = (item: Pick<CartItem, 'quantity' | 'stock'>) => item.quantity > item.stock;
/** The mark of a line short of stock. */
export const shortOfStockLabel = (stock: number) => (stock === 0 ? 'Out of stock' : `Only ${stock} left`);
/** Proceed to Checkout's and Pay now's word for lines short of stock, naming them. */
export const shortOfStockMessage = (names: readonly string[]) =>
  `Not enough in stock for ${names.join(', ')}. Lower the quantity or remove ${names.length === 1 ? 'it' : 'them'} from your cart to check out.`;

/**
 * A line checkout would refuse for its medicine's limit per order, as when staff lowered the limit
 * after the line was added. The cart and the checkout's summary mark it.
 */
export const isAboveOrderLimit = (item: Pick<CartItem, 'quantity' | 'maxPerOrder'>) =>
  item.maxPerOrder !== null && item.quantity > item.maxPerOrder;
/** The mark of a line above its medicine's limit per order. */
export const orderLimitLabel = (limit: number) => `At most ${limit} per order`;
/**
 * Why + stops on a line exactly at a bound, which checkout still takes: its limit per order, or all
 * the stock there is. Worded apart from the marks above, which say what checkout would refuse.
 */
export const orderLimitReachedLabel = (limit: number) => `Limit of ${limit} per order reached`;
export const stockReachedLabel = (stock: number) =>
  stock === 1 ? 'The last one in stock is in your cart' : `All ${stock} in stock are in your cart`;

/**
 * Proceed to Checkout's and Pay now's word for the lines checkout would refuse (short of stock, above
 * a limit per order), naming them in the checkout's own words; null when every line can be ordered.
 */
export const refusedLinesMessage = (items: readonly CartItem[]): string | null => {
  const shortNames = items.filter(isShortOfStock).map((item) => item.name);
  const words = [
    ...(shortNames.length > 0 ? [shortOfStockMessage(shortNames)] : []),
    ...items.filter(isAboveOrderLimit).map((item) => maxPerOrderMessage(item.maxPerOrder ?? 0, item.name)),
  ];
  return words.length > 0 ? words.join(' ') : null;
};

export const cartSchema = z.object({ _id: idSchema, items: z.array(cartItemSchema), totalPrice: moneySchema });

/**
 * The client sends the whole card's details, which the API accepts; the server reads only the medicine and
 * the quantity and takes name, price and the rest from the catalogue.
 */
export const addToCartSchema = z.object({
  medicineId: z.string({ error: 'medicineId is required.' }).min(1, 'medicineId is required.').max(200),
  quantity: z
    .number({ error: 'Quantity must be a whole number of at least 1.' })
    .int('Quantity must be a whole number of at least 1.')
    .min(1, 'Quantity must be a whole number of at least 1.')
    .max(1000, 'Quantity must be at most 1000.')
    .default(1),
});

export const updateCartItemSchema = z.object({
  operation: z.enum(CART_OPERATIONS, { error: 'operation must be increment or decrement.' }),
});
export const cartItemParamsSchema = z.object({ cartItemId: z.string() }); // of any length, like idParamsSchema

export const cartResponseSchema = z.object({ cart: cartSchema.nullable() });
export const addToCartResponseSchema = z.object({ message: z.string(), cart: cartSchema });
export const updatedCartItemResponseSchema = z.object({ updatedItem: cartItemSchema });
export const deletedCartItemResponseSchema = z.object({ deletedItem: cartItemSchema });
export const clearCartResponseSchema = z.object({ message: z.string(), cart: z.null() });

export type CartItem = z.infer<typeof cartItemSchema>;
export type Cart = z.infer<typeof cartSchema>;
export type AddToCart = z.input<typeof addToCartSchema>;
export type UpdateCartItem = z.infer<typeof updateCartItemSchema>;
export type CartItemParams = z.infer<typeof cartItemParamsSchema>;
export type CartResponse = z.infer<typeof cartResponseSchema>;
export type AddToCartResponse = z.infer<typeof addToCartResponseSchema>;
export type UpdatedCartItemResponse = z.infer<typeof updatedCartItemResponseSchema>;
export type DeletedCartItemResponse = z.infer<typeof deletedCartItemResponseSchema>;
export type ClearCartResponse = z.infer<typeof clearCartResponseSchema>;
