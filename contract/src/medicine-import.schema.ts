import { z } from 'zod';
import { IMPORT_FILE_FIELD, IMPORT_IMAGES_MAX_BYTES, IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from './constants';
import { MEDICINE_FIELDS } from './medicines.schema';

// The catalogue's CSV import (docs/decisions/0074). Each row is checked with the medicine forms' own
// rules and messages; these are only the file's and the import's own.

/** `?dryRun=true` reports what the import would do and writes nothing. */
export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false.' })
    .optional()
    .transform((value) => value === 'true'),
});

/** A refused row: its number as a spreadsheet shows it (the header is row 1), and `{ column: message }`. */
const refusedRowSchema = z.object({ row: z.number().int(), errors: z.record(z.string(), z.string()) });
export type RefusedRow = z.infer<typeof refusedRowSchema>;

/** What an import did (or, dry, would do): medicines created, updated and left as they were, and refused rows. */
export const importReportSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  refused: z.array(refusedRowSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** The column of a row's own errors (a row with too many or too few cells), as `errors` names it. */
export const ROW_ERROR_KEY = 'row';

export const IMPORT_FILE_REQUIRED_MESSAGE = `Send the CSV file as multipart/form-data under "${IMPORT_FILE_FIELD}".`;
export const IMPORT_TOO_LARGE_MESSAGE = `The file must be at most ${IMPORT_MAX_BYTES / (1024 * 1024)} MB.`;
export const IMPORT_TOO_MANY_ROWS_MESSAGE = `The file must hold at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} medicines.`;
export const IMPORT_NOT_UTF8_MESSAGE = 'The file must be UTF-8 text.';
export const IMPORT_EMPTY_MESSAGE = 'The file is empty: its first line must name the columns.';
// A header is the file's to choose: thousands of columns, or one long token (a line of base64), would
// make an error the size of the file and a page as wide as the token, so only a few are named, each cut short.
const UNKNOWN_COLUMNS_NAMED = 5;
const UNKNOWN_COLUMN_SHOWN_CHARS = 40;
const shownColumn = (column: string) => {
  const characters = Array.from(column);
  return characters.length > UNKNOWN_COLUMN_SHOWN_CHARS
    ? `${characters.slice(0, UNKNOWN_COLUMN_SHOWN_CHARS).join('')}…`
    : column;
};
export const unknownColumnsMessage = (columns: string[]) => {
  const named = columns.slice(0, UNKNOWN_COLUMNS_NAMED).map(shownColumn).join(', ');
  const more = columns.length - UNKNOWN_COLUMNS_NAMED;
  const sentence = `Unknown columns: ${named}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`;
  // A name cut short ends the sentence with its ellipsis, which takes no stop after it.
  return `${sentence.endsWith('…') ? sentence : `${sentence}.`} The columns are ${MEDICINE_FIELDS.join(', ')}.`;
};
export const duplicateColumnMessage = (column: string) => `The column ${column} appears twice.`;
export const malformedCsvMessage = (row: number) => `The file is not valid CSV near row ${row}.`;
export const cellCountMessage = (cells: number, columns: number) =>
  `This row has ${cells} cells; the header names ${columns} columns.`;
export const IMPORT_UNKNOWN_ID_MESSAGE = 'No medicine has this _id.';
export const sameMedicineMessage = (row: number) => `Row ${row} is the same medicine.`;
export const IMPORT_AMBIGUOUS_MESSAGE =
  'Several medicines have this name, maker, strength and pack size: give the _id of the one to update.';
export const IMAGE_FETCH_MESSAGE = 'The image could not be fetched from its URL.';
export const IMAGE_PRIVATE_ADDRESS_MESSAGE =
  "The image's URL leads to a private network address, which an import does not fetch from.";
export const IMPORT_IMAGES_TOO_LARGE_MESSAGE = `The file's new images pass ${IMPORT_IMAGES_MAX_BYTES / (1024 * 1024)} MB in all: import the rest in another file.`;
export const importRefusedMessage = (rows: number) =>
  `${rows === 1 ? '1 row is' : `${rows} rows are`} refused; nothing was imported.`;
export const IMPORT_RATE_LIMITED_MESSAGE = 'Too many imports in a short time: try again in a few minutes.';
export const IMPORT_CONFLICT_MESSAGE =
  'The catalogue changed while the file was imported; nothing was imported. Import the file again.';

/** The batches' export: one row a batch, with its medicine's `_id` and name before the batch's own fields. */
export const BATCH_CSV_COLUMNS = [
  'medicineId',
  'medicineName',
  '_id',
  'lot',
  'expiresOn',
  'quantity',
  'receivedOn',
  'recalledAt',
  'writtenOffAt',
] as const;
