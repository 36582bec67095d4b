import { z } from 'zod';
import { idSchema, moneySchema } from './common.schema';
import {
  DEFAULT_LIST_LIMIT,
  IMAGE_MAX_BYTES,
  MAX_LIST_LIMIT,
  MAX_MONEY_CENTS,
  NAME_MIN_LETTERS,
  SORT_SYNONYMS,
  SORTS,
} from './constants';

export const medicineSchema = z.object({
  _id: idSchema,
  name: z.string(),
  developedBy: z.string(),
  maxMonthsExpiry: z.number().int(),
  category: z.string(),
  stock: z.number().int(),
  price: moneySchema,
  imageUrl: z.string(),
  /** Raised by every change, a sale's included; an update sends back the one it was based on. */
  version: z.number().int(),
});

/** Query parameters come as strings; an empty one counts as absent (the client sends only truthy ones). */
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);
const queryPrice = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${name} must be a number.` })
      .min(0, `${name} must be 0 or more.`)
      .max(MAX_MONEY_CENTS / 100, `${name} must be at most ${MAX_MONEY_CENTS / 100}.`)
      .optional(),
  );

export const medicineListQuerySchema = z.object({
  // A category is letters and spaces, as the add form requires.
  category: z.preprocess(
    blankToUndefined,
    z
      .string()
      .max(100, 'category must be at most 100 characters.')
      .regex(/^[A-Za-z ]+$/, 'category must contain only letters and spaces.')
      .optional(),
  ),
  minPrice: queryPrice('minPrice'),
  maxPrice: queryPrice('maxPrice'),
  inStock: z.preprocess(blankToUndefined, z.enum(['true', 'false']).optional()),
  // The original client's names are read as CONTRACT.md's, so the rest of the code sees only those.
  sort: z.preprocess(
    blankToUndefined,
    z
      .union(
        [
          z.enum(SORTS),
          z
            .enum(Object.keys(SORT_SYNONYMS) as [keyof typeof SORT_SYNONYMS])
            .meta({
              deprecated: true,
              description: `Deprecated synonyms: ${Object.entries(SORT_SYNONYMS)
                .map(([synonym, name]) => `${synonym} for ${name}`)
                .join(', ')}.`,
            })
            .transform((synonym) => SORT_SYNONYMS[synonym]),
        ],
        { error: `sort must be one of ${SORTS.join(', ')}.` },
      )
      .optional(),
  ),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number()
      .int('limit must be a whole number.')
      .min(1, 'limit must be at least 1.')
      .max(MAX_LIST_LIMIT, `limit must be at most ${MAX_LIST_LIMIT}.`)
      .default(DEFAULT_LIST_LIMIT),
  ),
  page: z.preprocess(
    blankToUndefined,
    z.coerce.number().int('page must be a whole number.').min(1, 'page must be at least 1.').max(100000).default(1),
  ),
});

export const medicineListResponseSchema = z.object({ medicines: z.array(medicineSchema), total: z.number().int() });
/** The medicine under `medicine`, and its fields at the top level for the original client (docs/decisions/0012). */
export const medicineResponseSchema = medicineSchema.extend({ medicine: medicineSchema });
export const newMedicineResponseSchema = z.object({ newMedicine: medicineSchema });
export const updatedMedicineResponseSchema = z.object({ updatedMedicine: medicineSchema });
export const deletedMedicineResponseSchema = z.object({ deletedMedicine: medicineSchema });

// The add and update forms (SPEC.md §5). Form fields arrive as strings from inputs and multipart alike.
const asString = (v: unknown) => (typeof v === 'number' ? String(v) : v);
const text = (required: string) => z.preprocess(asString, z.string({ error: required }).trim());

export const MEDICINE_NAME_MESSAGE = 'Medicine name must be a valid word without numbers between words.';
const medicineName = text('Medicine name is required.')
  .pipe(z.string().min(1, 'Medicine name is required.').max(60, 'Medicine name must be at most 60 characters.'))
  // One word of letters, digits and hyphens that starts with a letter: "Metformin-XR" yes, "500" or "Para 500" no.
  .pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*$/, MEDICINE_NAME_MESSAGE));

const lettersAtLeast = (label: string, message: string) =>
  text(`${label} is required.`)
    .pipe(z.string().max(100, `${label} must be at most 100 characters.`))
    .pipe(z.string().regex(new RegExp(`^[A-Za-z ]*$`), message))
    .pipe(z.string().refine((s) => s.replace(/ /g, '').length >= NAME_MIN_LETTERS, message));

const wholeNumber = (message: string, min: number) =>
  text(message)
    .pipe(z.string().regex(/^\d+$/, message))
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(1_000_000, message));

const price = (message: string) =>
  text(message)
    .pipe(z.string().regex(/^\d+(\.\d{1,2})?$/, message))
    .transform(Number)
    .pipe(z.number().positive(message).max(1_000_000, message));

const medicineFields = (priceMessage: string) => ({
  name: medicineName,
  developedBy: lettersAtLeast('Company name', `Company name must be at least ${NAME_MIN_LETTERS} letters.`),
  maxMonthsExpiry: wholeNumber('Max expiry must be a positive whole number of months.', 1),
  category: lettersAtLeast('Category', `Category must be at least ${NAME_MIN_LETTERS} letters.`),
  // Stock may be 0: an admin must be able to keep an out-of-stock medicine (docs/decisions/0008).
  stock: wholeNumber('Stock must be a whole number, 0 or more.', 0),
  price: price(priceMessage),
});

/** Text fields of the add form; the image is checked separately because it is a file or a URL. */
export const addMedicineFieldsSchema = z.object(medicineFields('Price must be a valid number.'));
export const updateMedicineFieldsSchema = z.object(medicineFields('Price must be a positive number.'));

export const ADD_IMAGE_FILE_MESSAGE = 'Please upload an image file.';
export const ADD_IMAGE_URL_MESSAGE = 'Please enter a valid URL.';
export const UPDATE_IMAGE_URL_MESSAGE = 'Image URL must be a valid URL.';
export const IMAGE_TYPE_MESSAGE = 'The image must be a PNG, JPEG or WebP file.';
export const IMAGE_TOO_LARGE_MESSAGE = `The image must be at most ${IMAGE_MAX_BYTES / (1024 * 1024)} MB.`;
/**
 * Multipart field names of the image file: the add form's, the update form's alternative (SPEC.md §7),
 * and the original client's update form's (docs/decisions/0012).
 */
export const IMAGE_FILE_FIELDS = ['medicine_img', 'image', 'imageUrl'] as const;
/** A file part under any other field is refused, never silently dropped. */
export const UNKNOWN_FILE_FIELD_MESSAGE = `A file is accepted only under ${IMAGE_FILE_FIELDS.join(', ')}.`;

const httpUrl = (message: string) =>
  text(message).pipe(
    z
      .string()
      .max(2000, message)
      .refine((s) => {
        // Control characters (a NUL byte above all) belong in no stored URL.
        if (/\p{Cc}/u.test(s)) return false;
        try {
          const url = new URL(s);
          return url.protocol === 'http:' || url.protocol === 'https:';
        } catch {
          return false;
        }
      }, message),
  );
export const addImageUrlSchema = httpUrl(ADD_IMAGE_URL_MESSAGE);
export const updateImageUrlSchema = httpUrl(UPDATE_IMAGE_URL_MESSAGE);

/**
 * The update form's `version` field: the medicine's version the form was filled from. An update based
 * on an older one changes nothing and answers 409, so a form loaded before a sale cannot bring the
 * sold units back (docs/decisions/0016).
 */
export const MEDICINE_VERSION_MESSAGE = 'version must be a whole number.';
export const medicineVersionSchema = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: MEDICINE_VERSION_MESSAGE })
    .int(MEDICINE_VERSION_MESSAGE)
    .min(1, MEDICINE_VERSION_MESSAGE)
    .max(2 ** 31 - 1, MEDICINE_VERSION_MESSAGE)
    .optional(),
);
export const MEDICINE_CHANGED_MESSAGE =
  'This medicine was changed after you loaded it (a sale may have taken stock). Nothing was saved: check the current values and save again.';
/** Without a version the server cannot tell a stock change from a stale form, so it refuses to change the stock. */
export const STOCK_NEEDS_VERSION_MESSAGE = 'To change the stock, send the version of the medicine you loaded.';

/** The add form's image modes (SPEC.md §4): file or url; the update form's: file or link. */
export const ADD_IMAGE_MODES = ['file', 'url'] as const;
export const UPDATE_IMAGE_MODES = ['file', 'link'] as const;

export type Medicine = z.infer<typeof medicineSchema>;
export type MedicineListQuery = z.input<typeof medicineListQuerySchema>;
export type MedicineListResponse = z.infer<typeof medicineListResponseSchema>;
export type MedicineFieldsInput = z.input<typeof addMedicineFieldsSchema>;
export type MedicineFields = z.infer<typeof addMedicineFieldsSchema>;
