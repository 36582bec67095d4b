import { MEDICINE_DUPLICATE_MESSAGE } from '@apotheca/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { medicines } from '../../db/schema';
import { HttpError } from '../../http-error';

// A medicine is the product its name, maker, strength and pack size name (docs/decisions/0130): the
// form refuses a second one, and the catalogue import matches its rows by the same parts.

/** The parts of a medicine that say which product it is, as the import's columns name them. */
export const IDENTITY_FIELDS = ['name', 'developedBy', 'strength', 'packSize'] as const;
export type IdentityParts = { [Field in (typeof IDENTITY_FIELDS)[number]]?: string | null };

/** A part as it is compared: case and whitespace do not count ("500mg" is "500 MG"); not stated is ''. */
const comparable = (part: string | null | undefined) => (part ?? '').replace(/\s+/g, '').toLowerCase();

/** The medicine's identity by `fields` (all four unless fewer are named), equal for one product. */
export const identityKey = (medicine: IdentityParts, fields: readonly string[] = IDENTITY_FIELDS) =>
  IDENTITY_FIELDS.filter((field) => fields.includes(field))
    .map((field) => comparable(medicine[field]))
    .join('\u0000');

/** Any number, the same in every write that may make a medicine: the one advisory lock they share. */
const IDENTITY_LOCK_KEY = 7_246_383;

/**
 * Makes every other write that may add a medicine, or change what one is, wait for this transaction:
 * its check of the catalogue then holds until it commits. A unique index cannot do this, as the
 * catalogue may hold doubles from before the rule, which must stay editable.
 */
export async function lockIdentities(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IDENTITY_LOCK_KEY})`);
}

/**
 * Refuses (409, at the name field) a medicine that another one already is, in the caller's
 * transaction with the identities locked. `exceptId` is the medicine being edited.
 */
export async function assertNoOtherMedicineIs(tx: Tx, medicine: IdentityParts, exceptId?: string): Promise<void> {
  await lockIdentities(tx);
  // The database narrows to the name (a contract name is ASCII, so its case folds alike in both);
  // the whole comparison is the import's.
  const sameName = await tx
    .select({
      name: medicines.name,
      developedBy: medicines.developedBy,
      strength: medicines.strength,
      packSize: medicines.packSize,
    })
    .from(medicines)
    .where(
      and(
        eq(sql`lower(regexp_replace(${medicines.name}, '\\s', '', 'g'))`, comparable(medicine.name)),
        exceptId === undefined ? undefined : ne(medicines.id, exceptId),
      ),
    );
  const key = identityKey(medicine);
  if (sameName.some((other) => identityKey(other) === key))
    throw HttpError.conflict(MEDICINE_DUPLICATE_MESSAGE, { name: MEDICINE_DUPLICATE_MESSAGE });
}
