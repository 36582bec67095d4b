import {
  ADD_IMAGE_FILE_MESSAGE,
  AUDIT_KIND,
  addImageUrlSchema,
  addMedicineFieldsSchema,
  maxPerOrderMessage,
  MEDICINE_CHANGED_MESSAGE,
  MEDICINE_VERSION_MESSAGE,
  medicineEtag,
  medicineVersionSchema,
  PACK_COUNT,
  recalledMedicineKeptMessage,
  packUnits,
  SUBSTITUTES_LIMIT,
  type Substitute,
  updateImageUrlSchema,
  updateMedicineFieldsSchema,
  type Medicine,
  type medicineListQuerySchema,
} from '@apotheca/contract';
import { and, asc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { type z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { isUuid } from '../../db/ids';
import { preparedQuery } from '../../db/prepared';
import { centsToDollars, dollarsToCents } from '../../db/money';
import { lockInIdOrder } from '../../db/lock-order';
import { retryOnceOnLockConflict } from '../../db/retry';
import { cartItems, medicines } from '../../db/schema';
import { HttpError } from '../../http-error';
import { changedFields, filledFields, recordAudit } from '../audit/audit.service';
import {
  adjustStockTotal,
  NEXT_VERSION,
  receiveFirstBatch,
  recalledLotKept,
  SELLABLE_STOCK,
  stockConflict,
} from '../stock/stock.service';
import type { CatalogueWriter } from './catalogue-cache.service';
import { assertNoOtherMedicineIs, identityKey } from './medicine-identity.service';
import { imageRefusal, removeMedicineImage, storeMedicineImage } from './medicine-image.service';

/** A medicine's row with its stock: the sellable total of its batches today. */
export const medicineColumns = { ...getTableColumns(medicines), stock: SELLABLE_STOCK.mapWith(Number) };
export type MedicineRow = typeof medicines.$inferSelect & { stock: number };
export type MedicineListFilter = z.infer<typeof medicineListQuerySchema>;

export const MEDICINE_NOT_FOUND_MESSAGE = 'Medicine not found';

/** A cart may hold `quantity` of the medicine: at most its limit per order, then at most its stock (409). */
export function assertOrderable(medicine: MedicineRow, quantity: number): void {
  if (medicine.maxPerOrder !== null && quantity > medicine.maxPerOrder)
    throw HttpError.conflict(maxPerOrderMessage(medicine.maxPerOrder, medicine.name));
  if (quantity > medicine.stock) throw stockConflict(medicine);
}

export function toMedicine(row: MedicineRow): Medicine {
  return {
    _id: row.id,
    name: row.name,
    developedBy: row.developedBy,
    maxMonthsExpiry: row.maxMonthsExpiry,
    category: row.category,
    stock: row.stock,
    price: centsToDollars(row.priceCents),
    imageUrl: row.imageUrl,
    version: row.version,
    activeIngredient: row.activeIngredient,
    strength: row.strength,
    dosageForm: row.dosageForm,
    packSize: row.packSize,
    prescriptionRequired: row.prescriptionRequired,
    maxPerOrder: row.maxPerOrder,
    description: row.description,
    directions: row.directions,
    sideEffects: row.sideEffects,
    warnings: row.warnings,
    storage: row.storage,
  };
}

/** The medicine row of a path id; a malformed id matches nothing, like an unknown one. */
// Read by every add to cart.
const medicineQuery = preparedQuery((db) =>
  db
    .select(medicineColumns)
    .from(medicines)
    .where(eq(medicines.id, sql.placeholder('id')))
    .prepare('find_medicine'),
);

export async function findMedicine(db: Db, id: string): Promise<MedicineRow> {
  const [row] = isUuid(id) ? await medicineQuery(db).execute({ id }) : [];
  if (!row) throw HttpError.notFound(MEDICINE_NOT_FOUND_MESSAGE);
  return row;
}

/** Strengths match whatever the case and spacing they were typed in ("500mg" is "500 mg"), as the index does. */
const strengthKey = sql`lower(replace(${medicines.strength}, ' ', ''))`;

/**
 * Other medicines with the same active ingredient, strength and dosage form, cheapest per unit first, each
 * with what it saves against this one. A medicine that does not state all three has none.
 */
export async function findSubstitutes(db: Db, id: string): Promise<Substitute[]> {
  const medicine = await findMedicine(db, id);
  if (!medicine.activeIngredient || !medicine.strength || !medicine.dosageForm) return [];
  const rows = await substitutesQuery(db, medicine);
  const pack = packUnits(medicine.packSize);
  return rows.map((row) => {
    const substitutePack = packUnits(row.packSize);
    const unitPrice = substitutePack && centsToDollars(row.priceCents / substitutePack.count);
    return {
      ...toMedicine(row),
      saving: centsToDollars(medicine.priceCents - row.priceCents),
      unitPrice,
      unit: substitutePack?.unit ?? null,
      // Packs of different sizes compare only unit for unit, and only in the same unit.
      savingPerUnit:
        pack && substitutePack && pack.unit === substitutePack.unit
          ? centsToDollars(medicine.priceCents / pack.count - row.priceCents / substitutePack.count)
          : null,
    };
  });
}

// A pack's count of units and its unit as packUnits reads them, in SQL: the same pattern, the unit word in
// the singular and lower case ('tablet', 'capsule', 'ml'); both null for a pack of no count.
const packMatch = sql`regexp_match(btrim(${medicines.packSize}), ${PACK_COUNT.source}, 'i')`;
const packCount = sql`nullif((${packMatch})[1]::numeric, 0)`;
const packUnit = sql`case when ${packCount} is not null then rtrim(lower((${packMatch})[2]), 's') end`;

/**
 * The query of findSubstitutes, on its own so the bench can print its plan. The list shows each
 * substitute's price per unit, so it is ordered by that: those priced in the medicine's own unit first,
 * then those in another unit, then those of no unit; ties by pack price, name and id. The database
 * orders and limits, so a common ingredient's hundred substitutes are not all read to show the first.
 */
export function substitutesQuery(db: Db, medicine: MedicineRow) {
  const ownUnit = packUnits(medicine.packSize)?.unit.toLowerCase() ?? null;
  return db
    .select(medicineColumns)
    .from(medicines)
    .where(
      and(
        eq(sql`lower(${medicines.activeIngredient})`, medicine.activeIngredient.toLowerCase()),
        eq(strengthKey, medicine.strength.replace(/ /g, '').toLowerCase()),
        eq(medicines.dosageForm, medicine.dosageForm!),
        ne(medicines.id, medicine.id),
      ),
    )
    .orderBy(
      sql`case when ${packUnit} is null then 2 when ${packUnit} = ${ownUnit} then 0 else 1 end`,
      asc(packUnit),
      asc(sql`${medicines.priceCents} / ${packCount}`),
      asc(medicines.priceCents),
      asc(medicines.name),
      asc(medicines.id),
    )
    .limit(SUBSTITUTES_LIMIT);
}

/** A medicine's fields as the audit log keeps them: all but its id (the entry's subject) and version. */
const auditedFields = ({ _id, version: _version, ...fields }: Medicine) => fields;

/** An image URL as a client on another origin can use it: an uploaded image's path is prefixed with `APP_URL`. */
export const absoluteImageUrl = (imageUrl: string, appUrl: string) =>
  imageUrl.startsWith('/') ? `${appUrl}${imageUrl}` : imageUrl;

/** The add and update forms as they arrive: text fields, and the image file if one was sent. */
export type MedicineForm = { fields: Record<string, string>; image?: { field: string; content: Buffer } };

/** `{ field: first message }` of a failed parse: the `errors` of a 400 answer. */
export function fieldMessages(error: z.ZodError, field?: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[field ?? String(issue.path[0] ?? '_')] ??= issue.message;
  return errors;
}

/**
 * Checks the text fields and the image together, so one answer names every wrong field, and
 * stores a new image only once everything is valid. `keptImageUrl` is the image an update keeps
 * when the form brings none (or sends the current URL back unchanged).
 */
async function readForm(
  db: Db,
  form: MedicineForm,
  rules: {
    fields: typeof addMedicineFieldsSchema;
    imageUrl: typeof addImageUrlSchema;
    keptImageUrl?: string;
    appUrl?: string;
  },
) {
  const fields = rules.fields.safeParse(form.fields);
  const errors: Record<string, string> = fields.success ? {} : fieldMessages(fields.error);
  const sentUrl = form.fields.imageUrl?.trim();
  const kept = rules.keptImageUrl;
  // An update without a new image, or with its current URL sent back (as stored, or absolute as
  // `GET /medicines/:id` shows it at the top level), keeps the image it has.
  const keepsImage =
    kept !== undefined && (!sentUrl || sentUrl === kept || sentUrl === absoluteImageUrl(kept, rules.appUrl ?? ''));
  let imageUrl: string | undefined;
  const refusal = form.image && (await imageRefusal(form.image.content));
  if (form.image) {
    if (refusal) errors[form.image.field] = refusal.message;
  } else if (keepsImage) {
    imageUrl = rules.keptImageUrl;
  } else if (sentUrl !== undefined) {
    const url = rules.imageUrl.safeParse(sentUrl);
    if (url.success) imageUrl = url.data;
    else Object.assign(errors, fieldMessages(url.error, 'imageUrl'));
  } else {
    errors.medicine_img = ADD_IMAGE_FILE_MESSAGE;
  }
  if (!fields.success || Object.keys(errors).length > 0) {
    // An image of too many pixels is too large (413), as a file past its bytes is; any field's error stands beside it.
    if (refusal?.status === 413) throw new HttpError(413, refusal.message, errors);
    throw HttpError.badRequest(Object.values(errors)[0]!, errors);
  }
  imageUrl ??= await storeMedicineImage(db, form.image!.content);
  const { price, ...rest } = fields.data;
  return { ...rest, priceCents: dollarsToCents(price), imageUrl };
}

// Each write below makes the catalogue forget everything once it commits: a new, renamed or deleted
// medicine moves lists, facets and suggestions, not just its own answers.

export async function addMedicine(
  db: Db,
  catalogue: CatalogueWriter,
  form: MedicineForm,
  actorId: string,
): Promise<Medicine> {
  const values = await readForm(db, form, { fields: addMedicineFieldsSchema, imageUrl: addImageUrlSchema });
  const { stock, ...fields } = values;
  const added = await withImageRemovedOnFailure(db, form.image ? values.imageUrl : undefined, async (tx) => {
    await assertNoOtherMedicineIs(tx, fields);
    const [added] = await tx.insert(medicines).values(fields).returning();
    await receiveFirstBatch(tx, added!, stock);
    const medicine = toMedicine({ ...added!, stock });
    await recordAudit(tx, {
      actorId,
      kind: AUDIT_KIND.medicineCreated,
      medicineId: medicine._id,
      after: filledFields(auditedFields(medicine)),
    });
    return medicine;
  });
  await catalogue.invalidate();
  return added;
}

/** Runs `write` in a transaction; when it fails (refused as a double), the image the form uploaded goes too. */
async function withImageRemovedOnFailure<T>(db: Db, storedImageUrl: string | undefined, write: (tx: Tx) => Promise<T>) {
  try {
    return await db.transaction(write);
  } catch (error) {
    if (storedImageUrl !== undefined) await removeMedicineImage(db, storedImageUrl);
    throw error;
  }
}

/** The version an update is based on; a malformed one is a 400 on the `version` field. */
function sentVersion(form: MedicineForm): number | undefined {
  const version = medicineVersionSchema.safeParse(form.fields.version);
  if (!version.success) throw HttpError.badRequest(MEDICINE_VERSION_MESSAGE, { version: MEDICINE_VERSION_MESSAGE });
  return version.data;
}

/** `If-Match` holds `*` or a list of entity tags; it holds when one of them is the medicine's (strong comparison). */
function ifMatchHolds(ifMatch: string, version: number): boolean {
  const tags = ifMatch.split(',').map((tag) => tag.trim());
  return tags.includes('*') || tags.includes(medicineEtag(version));
}

/**
 * The update's precondition (docs/decisions/0043): a `version` field, an `If-Match` header, or both,
 * each naming the version the form was based on. A stale one is a 409 and nothing changes. With
 * neither the update is unconditional, as HTTP has it: it says whether the write must still find
 * the version it was checked against.
 */
function checkUpdatePrecondition(
  current: MedicineRow,
  form: MedicineForm,
  ifMatch: string | undefined,
): { conditional: boolean } {
  const version = sentVersion(form);
  if (version !== undefined && version !== current.version) throw HttpError.conflict(MEDICINE_CHANGED_MESSAGE);
  if (ifMatch !== undefined && !ifMatchHolds(ifMatch, current.version))
    throw HttpError.conflict(MEDICINE_CHANGED_MESSAGE);
  return { conditional: version !== undefined || ifMatch !== undefined };
}

/**
 * Writes the form; a conditional update only onto the version it was based on (optimistic
 * concurrency, in the statement that writes, so no sale can slip in between).
 */
export async function updateMedicine(
  db: Db,
  catalogue: CatalogueWriter,
  id: string,
  form: MedicineForm,
  request: { ifMatch: string | undefined; appUrl: string; actorId: string },
): Promise<Medicine> {
  const current = await findMedicine(db, id);
  const { conditional } = checkUpdatePrecondition(current, form, request.ifMatch);
  const values = await readForm(db, form, {
    fields: updateMedicineFieldsSchema,
    imageUrl: updateImageUrlSchema,
    keptImageUrl: current.imageUrl,
    appUrl: request.appUrl,
  });
  const { stock, ...fields } = values;
  // The stock is a total of batches: a change of it is an adjustment on them, under the same precondition.
  const updated = await withImageRemovedOnFailure(db, form.image ? values.imageUrl : undefined, async (tx) => {
    // A medicine stored twice before the rule stays editable: only a change of what it is is checked.
    const next = {
      name: fields.name,
      developedBy: fields.developedBy,
      strength: fields.strength ?? current.strength,
      packSize: fields.packSize ?? current.packSize,
    };
    if (identityKey(next) !== identityKey(current)) await assertNoOtherMedicineIs(tx, next, current.id);
    // The medicine as this write finds it, locked, then read with its stock (every sale locks the row
    // first): an update without a version that waited for another is told apart by what it changes
    // from there, so a form sent twice at once is one change in the audit log, not two of the same.
    // Two statements: a locking read that waited still computes the stock in its batches as they were
    // before the wait, and only the next statement sees what the other write committed.
    await tx.select({ id: medicines.id }).from(medicines).where(eq(medicines.id, current.id)).for('update');
    const [before] = await tx.select(medicineColumns).from(medicines).where(eq(medicines.id, current.id));
    if (!before || (conditional && before.version !== current.version)) return undefined;
    // Locked above, the row is there to write.
    const [written] = await tx
      .update(medicines)
      // A new image is no longer the one an import fetched: the next import of that URL fetches it again.
      .set({
        ...fields,
        ...(fields.imageUrl !== current.imageUrl && { imageSourceUrl: null }),
        updatedAt: new Date(),
        version: NEXT_VERSION,
      })
      .where(eq(medicines.id, current.id))
      .returning();
    const row = written!;
    await adjustStockTotal(tx, row, stock, request.actorId);
    const changed = changedFields(auditedFields(toMedicine(before)), auditedFields(toMedicine({ ...row, stock })));
    // A form sent back unchanged changes nothing, and is no entry.
    if (Object.keys(changed.after).length > 0)
      await recordAudit(tx, {
        actorId: request.actorId,
        kind: AUDIT_KIND.medicineUpdated,
        medicineId: row.id,
        ...changed,
      });
    return row;
  });
  // Changed or deleted between the read and the write: the new image has no owner either.
  if (!updated) {
    if (values.imageUrl !== current.imageUrl) await removeMedicineImage(db, values.imageUrl);
    const [still] = await db.select({ id: medicines.id }).from(medicines).where(eq(medicines.id, current.id));
    throw still ? HttpError.conflict(MEDICINE_CHANGED_MESSAGE) : HttpError.notFound(MEDICINE_NOT_FOUND_MESSAGE);
  }
  await catalogue.invalidate();
  if (updated.imageUrl !== current.imageUrl) await removeMedicineImage(db, current.imageUrl);
  return toMedicine(await findMedicine(db, id));
}

/**
 * Cart items go with it (foreign-key cascade); order items keep their copied name and price.
 * A checkout locks its cart items before their medicines, so the deletion does the same: it locks
 * the cart items that hold the medicine first, and two such transactions cannot deadlock.
 */
export async function deleteMedicine(
  db: Db,
  catalogue: CatalogueWriter,
  id: string,
  actorId: string,
): Promise<Medicine> {
  const [row] = isUuid(id)
    ? await retryOnceOnLockConflict(() =>
        db.transaction(async (tx) => {
          await lockInIdOrder(tx, cartItems, eq(cartItems.medicineId, id));
          const [deleted] = await tx.select(medicineColumns).from(medicines).where(eq(medicines.id, id)).for('update');
          if (!deleted) return [];
          const recalled = await recalledLotKept(tx, id);
          if (recalled !== undefined) throw HttpError.conflict(recalledMedicineKeptMessage(deleted.name, recalled));
          await tx.delete(medicines).where(eq(medicines.id, id));
          await recordAudit(tx, {
            actorId,
            kind: AUDIT_KIND.medicineDeleted,
            medicineId: id,
            before: filledFields(auditedFields(toMedicine(deleted))),
          });
          return [deleted];
        }),
      )
    : [];
  if (!row) throw HttpError.notFound(MEDICINE_NOT_FOUND_MESSAGE);
  await catalogue.invalidate();
  await removeMedicineImage(db, row.imageUrl);
  return toMedicine(row);
}
