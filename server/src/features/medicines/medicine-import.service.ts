import { randomUUID } from 'node:crypto';
import type { BlockList } from 'node:net';
import {
  addImageUrlSchema,
  addMedicineFieldsSchema,
  AUDIT_KIND,
  cellCountMessage,
  duplicateColumnMessage,
  IMPORT_AMBIGUOUS_MESSAGE,
  IMPORT_CONFLICT_MESSAGE,
  IMPORT_EMPTY_MESSAGE,
  IMPORT_IMAGES_MAX_BYTES,
  IMPORT_IMAGES_TOO_LARGE_MESSAGE,
  IMPORT_MAX_ROWS,
  IMPORT_NOT_UTF8_MESSAGE,
  IMPORT_TOO_MANY_ROWS_MESSAGE,
  IMPORT_UNKNOWN_ID_MESSAGE,
  importRefusedMessage,
  malformedCsvMessage,
  MEDICINE_CHANGED_MESSAGE,
  MEDICINE_DUPLICATE_MESSAGE,
  MEDICINE_FIELDS,
  MEDICINE_VERSION_MESSAGE,
  medicineVersionSchema,
  ROW_ERROR_KEY,
  sameMedicineMessage,
  unknownColumnsMessage,
  updateImageUrlSchema,
  updateMedicineFieldsSchema,
  type ImportReport,
  type MedicineField,
  type RefusedRow,
} from '@apotheca/contract';
import { asc, inArray, sql } from 'drizzle-orm';
import Papa from 'papaparse';
import pLimit from 'p-limit';
import type { Db, Tx } from '../../db/client';
import { dollarsToCents } from '../../db/money';
import { medicines } from '../../db/schema';
import { HttpError } from '../../http-error';
import { putFiles } from '../../db/stored-files';
import { recordAudit } from '../audit/audit.service';
import { receiveFirstBatches } from '../stock/stock.service';
import {
  convertMedicineImage,
  fetchMedicineImage,
  medicineImageFiles,
  removeMedicineImage,
  type ConvertedImage,
} from './medicine-image.service';
import type { CatalogueWriter } from './catalogue-cache.service';
import { importedCell } from './medicine-export.service';
import { identityKey, lockIdentities, medicinesBy } from './medicine-identity.service';
import { absoluteImageUrl, fieldMessages, medicineColumns, toMedicine, type MedicineRow } from './medicines.service';

// The catalogue's CSV import (docs/decisions/0074): every row is checked with the add and update
// forms' own rules, the whole file is planned before anything is written, and the real run writes the
// plan in one transaction. A dry run is the same plan, reported and dropped.

/** A data row of the file: its number as a spreadsheet shows it (the header is row 1) and its cells by column. */
type CsvRow = { row: number; cells: Partial<Record<MedicineField, string>> } | { row: number; error: string };
/** The file's column names, as its header line gives them, and its rows. */
type CatalogueCsv = { columns: string[]; rows: CsvRow[] };

