import {
  ALREADY_IN_CART_MESSAGE,
  type AddToCart,
  type Cart,
  type CartItem,
  CART_OPERATION,
  type CartOperation,
} from '@apotheca/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../db/ids';
import { preparedQuery } from '../../db/prepared';
import { centsToDollars } from '../../db/money';
import { cartItems, carts, medicines } from '../../db/schema';
import { HttpError } from '../../http-error';
import { assertOrderable, findMedicine, medicineColumns, type MedicineRow } from '../medicines/medicines.service';
import { SELLABLE_STOCK } from '../stock/stock.service';

const CART_ITEM_NOT_FOUND_MESSAGE = 'Cart item not found';
const QUANTITY_BELOW_ONE_MESSAGE = 'The quantity cannot go below 1.';
const CART_CHANGED_MESSAGE = 'The cart changed meanwhile. Please try again.';

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

// Every cart call answers with the cart, so this and `addItemQuery` are prepared (the order benchmark's hot path).
const cartItemsQuery = preparedQuery((db) =>
  itemRows(db)
    .where(eq(cartItems.cartId, sql.placeholder('cartId')))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
    .prepare('cart_items'),
);

/** A cart's answer from its rows (item and medicine), in the order they were added. */
function toCart(cartId: string, rows: ItemRow[]): Cart {
  const totalCents = rows.reduce((sum, { item, medicine }) => sum + medicine.priceCents * item.quantity, 0);
  return { _id: cartId, items: rows.map(toCartItem), totalPrice: centsToDollars(totalCents) };
}

/** The user's cart, or null when they have none (never added anything, or cleared it). */
export async function getCart(db: Db, userId: string): Promise<Cart | null> {
  const [cart] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  return cart ? toCart(cart.id, await cartItemsQuery(db).execute({ cartId: cart.id })) : null;
}

/**
 * Puts an item into the user's cart, if they have one, it does not hold the medicine yet and the
 * medicine may be ordered in that quantity (its limit per order, then its stock), and reads the
 * cart back: one statement, so one round trip for an add that goes through. Its rows are the
 * cart's items with the new one, none when nothing went in. The new item is not yet visible to the
 * statement's own read of `cart_items`, so it comes from the insert's `returning`.
 *
 * Its commit does not wait for the write-ahead log to reach the disk: a cart line is not an order,
 * a crash of PostgreSQL itself in the next fraction of a second could lose it (the cart shows what
 * is left, and checkout orders only that), while waiting for that flush cost about 300 µs of CPU an
 * order on the order benchmark. Checkout's commit waits as always, and flushes every add before it.
 */
const addItemQuery = preparedQuery((db) => {
  const quantity = sql`${sql.placeholder('quantity')}::integer`;
  const added = db.$with('added', {}).as(sql`
    insert into ${cartItems} (cart_id, medicine_id, quantity)
    select ${carts}.id, ${medicines}.id, ${quantity}
    from ${carts} join ${medicines} on ${medicines}.id = ${sql.placeholder('medicineId')}::uuid
    where ${carts}.user_id = ${sql.placeholder('userId')}::uuid
      and (${medicines}.max_per_order is null or ${quantity} <= ${medicines}.max_per_order)
      and ${quantity} <= ${SELLABLE_STOCK}
      -- Committed without waiting for the disk, for this transaction only (docs/decisions/0093).
      and set_config('synchronous_commit', 'off', true) = 'off'
    on conflict (cart_id, medicine_id) do nothing
    returning *`);
  // Named apart from the medicine's columns, which the answer reads beside them.
  const column = <Column extends (typeof cartItems)['_']['columns'][keyof (typeof cartItems)['_']['columns']]>(
    column: Column,
  ) => sql<Column['_']['data']>`${sql.identifier(`item_${column.name}`)}`.mapWith(column).as(`item_${column.name}`);
  const items = db
    .$with('items', {
      id: column(cartItems.id),
      cartId: column(cartItems.cartId),
      medicineId: column(cartItems.medicineId),
      quantity: column(cartItems.quantity),
      createdAt: column(cartItems.createdAt),
    })
    .as(
      sql`select id as item_id, cart_id as item_cart_id, medicine_id as item_medicine_id, quantity as item_quantity,
        created_at as item_created_at
      from ${cartItems} where cart_id = (select cart_id from ${added})
      union all
      select id, cart_id, medicine_id, quantity, created_at from ${added}`,
    );
  // Each line's medicine read through its key, one lookup a line: joined plainly, a generic plan
  // made while the cart tables were new hashed the whole catalogue for a one-line cart on a server
  // at the default random_page_cost (a sequential read of every medicine on each add). A lateral
  // subquery with a limit is not flattened into a join, so it is always the lookup (docs/decisions/0094).
  const medicine = db
    .select({ ...medicineColumns, stock: medicineColumns.stock.as('stock') })
    .from(medicines)
    .where(eq(medicines.id, items.medicineId))
    .limit(1)
    .as('medicine');
  return db
    .with(added, items)
    .select({
      item: {
        id: items.id,
        cartId: items.cartId,
        medicineId: items.medicineId,
        quantity: items.quantity,
        createdAt: items.createdAt,
      },
      // The subquery's columns, under the names of the medicine's row.
      medicine: Object.fromEntries(
        Object.keys(medicineColumns).map((key) => [key, medicine[key as keyof typeof medicineColumns]]),
      ) as { [Key in keyof typeof medicineColumns]: (typeof medicine)[Key] },
    })
    .from(items)
    .innerJoinLateral(medicine, sql`true`)
    .orderBy(asc(items.createdAt), asc(items.id))
    .prepare('add_cart_item');
});

/** Only the medicine and the quantity are read from the request; everything else comes from the catalogue. */
export async function addToCart(db: Db, userId: string, { medicineId, quantity = 1 }: AddToCart): Promise<Cart> {
  // The cart usually exists and the item goes into it in one statement. Only when nothing went in
  // is the medicine read, to say why: unknown, over its limit or its stock (the same checks the
  // statement made), else no cart yet (a first add creates it, the unique key settling concurrent
  // first adds, and puts the item in again) or the medicine is in it already.
  const addItem = () => addItemQuery(db).execute({ userId, medicineId, quantity });
  let rows = isUuid(medicineId) ? await addItem() : [];
  if (rows.length === 0) {
    assertOrderable(await findMedicine(db, medicineId), quantity);
    await db.insert(carts).values({ userId }).onConflictDoNothing();
    rows = await addItem();
    if (rows.length === 0) throw HttpError.conflict(ALREADY_IN_CART_MESSAGE);
  }
  return toCart(rows[0]!.item.cartId, rows);
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

/**
 * The quantity never goes below 1, and a step up never past the stock or the limit per order. A step
 * down is always allowed: a line left above either (a sale, a recall or a limit lowered since it was
 * added) is how the patient comes back to an amount checkout takes.
 */
export async function updateCartItem(
  db: Db,
  userId: string,
  cartItemId: string,
  operation: CartOperation,
): Promise<CartItem> {
  const row = await findOwnItem(db, userId, cartItemId);
  const { item, medicine } = row;
  const increment = operation === CART_OPERATION.increment;
  const quantity = item.quantity + (increment ? 1 : -1);
  if (quantity < 1) throw HttpError.conflict(QUANTITY_BELOW_ONE_MESSAGE);
  if (increment) assertOrderable(medicine, quantity);
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
export async function clearCart(db: Db | Tx, userId: string): Promise<void> {
  await db.delete(carts).where(eq(carts.userId, userId));
}
