import {
  ALREADY_IN_CART_MESSAGE,
  type AddToCart,
  type Cart,
  type CartItem,
  type CartOperation,
} from '@apotheca/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/ids';
import { preparedQuery } from '../../db/prepared';
import { centsToDollars } from '../../db/money';
import { cartItems, carts, medicines } from '../../db/schema';
import { HttpError } from '../../http-error';
import { assertOrderable, findMedicine, medicineColumns, type MedicineRow } from '../medicines/medicines.service';
import { SELLABLE_STOCK } from '../stock/stock.service';

export const CART_ITEM_NOT_FOUND_MESSAGE = 'Cart item not found';
export const QUANTITY_BELOW_ONE_MESSAGE = 'The quantity cannot go below 1.';
export const CART_CHANGED_MESSAGE = 'The cart changed meanwhile. Please try again.';

type ItemRow = { item: typeof cartItems.$inferSelect; medicine: MedicineRow };

/** The one cart item shape of every answer: `_id` = `cartItemId`, `qty` = `quantity`, details from the catalogue. */
function toCartItem({ item, medicine }: ItemRow): CartItem {
  return {
    _id: item.id,
    cartItemId: item.id,
    medicineId: { _id: medicine.id, name: medicine.name },
    name: medicine.name,
    price: centsToDollars(medicine.priceCents),
    qty: item.quantity,
    quantity: item.quantity,
    imageUrl: medicine.imageUrl,
    developedBy: medicine.developedBy,
    maxMonthsExpiry: medicine.maxMonthsExpiry,
    category: medicine.category,
    stock: medicine.stock,
    prescriptionRequired: medicine.prescriptionRequired,
    maxPerOrder: medicine.maxPerOrder,
  };
}

const itemRows = (db: Db) =>
  db
    .select({ item: cartItems, medicine: medicineColumns })
    .from(cartItems)
    .innerJoin(medicines, eq(medicines.id, cartItems.medicineId));

// Every cart call answers with the cart, so this and `insertItemQuery` are prepared (the order benchmark's hot path).
const cartItemsQuery = preparedQuery((db) =>
  itemRows(db)
    .where(eq(cartItems.cartId, sql.placeholder('cartId')))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .prepare('cart_items'),
);

async function cartWithItems(db: Db, cartId: string): Promise<Cart> {
  const rows = await cartItemsQuery(db).execute({ cartId });
  const totalCents = rows.reduce((sum, { item, medicine }) => sum + medicine.priceCents * item.quantity, 0);
  return { _id: cartId, items: rows.map(toCartItem), totalPrice: centsToDollars(totalCents) };
}

/** The user's cart, or null when they have none (never added anything, or cleared it). */
export async function getCart(db: Db, userId: string): Promise<Cart | null> {
  const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  return cart ? cartWithItems(db, cart.id) : null;
}

/**
 * Puts an item into the user's cart, if they have one, it does not hold the medicine yet and the
 * medicine may be ordered in that quantity (its limit per order, then its stock): the check and the
 * write in one statement, so an add that goes through reads the medicine nowhere else.
 */
const insertItemQuery = preparedQuery((db) => {
  const quantity = sql<number>`${sql.placeholder('quantity')}::integer`;
  return db
    .insert(cartItems)
    .select(
      db
        // drizzle wants every column, in the table's order.
        .select({
          id: sql<string>`gen_random_uuid()`.as('id'),
          cartId: carts.id,
          medicineId: medicines.id,
          quantity: quantity.as('quantity'),
          createdAt: sql<Date>`now()`.as('created_at'),
        })
        .from(carts)
        .innerJoin(medicines, eq(medicines.id, sql`${sql.placeholder('medicineId')}::uuid`))
        .where(
          and(
            eq(carts.userId, sql.placeholder('userId')),
            sql`(${medicines.maxPerOrder} is null or ${quantity} <= ${medicines.maxPerOrder})`,
            sql`${quantity} <= ${SELLABLE_STOCK}`,
          ),
        ),
    )
    .onConflictDoNothing({ target: [cartItems.cartId, cartItems.medicineId] })
    .returning({ cartId: cartItems.cartId })
    .prepare('insert_cart_item');
});

/** Only the medicine and the quantity are read from the request; everything else comes from the catalogue. */
export async function addToCart(db: Db, userId: string, { medicineId, quantity = 1 }: AddToCart): Promise<Cart> {
  // The cart usually exists and the item goes into it in one statement. Only when nothing went in
  // is the medicine read, to say why: unknown, over its limit or its stock (the same checks the
  // statement made), else no cart yet (a first add creates it, the unique key settling concurrent
  // first adds, and puts the item in again) or the medicine is in it already.
  const insertItem = () => insertItemQuery(db).execute({ userId, medicineId, quantity });
  let [added] = isUuid(medicineId) ? await insertItem() : [];
  if (!added) {
    assertOrderable(await findMedicine(db, medicineId), quantity);
    await db.insert(carts).values({ userId }).onConflictDoNothing();
    [added] = await insertItem();
    if (!added) throw HttpError.conflict(ALREADY_IN_CART_MESSAGE);
  }
  return cartWithItems(db, added.cartId);
}

/** Another user's item is answered like a missing one, so ids of other carts reveal nothing. */
async function findOwnItem(db: Db, userId: string, cartItemId: string): Promise<ItemRow> {
  const [row] = isUuid(cartItemId)
    ? await itemRows(db)
        .innerJoin(carts, eq(carts.id, cartItems.cartId))
        .where(and(eq(cartItems.id, cartItemId), eq(carts.userId, userId)))
    : [];
  if (!row) throw HttpError.notFound(CART_ITEM_NOT_FOUND_MESSAGE);
  return row;
}

/** The quantity never goes below 1 nor above the stock. */
export async function updateCartItem(
  db: Db,
  userId: string,
  cartItemId: string,
  operation: CartOperation,
): Promise<CartItem> {
  const row = await findOwnItem(db, userId, cartItemId);
  const { item, medicine } = row;
  const quantity = item.quantity + (operation === 'increment' ? 1 : -1);
  if (quantity < 1) throw HttpError.conflict(QUANTITY_BELOW_ONE_MESSAGE);
  assertOrderable(medicine, quantity);
  // Written only if nobody changed it since it was read, so two quick clicks cannot pass a bound.
  const [updated] = await db
    .update(cartItems)
    .set({ quantity })
    .where(and(eq(cartItems.id, item.id), eq(cartItems.quantity, item.quantity)))
    .returning();
  if (!updated) throw HttpError.conflict(CART_CHANGED_MESSAGE);
  return toCartItem({ item: updated, medicine });
}

export async function removeCartItem(db: Db, userId: string, cartItemId: string): Promise<CartItem> {
  const row = await findOwnItem(db, userId, cartItemId);
  const [deleted] = await db.delete(cartItems).where(eq(cartItems.id, row.item.id)).returning({ id: cartItems.id });
  if (!deleted) throw HttpError.notFound(CART_ITEM_NOT_FOUND_MESSAGE);
  return toCartItem(row);
}

/** Removes the cart itself: a cleared cart reads as null, like one never filled. */
export async function clearCart(db: Db, userId: string): Promise<void> {
  await db.delete(carts).where(eq(carts.userId, userId));
}
