import { BATCH_CSV_COLUMNS, MEDICINE_FIELDS } from '@apotheca/contract';
import { asc, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Db } from '../../db/client';
import { batches, medicines } from '../../db/schema';
import { toBatch } from '../batches/batches.service';
import { absoluteImageUrl, medicineColumns, toMedicine } from './medicines.service';

// The catalogue as CSV files (docs/decisions/0074): the medicines under the names of their fields,
// as the import reads them back, and their batches in a second file.

/** A byte order mark first, so a spreadsheet opens the file as UTF-8. */
const BOM = '\uFEFF';

/**
 * Text a spreadsheet would run as a formula (a cell beginning =, +, -, @, a tab or a carriage return),
 * and text that already carries apostrophes before one of those: the export puts one apostrophe
 * more in front, which a spreadsheet shows as text, and the import takes exactly one off again, so a
 * round trip keeps every leaflet as written (docs/decisions/0105).
 */
const FORMULA_TEXT = /^'*[=+\-@\t\r]/;

const cell = (value: string | number | boolean | null) => {
  const text = value === null ? '' : String(value);
  return FORMULA_TEXT.test(text) ? `'${text}` : text;
};

/** A cell of an imported file as the exported medicine held it: the apostrophe the export added taken off. */
export const importedCell = (text: string) => (FORMULA_TEXT.test(text) && text.startsWith("'") ? text.slice(1) : text);

/** One row a medicine, in name order; a stored image as an absolute URL, which an import keeps as it is. */
export async function exportMedicinesCsv(db: Db, appUrl: string): Promise<string> {
  const rows = await db.select(medicineColumns).from(medicines).orderBy(asc(medicines.name), asc(medicines.id));
  const data = rows.map((row) => {
    const medicine = { ...toMedicine(row), imageUrl: absoluteImageUrl(row.imageUrl, appUrl) };
    return MEDICINE_FIELDS.map((field) => cell(medicine[field]));
  });
  return BOM + Papa.unparse({ fields: [...MEDICINE_FIELDS], data });
}

/** One row a batch, every batch (expired, recalled and written off too), by medicine and expiry. */
export async function exportBatchesCsv(db: Db): Promise<string> {
  const rows = await db
    .select({ batch: batches, medicineName: medicines.name })
    .from(batches)
    .innerJoin(medicines, eq(medicines.id, batches.medicineId))
    .orderBy(asc(medicines.name), asc(batches.medicineId), asc(batches.expiresOn), asc(batches.id));
  const data = rows.map(({ batch, medicineName }) => {
    const record = { ...toBatch(batch), medicineId: batch.medicineId, medicineName };
    return BATCH_CSV_COLUMNS.map((column) => cell(record[column]));
  });
  return BOM + Papa.unparse({ fields: [...BATCH_CSV_COLUMNS], data });
}
