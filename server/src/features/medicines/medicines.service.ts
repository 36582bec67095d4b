import {
  ADD_IMAGE_FILE_MESSAGE,
  addImageUrlSchema,
  addMedicineFieldsSchema,
  maxPerOrderMessage,
  IMAGE_TYPE_MESSAGE,
  MEDICINE_FACETS,
  type MedicineFacet,
  type MedicineFacets,
  MEDICINE_CHANGED_MESSAGE,
  MEDICINE_VERSION_MESSAGE,
  medicineVersionSchema,
  STOCK_NEEDS_VERSION_MESSAGE,
  updateImageUrlSchema,
  updateMedicineFieldsSchema,
  type Medicine,
  type MedicineListResponse,
  type medicineListQuerySchema,
} from '@apotheca/contract';
import { and, asc, count, desc, eq, gt, gte, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import { type z } from 'zod';
import type { Db } from '../../db/client';
import { isUuid } from '../../db/ids';
import { preparedQuery } from '../../db/prepared';
import { centsToDollars, dollarsToCents } from '../../db/money';
import { retryOnceOnLockConflict } from '../../db/retry';
import { cartItems, medicines } from '../../db/schema';
import { HttpError } from '../../http-error';
import { isAcceptedImage, removeMedicineImage, storeMedicineImage } from './medicine-image.service';

export type MedicineRow = typeof medicines.$inferSelect;
export type MedicineListFilter = z.infer<typeof medicineListQuerySchema>;

export const MEDICINE_NOT_FOUND_MESSAGE = 'Medicine not found';

/** The 409 for asking more than the stock, naming the medicine (issue 3), for carts and orders alike. */
export function stockConflict({ name, stock }: { name: string; stock: number }): HttpError {
  return HttpError.conflict(stock === 0 ? `${name} is out of stock.` : `Only ${stock} of ${name} left in stock.`);
}

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
    version: row.version,
  };
}

/** The `version` of a write that changes a medicine's row, stock moved by an order included (docs/decisions/0016). */
export const NEXT_VERSION = sql`${medicines.version} + 1`;

const SORT_ORDER = {
  price_asc: [asc(medicines.priceCents)],
  price_desc: [desc(medicines.priceCents)],
  in_stock: [desc(medicines.stock)],
  out_of_stock: [asc(medicines.stock)],
} satisfies Record<NonNullable<MedicineListFilter['sort']>, SQL[]>;
// Ties are broken by name and then id, so consecutive pages never overlap or skip a row.
const TIE_BREAK = [asc(medicines.name), asc(medicines.id)];
// Without a sort, newest first: a medicine an admin just added heads the list.
const DEFAULT_ORDER = [desc(medicines.createdAt)];

const FACET_COLUMNS = {
  category: medicines.category,
  dosageForm: medicines.dosageForm,
  prescriptionRequired: medicines.prescriptionRequired,
  developedBy: medicines.developedBy,
};

export async function listMedicines(db: Db, filter: MedicineListFilter): Promise<MedicineListResponse> {
  const facetConditions = {
    category: filter.category === undefined ? undefined : eq(medicines.category, filter.category),
    dosageForm: filter.dosageForm === undefined ? undefined : eq(medicines.dosageForm, filter.dosageForm),
    prescriptionRequired:
      filter.prescriptionRequired === undefined
        ? undefined
        : eq(medicines.prescriptionRequired, filter.prescriptionRequired === 'true'),
    developedBy: filter.developedBy === undefined ? undefined : eq(medicines.developedBy, filter.developedBy),
  };
  const conditions = [
    filter.minPrice === undefined ? undefined : gte(medicines.priceCents, dollarsToCents(filter.minPrice)),
    filter.maxPrice === undefined ? undefined : lte(medicines.priceCents, dollarsToCents(filter.maxPrice)),
    filter.inStock === undefined
      ? undefined
      : filter.inStock === 'true'
        ? gt(medicines.stock, 0)
        : eq(medicines.stock, 0),
  ];
  const where = and(...conditions, ...Object.values(facetConditions));
  const order = filter.sort ? SORT_ORDER[filter.sort] : DEFAULT_ORDER;
  // A facet's counts ignore that facet's own filter, so a shopper sees what other choices would give.
  const facetCounts = (facet: MedicineFacet) => {
    const column = FACET_COLUMNS[facet];
    const others = Object.entries(facetConditions).filter(([name]) => name !== facet);
    return db
      .select({ value: column, count: count() })
      .from(medicines)
      .where(and(...conditions, ...others.map(([, condition]) => condition), isNotNull(column)))
      .groupBy(column)
      .orderBy(desc(count()), asc(column))
      .then((rows) => rows.map((row) => ({ value: String(row.value), count: row.count })));
  };
  const [rows, [counted], ...facets] = await Promise.all([
    db
      .select()
      .from(medicines)
      .where(where)
      .orderBy(...order, ...TIE_BREAK)
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(medicines).where(where),
    ...MEDICINE_FACETS.map(facetCounts),
  ]);
  return {
    medicines: rows.map(toMedicine),
    total: counted?.total ?? 0,
    facets: Object.fromEntries(MEDICINE_FACETS.map((facet, i) => [facet, facets[i]!])) as MedicineFacets,
  };
}

/** The medicine row of a path id; a malformed id matches nothing, like an unknown one. */
// Read by every add to cart.
const medicineQuery = preparedQuery((db) =>
  db
    .select()
    .from(medicines)
    .where(eq(medicines.id, sql.placeholder('id')))
    .prepare('find_medicine'),
);

