import {
  DUPLICATE_GROUPS_SHOWN,
  MEDICINE_DUPLICATE_MESSAGE,
  type MedicineDuplicatesResponse,
} from '@apotheca/contract';
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { comparableName, medicines } from '../../db/schema';
import { HttpError } from '../../http-error';
import { SELLABLE_STOCK } from '../stock/stock.service';

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

/** The medicines grouped by `keyOf`, each group in the order the medicines came. */
export function medicinesBy<Medicine>(catalogue: Medicine[], keyOf: (m: Medicine) => string): Map<string, Medicine[]> {
  const groups = new Map<string, Medicine[]>();
  for (const m of catalogue) {
    const key = keyOf(m);
    const group = groups.get(key);
    if (group) group.push(m);
    else groups.set(key, [m]);
  }
  return groups;
}

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

/** The columns `identityKey` reads. */
const identityColumns = {
  name: medicines.name,
  developedBy: medicines.developedBy,
  strength: medicines.strength,
  packSize: medicines.packSize,
};

/**
 * Refuses (409, at the name field) a medicine that another one already is, in the caller's
 * transaction with the identities locked. `exceptId` is the medicine being edited.
 */
export async function assertNoOtherMedicineIs(tx: Tx, medicine: IdentityParts, exceptId?: string): Promise<void> {
  await lockIdentities(tx);
  // The database narrows to the name, through its index; the whole comparison is the import's.
  const sameName = await tx
    .select(identityColumns)
    .from(medicines)
    .where(
      and(
        eq(comparableName(medicines.name), comparable(medicine.name)),
        exceptId === undefined ? undefined : ne(medicines.id, exceptId),
      ),
    );
  const key = identityKey(medicine);
  if (sameName.some((other) => identityKey(other) === key))
    throw HttpError.conflict(MEDICINE_DUPLICATE_MESSAGE, { name: MEDICINE_DUPLICATE_MESSAGE });
}

/**
 * The medicines that are one medicine, stored before the refusal above (docs/decisions/0138): the
 * database narrows to the medicines whose name another one shares, as the refusal narrows to one name
 * (folding each name once, in the index's order when the planner reads it), and `identityKey` groups
 * them as the refusal compares them. Groups go by name; the stock is read for the groups shown alone.
 */
export async function findDuplicates(db: Db): Promise<MedicineDuplicatesResponse> {
  const name = comparableName(medicines.name);
  const byName = db
    .select({
      _id: medicines.id,
      ...identityColumns,
      createdAt: medicines.createdAt,
      comparableName: sql<string>`${name}`.as('comparable_name'),
      sharing: sql<number>`count(*) over (partition by ${name})`.as('sharing'),
    })
    .from(medicines)
    .as('by_name');
  const sameNames = await db
    .select({
      _id: byName._id,
      name: byName.name,
      developedBy: byName.developedBy,
      strength: byName.strength,
      packSize: byName.packSize,
    })
    .from(byName)
    .where(gt(byName.sharing, 1))
    .orderBy(asc(byName.comparableName), asc(byName.createdAt), asc(byName._id));
  const groups = [...medicinesBy(sameNames, (m) => identityKey(m)).values()].filter((group) => group.length > 1);
  const shown = groups.slice(0, DUPLICATE_GROUPS_SHOWN);
  const shownIds = shown.flat().map((m) => m._id);
  const stocks = new Map(
    shownIds.length === 0
      ? []
      : (
          await db
            .select({ id: medicines.id, stock: SELLABLE_STOCK.mapWith(Number) })
            .from(medicines)
            .where(inArray(medicines.id, shownIds))
        ).map(({ id, stock }) => [id, stock]),
  );
  return {
    groups: shown.map((group) => ({ medicines: group.map((m) => ({ ...m, stock: stocks.get(m._id) ?? 0 })) })),
    groupCount: groups.length,
    medicineCount: groups.reduce((count, group) => count + group.length, 0),
  };
}