/** The separator is the one the header line uses more: a column name holds neither. */
function separatorOf(text: string): string {
  const end = text.indexOf('\n');
  const header = end === -1 ? text : text.slice(0, end);
  return header.split(';').length > header.split(',').length ? ';' : ',';
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/** The file's rows, or a 400 for a file that is not a UTF-8 CSV of the medicine's columns. */
function readCatalogueCsv(content: Buffer): CatalogueCsv {
  let text: string;
  try {
    // The decoder drops a leading byte order mark.
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    throw HttpError.badRequest(IMPORT_NOT_UTF8_MESSAGE);
  }
  const parsed = Papa.parse<string[]>(text, { delimiter: separatorOf(text) });
  const quotes = parsed.errors.find((error) => error.type === 'Quotes');
  if (quotes) throw HttpError.badRequest(malformedCsvMessage((quotes.row ?? 0) + 1));
  const [header, ...records] = parsed.data;
  if (!header || isBlank(header)) throw HttpError.badRequest(IMPORT_EMPTY_MESSAGE);
  const columns = header.map((name) => name.trim());
  const unknown = columns.filter((name) => !(MEDICINE_FIELDS as readonly string[]).includes(name));
  if (unknown.length > 0) throw HttpError.badRequest(unknownColumnsMessage(unknown));
  const repeated = columns.find((name, i) => columns.indexOf(name) !== i);
  if (repeated) throw HttpError.badRequest(duplicateColumnMessage(repeated));
  const rows: CsvRow[] = [];
  records.forEach((cells, i) => {
    // A blank line (the file's last, most often) is no medicine; the rows after it keep their numbers.
    if (isBlank(cells)) return;
    const row = i + 2;
    if (cells.length !== columns.length) rows.push({ row, error: cellCountMessage(cells.length, columns.length) });
    else rows.push({ row, cells: Object.fromEntries(columns.map((name, c) => [name, importedCell(cells[c]!)])) });
  });
  if (rows.length > IMPORT_MAX_ROWS) throw HttpError.badRequest(IMPORT_TOO_MANY_ROWS_MESSAGE);
  return { columns, rows };
}

type Fields = ReturnType<typeof addMedicineFieldsSchema.parse>;
/** The columns an import writes, as the medicine row names them. */
type Values = Omit<Fields, 'price' | 'stock'> & { priceCents: number };
type Create = { row: number; values: Values; stock: number; imageSource: string };
type Update = { row: number; current: MedicineRow; values: Partial<Values>; imageSource?: string };

/** What a file would do to the catalogue as read when it was planned. */
type ImportPlan = { creates: Create[]; updates: Update[]; unchanged: number; refused: RefusedRow[] };

/** A medicine as the form would send it back: what a column the file leaves out stays. */
function asForm(row: MedicineRow): Record<string, string> {
  const medicine = toMedicine(row);
  return Object.fromEntries(Object.entries(medicine).map(([key, value]) => [key, value === null ? '' : String(value)]));
}

/** The written values that differ from the medicine's. */
function changesOf(current: MedicineRow, values: Values): Partial<Values> {
  const changes: Partial<Values> = {};
  for (const [key, value] of Object.entries(values) as [keyof Values, Values[keyof Values]][])
    if (value !== undefined && value !== current[key]) Object.assign(changes, { [key]: value });
  return changes;
}

/**
 * Checks every row against the catalogue as it is now, without writing: each row becomes a create,
 * an update, an unchanged medicine or a refusal with the forms' messages.
 */
async function planImport(db: Db, { columns, rows }: CatalogueCsv, appUrl: string): Promise<ImportPlan> {
  const catalogue = await db.select(medicineColumns).from(medicines);
  const byId = new Map(catalogue.map((m) => [m.id, m]));
  // Rows without `_id` are matched by name, maker, strength and pack size, compared as a medicine's
  // identity is (docs/decisions/0130): whatever their case and spacing. Matching needs a name and a
  // maker; a file without a strength or pack size column leaves them as they are, as it leaves any other
  // column out (docs/decisions/0106): a supplier's price list of names and makers updates the medicines
  // it names rather than add them again.
  const keyColumns = columns.includes('name') && columns.includes('developedBy') ? columns : undefined;
  const byKey = keyColumns ? medicinesBy(catalogue, (m) => identityKey(m, keyColumns)) : new Map<string, never>();
  const byIdentity = medicinesBy(catalogue, (m) => identityKey(m));
  const plan: ImportPlan = { creates: [], updates: [], unchanged: 0, refused: [] };
  /** The first row of each medicine, by its id and by the identity a row gives it. */
  const firstRowOf = new Map<string, number>();

  for (const csvRow of rows) {
    const { row } = csvRow;
    if ('error' in csvRow) {
      plan.refused.push({ row, errors: { [ROW_ERROR_KEY]: csvRow.error } });
      continue;
    }
    const { _id, version, stock, imageUrl, ...rest } = csvRow.cells;
    const id = _id?.trim();
    let current = id ? byId.get(id) : undefined;
    if (id && !current) {
      plan.refused.push({ row, errors: { _id: IMPORT_UNKNOWN_ID_MESSAGE } });
      continue;
    }
    // A matched row is an update, and the columns it leaves out keep the medicine's values.
    const matches = !id && keyColumns ? (byKey.get(identityKey(csvRow.cells, keyColumns)) ?? []) : [];
    const ambiguous = matches.length > 1;
    if (matches.length === 1) current = matches[0];
    // A medicine's stock is the sum of its batches: the file's figure is checked, and only a new
    // medicine takes it, as its first batch; blank counts as none.
    const form = { ...rest, stock: stock?.trim() ? stock : '0' };
    const fields = current
      ? updateMedicineFieldsSchema.safeParse({ ...asForm(current), ...form })
      : addMedicineFieldsSchema.safeParse(form);
    const errors: Record<string, string> = fields.success ? {} : fieldMessages(fields.error);
    if (ambiguous) errors._id = IMPORT_AMBIGUOUS_MESSAGE;
    // What the row makes the medicine, when that is not what it was: a new one, or one edited into another.
    const becomes = fields.success ? identityKey(fields.data) : undefined;
    const newIdentity = becomes !== undefined && becomes !== (current && identityKey(current)) ? becomes : undefined;
    // Two rows of one medicine: by its `_id` or match, or by what they make it. Doubles stored before the
    // rule keep their rows, each by its own `_id`.
    const claims = [current?.id, newIdentity].filter((claim) => claim !== undefined);
    const first = claims.map((claim) => firstRowOf.get(claim)).find((claimed) => claimed !== undefined);
    if (first !== undefined) errors[ROW_ERROR_KEY] = sameMedicineMessage(first);
    else for (const claim of claims) firstRowOf.set(claim, row);
    // A medicine the catalogue already has is not made a second time.
    if (newIdentity !== undefined && (byIdentity.get(newIdentity) ?? []).some((m) => m.id !== current?.id))
      errors.name = MEDICINE_DUPLICATE_MESSAGE;

    const sentImage = imageUrl?.trim() ?? '';
    const keepsImage =
      current !== undefined &&
      (sentImage === '' ||
        sentImage === current.imageUrl ||
        sentImage === absoluteImageUrl(current.imageUrl, appUrl) ||
        sentImage === current.imageSourceUrl);
    let imageSource: string | undefined;
    if (!keepsImage) {
      const url = (current ? updateImageUrlSchema : addImageUrlSchema).safeParse(sentImage);
      if (url.success) imageSource = url.data;
      else Object.assign(errors, fieldMessages(url.error, 'imageUrl'));
    }

    if (Object.keys(errors).length > 0 || !fields.success) {
      plan.refused.push({ row, errors });
      continue;
    }
    const { price, stock: units, ...details } = fields.data;
    const values: Values = { ...details, priceCents: dollarsToCents(price) };
    if (!current) {
      plan.creates.push({ row, values, stock: units, imageSource: imageSource! });
      continue;
    }
    const changes = changesOf(current, values);
    if (Object.keys(changes).length === 0 && imageSource === undefined) {
      plan.unchanged++;
      continue;
    }
    // A `version` column makes a change conditional, as the update form's is (docs/decisions/0043).
    const sentVersion = medicineVersionSchema.safeParse(version);
    if (!sentVersion.success) plan.refused.push({ row, errors: { version: MEDICINE_VERSION_MESSAGE } });
    else if (sentVersion.data !== undefined && sentVersion.data !== current.version)
      plan.refused.push({ row, errors: { version: MEDICINE_CHANGED_MESSAGE } });
    else plan.updates.push({ row, current, values: changes, imageSource });
  }
  return plan;
}

/** Images are fetched a few at a time, each URL once however many rows name it. */
const IMAGE_FETCHES_AT_ONCE = 4;

/**
 * Fetches the plan's new images; a row whose image cannot be had is refused with the upload's
 * message. They are held until the file is written, so past `maxBytes` in all the rest are refused.
 */
async function fetchImages(
  plan: ImportPlan,
  maxBytes: number,
  allowedPrivate: BlockList,
): Promise<Map<string, Buffer>> {
  const urls = new Set([...plan.creates, ...plan.updates].flatMap((r) => (r.imageSource ? [r.imageSource] : [])));
  const limit = pLimit(IMAGE_FETCHES_AT_ONCE);
  let held = 0;
  const fetchWithin = async (url: string) => {
    const result = await fetchMedicineImage(url, allowedPrivate);
    if ('error' in result) return result;
    held += result.content.length;
    return held > maxBytes ? { error: IMPORT_IMAGES_TOO_LARGE_MESSAGE } : result;
  };
  const fetched = new Map(
    await Promise.all([...urls].map((url) => limit(async () => [url, await fetchWithin(url)] as const))),
  );
  const images = new Map<string, Buffer>();
  const failed = (r: { row: number; imageSource?: string }) => {
    const result = r.imageSource ? fetched.get(r.imageSource)! : undefined;
    if (result && 'error' in result) {
      plan.refused.push({ row: r.row, errors: { imageUrl: result.error } });
      return true;
    }
    if (result) images.set(r.imageSource!, result.content);
    return false;
  };
  plan.creates = plan.creates.filter((r) => !failed(r));
  plan.updates = plan.updates.filter((r) => !failed(r));
  plan.refused.sort((a, b) => a.row - b.row);
  return images;
}

/** What an import does, in numbers: all its audit entry records, since it writes only when no row is refused. */
const countsOf = (plan: ImportPlan) => ({
  created: plan.creates.length,
  updated: plan.updates.length,
  unchanged: plan.unchanged,
});
const reportOf = (plan: ImportPlan): ImportReport => ({ ...countsOf(plan), refused: plan.refused });

/** Rows a statement writes at once, well within PostgreSQL's 65,535 parameters a statement. */
const CHUNK = 1000;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Writes a checked plan in the caller's transaction: the medicines it updates are locked and must
 * still be as they were planned (else 409 and nothing is written), new medicines get their first
 * batch, and each new image is stored as an upload would be, replacing the medicine's old one.
 */
async function writeImport(tx: Tx, plan: ImportPlan, images: Map<string, Buffer>, actorId: string) {
  const planned = new Map(plan.updates.map((u) => [u.current.id, u.current.version]));
  await assertNoMedicineBecameWhatThePlanMakes(tx, plan, planned);
  const locked = await tx
    .select({ id: medicines.id, version: medicines.version })
    .from(medicines)
    .where(inArray(medicines.id, [...planned.keys()]))
    .orderBy(asc(medicines.id))
    .for('update');
  if (locked.length !== planned.size || locked.some((m) => planned.get(m.id) !== m.version))
    throw HttpError.conflict(IMPORT_CONFLICT_MESSAGE);

  // Each image is converted once; every medicine that names its URL stores its own copy.
  const converted = new Map<string, ConvertedImage>();
  for (const [url, content] of images) converted.set(url, await convertMedicineImage(content));
  // Every medicine's new image files go in with its chunk's rows, in a few statements rather than two a row.
  const imageOf = (source: string, files: Parameters<typeof putFiles>[1]) => {
    const image = medicineImageFiles(converted.get(source)!);
    files.push(...image.files);
    return image.imageUrl;
  };

  const created: { id: string; maxMonthsExpiry: number; stock: number }[] = [];
  for (const part of chunks(plan.creates)) {
    const files: Parameters<typeof putFiles>[1] = [];
    const rows = part.map((c) => ({
      ...c.values,
      id: randomUUID(),
      imageUrl: imageOf(c.imageSource, files),
      imageSourceUrl: c.imageSource,
    }));
    await putFiles(tx, files);
    await tx.insert(medicines).values(rows);
    rows.forEach((r, i) => created.push({ id: r.id, maxMonthsExpiry: r.maxMonthsExpiry, stock: part[i]!.stock }));
  }
  for (const part of chunks(created))
    await receiveFirstBatches(
      tx,
      part.map((c) => ({ medicineId: c.id, maxMonthsExpiry: c.maxMonthsExpiry, quantity: c.stock })),
      actorId,
    );

  for (const part of chunks(plan.updates)) {
    const files: Parameters<typeof putFiles>[1] = [];
    const rows = [];
    for (const u of part) {
      const next = { ...u.current, ...u.values };
      if (u.imageSource) {
        await removeMedicineImage(tx, u.current.imageUrl);
        Object.assign(next, { imageUrl: imageOf(u.imageSource, files), imageSourceUrl: u.imageSource });
      }
      rows.push(next);
    }
    await putFiles(tx, files);
    await updateMedicines(tx, rows);
  }
  // One entry for the whole import: what it did, in the same transaction as its rows.
  await recordAudit(tx, {
    actorId,
    kind: AUDIT_KIND.imported,
    after: countsOf(plan),
  });
}

/**
 * With the identities locked until the import commits: no medicine added or edited since the plan is
 * what one of its rows makes (a new medicine, or one it edits into another), or 409 and nothing written.
 */
async function assertNoMedicineBecameWhatThePlanMakes(tx: Tx, plan: ImportPlan, planned: Map<string, number>) {
  await lockIdentities(tx);
  const made = new Set([
    ...plan.creates.map((c) => identityKey(c.values)),
    ...plan.updates.flatMap((u) => {
      const key = identityKey({ ...u.current, ...u.values });
      return key === identityKey(u.current) ? [] : [key];
    }),
  ]);
  if (made.size === 0) return;
  const catalogue = await tx
    .select({
      id: medicines.id,
      name: medicines.name,
      developedBy: medicines.developedBy,
      strength: medicines.strength,
      packSize: medicines.packSize,
    })
    .from(medicines);
  if (catalogue.some((m) => !planned.has(m.id) && made.has(identityKey(m))))
    throw HttpError.conflict(IMPORT_CONFLICT_MESSAGE);
}

/** Every written column of many medicines in one statement, each row raising its version. */
async function updateMedicines(tx: Tx, rows: MedicineRow[]) {
  const records = rows.map((m) => ({
    id: m.id,
    name: m.name,
    developed_by: m.developedBy,
    max_months_expiry: m.maxMonthsExpiry,
    category: m.category,
    price_cents: m.priceCents,
    image_url: m.imageUrl,
    image_source_url: m.imageSourceUrl,
    active_ingredient: m.activeIngredient,
    strength: m.strength,
    dosage_form: m.dosageForm,
    pack_size: m.packSize,
    prescription_required: m.prescriptionRequired,
    max_per_order: m.maxPerOrder,
    description: m.description,
    directions: m.directions,
    side_effects: m.sideEffects,
    warnings: m.warnings,
    storage: m.storage,
  }));
  await tx.execute(sql`
    update ${medicines} m set name = v.name, developed_by = v.developed_by, max_months_expiry = v.max_months_expiry,
      category = v.category, price_cents = v.price_cents, image_url = v.image_url, image_source_url = v.image_source_url,
      active_ingredient = v.active_ingredient, strength = v.strength, dosage_form = v.dosage_form,
      pack_size = v.pack_size, prescription_required = v.prescription_required, max_per_order = v.max_per_order,
      description = v.description, directions = v.directions, side_effects = v.side_effects, warnings = v.warnings,
      storage = v.storage, version = m.version + 1, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as v(id uuid, name text, developed_by text,
      max_months_expiry integer, category text, price_cents integer, image_url text, image_source_url text,
      active_ingredient text, strength text, dosage_form text, pack_size text, prescription_required boolean,
      max_per_order integer, description text, directions text, side_effects text, warnings text, storage text)
    where m.id = v.id`);
}

/**
 * Imports a catalogue CSV: a dry run reports what it would do and writes nothing; a real run writes
 * everything in one transaction, or nothing (400) when any row is refused.
 */
export async function importCatalogue(
  db: Db,
  file: Buffer,
  options: {
    dryRun: boolean;
    appUrl: string;
    actorId: string;
    /** The private addresses images may come from (config's `importPrivateImageRanges`). */
    allowedPrivate: BlockList;
    /** Told once a real run's rows are written. */
    catalogue: CatalogueWriter;
    imagesMaxBytes?: number;
  },
): Promise<ImportReport> {
  const plan = await planImport(db, readCatalogueCsv(file), options.appUrl);
  const images = await fetchImages(plan, options.imagesMaxBytes ?? IMPORT_IMAGES_MAX_BYTES, options.allowedPrivate);
  const report = reportOf(plan);
  if (options.dryRun) return report;
  if (report.refused.length > 0)
    throw HttpError.badRequest(
      importRefusedMessage(report.refused.length),
      Object.fromEntries(report.refused.map((r) => [String(r.row), Object.values(r.errors).join(' ')])),
    );
  if (plan.creates.length + plan.updates.length > 0) {
    await db.transaction((tx) => writeImport(tx, plan, images, options.actorId));
    await options.catalogue.invalidate();
  }
  return report;
}