export async function findMedicine(db: Db, id: string): Promise<MedicineRow> {
  const [row] = isUuid(id) ? await medicineQuery(db).execute({ id }) : [];
  if (!row) throw HttpError.notFound(MEDICINE_NOT_FOUND_MESSAGE);
  return row;
}

/** The add and update forms as they arrive: text fields, and the image file if one was sent. */
export type MedicineForm = { fields: Record<string, string>; image?: { field: string; content: Buffer } };

/** `{ field: first message }` of a failed parse, CONTRACT.md's `errors`. */
function fieldMessages(error: z.ZodError, field?: string): Record<string, string> {
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
  form: MedicineForm,
  uploadsDir: string,
  rules: { fields: typeof addMedicineFieldsSchema; imageUrl: typeof addImageUrlSchema; keptImageUrl?: string },
) {
  const fields = rules.fields.safeParse(form.fields);
  const errors: Record<string, string> = fields.success ? {} : fieldMessages(fields.error);
  const sentUrl = form.fields.imageUrl;
  // An update without a new image, or with its current URL sent back, keeps the image it has.
  const keepsImage = rules.keptImageUrl !== undefined && (!sentUrl?.trim() || sentUrl.trim() === rules.keptImageUrl);
  let imageUrl: string | undefined;
  if (form.image) {
    if (!(await isAcceptedImage(form.image.content))) errors[form.image.field] = IMAGE_TYPE_MESSAGE;
  } else if (keepsImage) {
    imageUrl = rules.keptImageUrl;
  } else if (sentUrl !== undefined) {
    const url = rules.imageUrl.safeParse(sentUrl);
    if (url.success) imageUrl = url.data;
    else Object.assign(errors, fieldMessages(url.error, 'imageUrl'));
  } else {
    errors.medicine_img = ADD_IMAGE_FILE_MESSAGE;
  }
  if (!fields.success || Object.keys(errors).length > 0) throw HttpError.badRequest(Object.values(errors)[0]!, errors);
  imageUrl ??= await storeMedicineImage(form.image!.content, uploadsDir);
  const { price, ...rest } = fields.data;
  return { ...rest, priceCents: dollarsToCents(price), imageUrl };
}

export async function addMedicine(db: Db, uploadsDir: string, form: MedicineForm): Promise<Medicine> {
  const values = await readForm(form, uploadsDir, { fields: addMedicineFieldsSchema, imageUrl: addImageUrlSchema });
  const [row] = await db.insert(medicines).values(values).returning();
  return toMedicine(row!);
}

/** The version an update is based on; a malformed one is a 400 on the `version` field. */
function sentVersion(form: MedicineForm): number | undefined {
  const version = medicineVersionSchema.safeParse(form.fields.version);
  if (!version.success) throw HttpError.badRequest(MEDICINE_VERSION_MESSAGE, { version: MEDICINE_VERSION_MESSAGE });
  return version.data;
}

/**
 * Writes the form only onto the version it was based on (optimistic concurrency, docs/decisions/0016).
 * An update without a version is based on the row as it is now, and may not change the stock: it
 * cannot show that it saw the latest sale, so a stale whole form never brings sold units back.
 */
export async function updateMedicine(db: Db, uploadsDir: string, id: string, form: MedicineForm): Promise<Medicine> {
  const current = await findMedicine(db, id);
  const version = sentVersion(form);
  if (version !== undefined && version !== current.version) throw HttpError.conflict(MEDICINE_CHANGED_MESSAGE);
  const values = await readForm(form, uploadsDir, {
    fields: updateMedicineFieldsSchema,
    imageUrl: updateImageUrlSchema,
    keptImageUrl: current.imageUrl,
  });
  const dropNewImage = async () => {
    if (values.imageUrl !== current.imageUrl) await removeMedicineImage(values.imageUrl, uploadsDir);
  };
  if (version === undefined && values.stock !== current.stock) {
    await dropNewImage();
    throw HttpError.conflict(STOCK_NEEDS_VERSION_MESSAGE);
  }
  const [row] = await db
    .update(medicines)
    .set({ ...values, updatedAt: new Date(), version: NEXT_VERSION })
    .where(and(eq(medicines.id, current.id), eq(medicines.version, current.version)))
    .returning();
  // Changed or deleted between the read and the write: the new image has no owner either.
  if (!row) {
    await dropNewImage();
    const [still] = await db.select({ id: medicines.id }).from(medicines).where(eq(medicines.id, current.id));
    throw still ? HttpError.conflict(MEDICINE_CHANGED_MESSAGE) : HttpError.notFound(MEDICINE_NOT_FOUND_MESSAGE);
  }
  if (row.imageUrl !== current.imageUrl) await removeMedicineImage(current.imageUrl, uploadsDir);
  return toMedicine(row);
}

/**
 * Cart items go with it (foreign-key cascade); order items keep their copied name and price.
 * A checkout locks its cart items before their medicines, so the deletion does the same: it locks
 * the cart items that hold the medicine first, and two such transactions cannot deadlock.
 */
export async function deleteMedicine(db: Db, uploadsDir: string, id: string): Promise<Medicine> {
  const [row] = isUuid(id)
    ? await retryOnceOnLockConflict(() =>
        db.transaction(async (tx) => {
          await tx
            .select({ id: cartItems.id })
            .from(cartItems)
            .where(eq(cartItems.medicineId, id))
            .orderBy(asc(cartItems.id))
            .for('update');
          return tx.delete(medicines).where(eq(medicines.id, id)).returning();
        }),
      )
    : [];
  if (!row) throw HttpError.notFound(MEDICINE_NOT_FOUND_MESSAGE);
  await removeMedicineImage(row.imageUrl, uploadsDir);
  return toMedicine(row);
}
