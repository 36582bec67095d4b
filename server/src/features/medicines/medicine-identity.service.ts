import { MEDICINE_DUPLICATE_MESSAGE, type MedicineDuplicatesResponse } from '@apotheca/contract';
import { and, asc, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { comparableName, medicines } from '../../db/schema';
import { HttpError } from '../../http-error';
import { SELLABLE_STOCK } from '../stock/stock.service';
import type { CatalogueCache } from './catalogue-cache.service';

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
 * A part's digits, in order: folding case and whitespace never makes, drops or moves one (no letter
 * lower-cases to a digit), so medicines that `identityKey` calls one have the same digits in each part,
 * whatever the database's locale makes of the letters. Two `translate`s, as a pattern costs several
 * times more per row: the inner one is the part's other characters, which the outer one removes.
 */
const digitsOf = (part: AnyPgColumn) => sql`translate(${part}, translate(${part}, '0123456789', ''), '')`;

/**
 * What the duplicates report narrows by, in the database: the folded name, and the digits of the
 * strength and the pack size. Medicines that are one medicine are alike in all three, so a medicine
 * alike to no other is in no group, and only the others are read.
 */
const likeness = (table: Record<'name' | 'strength' | 'packSize', AnyPgColumn>) => [
  comparableName(table.name),
  digitsOf(table.strength),
  digitsOf(table.packSize),
];

/** A medicine as the duplicates report groups it: its id and the parts `identityKey` reads. */
type Identity = { _id: string } & { [Field in (typeof IDENTITY_FIELDS)[number]]: string };

/**
 * The report's groups, and the identity of each medicine alike to another (its folded name and
 * `identityKey`), as they stood at a generation of the catalogue.
 */
type DuplicatesSnapshot = { generation: number; groups: Identity[][]; keys: Map<string, string> };

/** What the report needs of the catalogue's cache: how often the catalogue changed, and which medicines. */
type CatalogueChanges = Pick<CatalogueCache, 'generation' | 'changedSince'>;

/** A medicine's place in the report: the name the database folded, then its identity. */
const reportKey = (medicine: Identity & { folded: string }) => `${medicine.folded}\u0000${identityKey(medicine)}`;

/**
 * The medicines that are one medicine, stored before the refusal above (docs/decisions/0138, 0141,
 * 0143), a page of groups at a time. The grouping reads every medicine alike to another, so it is kept,
 * and made again only when the catalogue cache (told by every write to a medicine or its stock, on
 * this instance or another) says that a medicine was added or deleted, or one it named changed its
 * identity or became alike to another: a stream of checkouts changes stocks only, and the medicines it
 * named are read again by id to tell. The stock of a page's medicines is read with each call.
 */
export function createDuplicatesReport(db: Db, catalogue: CatalogueChanges) {
  let current: DuplicatesSnapshot | undefined;
  let loading: Promise<DuplicatesSnapshot> | undefined;
  const folded = comparableName(medicines.name);
  const others = alias(medicines, 'others');
  /**
   * How many medicines a medicine (of the outer query) is alike to, itself included: read through the
   * index of folded names, as the refusal's lookup is.
   */
  const alikeCount = db
    .select({ count: count() })
    .from(others)
    .where(and(...likeness(others).map((part, i) => eq(part, likeness(medicines)[i]!))));

  /**
   * The identities of the medicines alike to another, grouped: the database folds each name with
   * `comparableName`, as the refusal narrows to one name, and `identityKey` groups the medicines of a
   * folded name as the refusal compares them. Groups go by name, then by when each medicine was added.
   */
  const build = async (generation: number): Promise<DuplicatesSnapshot> => {
    const counted = db
      .select({
        _id: medicines.id,
        ...identityColumns,
        createdAt: medicines.createdAt,
        folded: sql<string>`${folded}`.as('folded'),
        alike: sql<number>`count(*) over (partition by ${sql.join(likeness(medicines), sql`, `)})`.as('alike'),
      })
      .from(medicines)
      .as('catalogue');
    const { _id, name, developedBy, strength, packSize } = counted;
    const alikeRows = await db
      .select({ _id, name, developedBy, strength, packSize, folded: counted.folded })
      .from(counted)
      .where(gt(counted.alike, 1))
      .orderBy(asc(counted.folded), asc(counted.createdAt), asc(_id));
    const keys = new Map(alikeRows.map((m) => [m._id, reportKey(m)]));
    const groups = [...medicinesBy(alikeRows, (m) => keys.get(m._id)!).values()]
      .filter((group) => group.length > 1)
      .map((group) => group.map(({ folded: _, ...identity }) => identity));
    return { generation, groups, keys };
  };

  /**
   * `previous` still true at `generation` when every medicine changed since is there, and either was
   * alike to another and kept its identity, or is still alike to none.
   */
  const stillTrue = async (previous: DuplicatesSnapshot, generation: number) => {
    const changedIds = catalogue.changedSince(previous.generation);
    if (!changedIds) return undefined;
    const ids = [...changedIds];
    const changed =
      ids.length === 0
        ? []
        : await db
            .select({
              _id: medicines.id,
              ...identityColumns,
              folded: sql<string>`${folded}`,
              alike: sql<number>`(${alikeCount})`.mapWith(Number),
            })
            .from(medicines)
            .where(inArray(medicines.id, ids));
    const kept =
      changed.length === ids.length &&
      changed.every((m) => {
        const key = previous.keys.get(m._id);
        return key === undefined ? m.alike === 1 : key === reportKey(m);
      });
    return kept ? { ...previous, generation } : undefined;
  };

  /** A snapshot at least as new as the catalogue when asked for; concurrent callers share one making. */
  const snapshot = async (): Promise<DuplicatesSnapshot> => {
    const wanted = catalogue.generation();
    while (!current || current.generation < wanted) {
      loading ??= (async () => {
        try {
          // Tagged with the generation it started in: a write landing meanwhile makes the next call look again.
          const generation = catalogue.generation();
          current = (current && (await stillTrue(current, generation))) ?? (await build(generation));
          return current;
        } finally {
          loading = undefined;
        }
      })();
      await loading;
    }
    return current;
  };

  return async ({ page, limit }: { page: number; limit: number }): Promise<MedicineDuplicatesResponse> => {
    const { groups } = await snapshot();
    const shown = groups.slice((page - 1) * limit, page * limit);
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
      total: groups.length,
      medicineCount: groups.reduce((count, group) => count + group.length, 0),
    };
  };
}
