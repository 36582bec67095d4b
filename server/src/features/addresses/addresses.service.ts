import {
  ADDRESS_BOOK_FULL_MESSAGE,
  ADDRESS_BOOK_MAX,
  ADDRESS_NOT_FOUND_MESSAGE,
  type Address,
  type AddressInput,
  type NewAddress,
  type OrderAddress,
  type UpdateAddress,
} from '@apotheca/contract';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../db/ids';
import { addresses, users } from '../../db/schema';
import { HttpError } from '../../http-error';

// A patient's address book. Every query names the owner: another patient's address answers as a
// missing one, so ids reveal nothing.

type AddressRow = typeof addresses.$inferSelect;

/** The fields an order copies; the book's id and default flag stay in the book. */
const toOrderAddress = ({ name, phone, line1, line2 = '', city, postalCode, country }: AddressInput): OrderAddress => ({
  name,
  phone,
  line1,
  line2,
  city,
  postalCode,
  country,
});

const toAddress = (row: AddressRow): Address => ({
  _id: row.id,
  ...toOrderAddress(row),
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
});

const own = (userId: string, id: string) => and(eq(addresses.id, id), eq(addresses.userId, userId));

/** The caller's addresses, the default first, then oldest first. */
export async function listAddresses(db: Db, userId: string): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id));
  return rows.map(toAddress);
}

/** One of the caller's addresses, or a 404. */
async function findOwnAddress(db: Db | Tx, userId: string, id: string): Promise<Address> {
  const [row] = isUuid(id) ? await db.select().from(addresses).where(own(userId, id)) : [];
  if (!row) throw HttpError.notFound(ADDRESS_NOT_FOUND_MESSAGE);
  return toAddress(row);
}

/** A default address takes the flag from the caller's others, in the same transaction. */
async function clearOtherDefaults(tx: Tx, userId: string, keep: string) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), ne(addresses.id, keep), eq(addresses.isDefault, true)));
}

/**
 * A patient's book changes one write at a time: their row is locked for the transaction, so a limit or
 * the one default is checked against the book as the write before left it.
 */
async function lockBook(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/**
 * Adds an address to a book that has room, or answers null; a patient's first address is their
 * default. The patient's row is locked first, so two adds at once cannot both take the last place.
 */
async function addToBook(db: Db | Tx, userId: string, input: NewAddress): Promise<Address | null> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [{ held } = { held: 0 }] = await tx
      .select({ held: count() })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    if (held >= ADDRESS_BOOK_MAX) return null;
    const isDefault = Boolean(input.isDefault) || held === 0;
    if (isDefault) await tx.update(addresses).set({ isDefault: false }).where(eq(addresses.userId, userId));
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...toOrderAddress(input), isDefault })
      .returning();
    return toAddress(row!);
  });
}

/** Adds an address, or answers 409 when the book is full. */
export async function createAddress(db: Db | Tx, userId: string, input: NewAddress): Promise<Address> {
  const address = await addToBook(db, userId, input);
  if (!address) throw HttpError.conflict(ADDRESS_BOOK_FULL_MESSAGE);
  return address;
}

/** Keeps an address typed at checkout, unless the book is full: the placed order holds its own copy. */
export async function keepCheckoutAddress(db: Db, userId: string, input: AddressInput): Promise<void> {
  await addToBook(db, userId, input);
}

/**
 * Edits an address. The patient's row is locked first, as an add and a delete do: two addresses made
 * the default at once (or one made the default while the default is deleted) would otherwise each
 * clear the defaults they saw and both end up the default, which the book's one-default index refuses.
 */
export async function updateAddress(db: Db, userId: string, id: string, changes: UpdateAddress): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const current = await findOwnAddress(tx, userId, id);
    if (changes.isDefault) await clearOtherDefaults(tx, userId, id);
    const [row] = await tx
      .update(addresses)
      .set({
        ...toOrderAddress({ ...current, ...changes }),
        // The default is given away only by making another one the default.
        isDefault: current.isDefault || Boolean(changes.isDefault),
      })
      .where(own(userId, id))
      .returning();
    return toAddress(row!);
  });
}

/**
 * Deletes an address; placed orders keep their own copies of it. A book that is not empty keeps a
 * default, as its first address is one: deleting the default makes the oldest address left the
 * default. The patient's row is locked first, as an add does, so an add meanwhile sees the book as
 * it is after the delete.
 */
export async function deleteAddress(db: Db, userId: string, id: string): Promise<void> {
  if (!isUuid(id)) throw HttpError.notFound(ADDRESS_NOT_FOUND_MESSAGE);
  await db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [deleted] = await tx.delete(addresses).where(own(userId, id)).returning({ isDefault: addresses.isDefault });
    if (!deleted) throw HttpError.notFound(ADDRESS_NOT_FOUND_MESSAGE);
    if (!deleted.isDefault) return;
    const [oldest] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(asc(addresses.createdAt), asc(addresses.id))
      .limit(1);
    if (oldest) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, oldest.id));
  });
}

/**
 * The address an order is placed with, or given later (docs/decisions/0135): one of the caller's
 * saved ones (another's answers 404), a new one as typed, or none.
 */
export async function deliveryAddress(
  db: Db | Tx,
  userId: string,
  { addressId, address }: { addressId?: string | undefined; address?: AddressInput | undefined },
): Promise<OrderAddress | null> {
  if (addressId) return toOrderAddress(await findOwnAddress(db, userId, addressId));
  return address ? toOrderAddress(address) : null;
}
