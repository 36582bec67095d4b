import { z } from 'zod';
import {
  fieldAsString,
  formText,
  idSchema,
  moneySchema,
  pageNumberSchema,
  reportLimit,
  reportPage,
  requiredText,
  searchQuery,
  textTypeMessage,
  wholeNumber,
  withoutControlCharacters,
  lettersAnd,
} from './common.schema';
import {
  DEFAULT_LIST_LIMIT,
  DOSAGE_FORMS,
  DUPLICATE_GROUPS_PAGE_SIZE,
  IMAGE_MAX_BYTES,
  IMAGE_MAX_PIXELS,
  isPriceRange,
  LEAFLET_MAX_LENGTH,
  LEAFLET_SECTION_LABELS,
  type MEDICINE_FACETS,
  MAX_LIST_LIMIT,
  MAX_MONEY_CENTS,
  NAME_MIN_LETTERS,
  NOT_STOCKED_IN_VALUES,
  SORT_SYNONYMS,
  SORTS,
} from './constants';
import { megapixelsMessage, PRICE_RANGE_MESSAGE } from './messages';

/**
 * A medicine as every response carries it. The record's details (ingredient, strength, form, pack,
 * prescription, leaflet) are always present: '' when not stated, `dosageForm` null when not stated,
 * so medicines added before they existed stay valid.
 */
const medicineSchema = z.object({
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
  activeIngredient: z.string(),
  strength: z.string(),
  dosageForm: z.enum(DOSAGE_FORMS).nullable(),
  packSize: z.string(),
  prescriptionRequired: z.boolean(),
  /** The most one order may hold; null: no limit beyond the stock. */
  maxPerOrder: z.number().int().nullable(),
  description: z.string(),
  directions: z.string(),
  sideEffects: z.string(),
  warnings: z.string(),
  storage: z.string(),
});

/** A medicine's fields in the order the catalogue's CSV export names its columns. */
export const MEDICINE_FIELDS = medicineSchema.keyof().options;
export type MedicineField = (typeof MEDICINE_FIELDS)[number];

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

// A category or a maker is letters of any alphabet and spaces, as the add form requires, composed as stored.
const queryLetters = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: textTypeMessage(name) })
      .normalize('NFC')
      .max(100, `${name} must be at most 100 characters.`)
      .regex(lettersAnd(' '), `${name} must contain only letters and spaces.`)
      .optional(),
  );
const queryBoolean = (name: string) =>
  z.preprocess(blankToUndefined, z.enum(['true', 'false'], { error: `${name} must be true or false.` }).optional());

export const DOSAGE_FORM_QUERY_MESSAGE = `dosageForm must be one of ${DOSAGE_FORMS.join(', ')}.`;

export const medicineListQuerySchema = z
  .object({
    q: z.preprocess(blankToUndefined, searchQuery.transform((s) => s || undefined).optional()),
    category: queryLetters('category'),
    dosageForm: z.preprocess(blankToUndefined, z.enum(DOSAGE_FORMS, { error: DOSAGE_FORM_QUERY_MESSAGE }).optional()),
    prescriptionRequired: queryBoolean('prescriptionRequired'),
    developedBy: queryLetters('developedBy'),
    minPrice: queryPrice('minPrice'),
    maxPrice: queryPrice('maxPrice'),
    inStock: queryBoolean('inStock'),
    // The original client's names are read as the API's own, so the rest of the code sees only those.
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
    limit: pageNumberSchema('limit', MAX_LIST_LIMIT).transform((limit) => limit ?? DEFAULT_LIST_LIMIT),
    page: pageNumberSchema('page', 100000).transform((page) => page ?? 1),
  })
  .refine((query) => isPriceRange(query.minPrice, query.maxPrice), { path: ['minPrice'], error: PRICE_RANGE_MESSAGE });

/** One value of a facet (`prescriptionRequired`'s are 'true' and 'false', as in the query), most matches first. */
const facetCountSchema = z.object({ value: z.string(), count: z.number().int() });
const medicineFacetsSchema = z.object({
  category: z.array(facetCountSchema),
  dosageForm: z.array(facetCountSchema),
  prescriptionRequired: z.array(facetCountSchema),
  developedBy: z.array(facetCountSchema),
});

/**
 * Only when a search names a strength or a form that no medicine of that name has ("metformin 750 mg", where the
 * shop has 500 and 850 mg tablets; "metformin syrup"; "metfromin 750 mg" mistyped): the name meant, what it is not
 * stocked in, and the strengths its medicines come in, lowest first (with their forms when the form is what is
 * not stocked). In the list, the strengths within its filters; `outsideFilters` when the filters leave none of
 * them, and the strengths are then the whole shop's.
 */
const otherStrengthsSchema = z
  .object({
    name: z.string(),
    notIn: z.enum(NOT_STOCKED_IN_VALUES),
    strengths: z.array(z.string()),
    outsideFilters: z.literal(true).optional(),
  })
  .optional();

export const medicineListResponseSchema = z.object({
  medicines: z.array(medicineSchema),
  total: z.number().int(),
  facets: medicineFacetsSchema,
  otherStrengths: otherStrengthsSchema,
});

/** The units a pack's price is compared by. */
const PACK_UNITS = ['tablet', 'capsule', 'mL'] as const;
type PackUnit = (typeof PACK_UNITS)[number];

/**
 * A pack size that counts units: its count, then its unit word (singular or plural). Case-insensitive, and
 * written so that PostgreSQL's regular expressions read it alike: the substitutes' query orders by it.
 */
export const PACK_COUNT = /^(\d+(?:\.\d+)?)\s*(tablets?|capsules?|ml)$/i;

/**
 * How many units a pack holds: "20 tablets" is 20 tablets, "100 mL" is 100 mL. A pack of anything
 * else ("50 g", "5 x 3 mL pens", "30 patches") or of no count has none, and no unit price.
 */
export function packUnits(packSize: string): { count: number; unit: PackUnit } | null {
  const match = PACK_COUNT.exec(packSize.trim());
  if (!match) return null;
  const count = Number(match[1]);
  if (!(count > 0)) return null;
  const word = match[2]!.toLowerCase();
  const unit = PACK_UNITS.find((u) => word.startsWith(u.toLowerCase()))!;
  return { count, unit };
}

/** `GET /medicines/:id/substitutes`: the same active ingredient, strength and dosage form, cheapest per unit first. */
const substituteSchema = medicineSchema.extend({
  /** Dollars less than the medicine the page shows, pack for pack; 0 for the same price, negative when it costs more. */
  saving: z.number(),
  /** The pack's price per unit in dollars (not rounded), with its unit; null when the pack size has no count of a unit. */
  unitPrice: z.number().nullable(),
  unit: z.enum(PACK_UNITS).nullable(),
  /**
   * Dollars per unit less than the medicine the page shows, as `saving` but unit for unit; null unless both
   * packs count the same unit.
   */
  savingPerUnit: z.number().nullable(),
});
export const substitutesResponseSchema = z.object({ substitutes: z.array(substituteSchema) });

/** `GET /medicines/suggestions?q=`: the header search box's list, best match first. */
export const medicineSuggestionsQuerySchema = z.object({
  q: z.preprocess((v) => v ?? '', searchQuery.pipe(z.string().min(1, 'q is required.'))),
});
const medicineSuggestionSchema = medicineSchema.pick({
  _id: true,
  name: true,
  activeIngredient: true,
  strength: true,
  dosageForm: true,
  prescriptionRequired: true,
  price: true,
  imageUrl: true,
});
export const medicineSuggestionsResponseSchema = z.object({
  suggestions: z.array(medicineSuggestionSchema),
  otherStrengths: otherStrengthsSchema,
});
/**
 * The medicine under `medicine`; at the top level, for the original client whose update form posts
 * back every key it finds there, only the eight fields of a medicine (`_id`, name, developedBy,
 * maxMonthsExpiry, category, stock, price, imageUrl) and `version`, with `imageUrl`
 * absolute (docs/decisions/0044).
 */
export const medicineResponseSchema = medicineSchema
  .pick({
    _id: true,
    name: true,
    developedBy: true,
    maxMonthsExpiry: true,
    category: true,
    stock: true,
    price: true,
    imageUrl: true,
    version: true,
  })
  .extend({ medicine: medicineSchema });
export const newMedicineResponseSchema = z.object({ newMedicine: medicineSchema });
export const updatedMedicineResponseSchema = z.object({ updatedMedicine: medicineSchema });
export const deletedMedicineResponseSchema = z.object({ deletedMedicine: medicineSchema });

// The add and update forms. Form fields arrive as strings from inputs and multipart alike.

export const MEDICINE_NAME_MESSAGE = 'Medicine name must be a valid word without numbers between words.';
const medicineName = formText('Medicine name is required.')
  .pipe(requiredText('Medicine name is required.').max(60, 'Medicine name must be at most 60 characters.'))
  // One word of letters, digits and hyphens that starts with a letter: "Metformin-XR" yes, "500" or "Para 500" no.
  .pipe(z.string().regex(/^[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*$/, MEDICINE_NAME_MESSAGE));

/**
 * A maker or a category: letters of any alphabet (with their marks) and spaces, as a person's name
 * (docs/decisions/0097), stored composed; at least NAME_MIN_LETTERS letters, a mark not counted.
 */
const lettersAtLeast = (label: string, message: string) =>
  formText(`${label} is required.`)
    .pipe(z.string().normalize('NFC').max(100, `${label} must be at most 100 characters.`))
    .pipe(z.string().regex(lettersAnd(' '), message))
    .pipe(z.string().refine((s) => (s.match(/\p{L}/gu) ?? []).length >= NAME_MIN_LETTERS, message));

const price = (message: string) =>
  formText(message)
    .pipe(z.string().regex(/^\d+(\.\d{1,2})?$/, message))
    .transform(Number)
    .pipe(z.number().positive(message).max(1_000_000, message));

/** An optional detail of the record: absent leaves it as it is (update) or empty (add); '' clears it. */
const detail = (label: string, max: number, pattern: RegExp, message: string) =>
  z
    .preprocess(
      fieldAsString,
      z
        .string({ error: message })
        .trim()
        .transform((s) => s.replace(/\s+/g, ' ')),
    )
    .pipe(z.string().max(max, `${label} must be at most ${max} characters.`))
    .pipe(z.string().refine((s) => s === '' || pattern.test(s), message))
    .optional();

export const ACTIVE_INGREDIENT_MESSAGE = 'Active ingredient must be letters, digits, spaces and , . + / ( ) - only.';
export const STRENGTH_MESSAGE = 'Strength must start with a number, like "500 mg" or "100 units/mL".';
export const PACK_SIZE_MESSAGE = 'Pack size must start with a number, like "10 tablets" or "100 mL".';
export const DOSAGE_FORM_MESSAGE = `Dosage form must be one of ${DOSAGE_FORMS.join(', ')}.`;
export const PRESCRIPTION_REQUIRED_MESSAGE = 'Prescription required must be true or false.';
const MAX_PER_ORDER_MESSAGE = 'Max per order must be a whole number from 1, or empty for no limit.';
/** Cart add, increment and checkout refuse more than a medicine's `maxPerOrder` (409). */
export const maxPerOrderMessage = (limit: number, name: string) => `You can order at most ${limit} of ${name}.`;

// A quantity with its unit: "500 mg", "100 units/mL", "875 mg/125 mg", "0.1%", "28 tablets".
const AMOUNT = /^\d[\p{L}\d .,%/+\-µ]*$/u;

/** A leaflet section: free text with line breaks, at most LEAFLET_MAX_LENGTH characters. */
const leaflet = (label: string) =>
  z
    .preprocess(
      fieldAsString,
      z
        .string({ error: textTypeMessage(label) })
        .trim()
        // A form sends line breaks as CRLF; they are stored as one newline.
        .transform((s) => s.replace(/\r\n?/g, '\n')),
    )
    .pipe(z.string().max(LEAFLET_MAX_LENGTH, `${label} must be at most ${LEAFLET_MAX_LENGTH} characters.`))
    .pipe(z.string().check(withoutControlCharacters(label)))
    .optional();

/** The record's details, shared by add and update; every one optional. */
const medicineDetails = {
  activeIngredient: detail('Active ingredient', 100, /^[\p{L}\d][\p{L}\d ,.+/()-]*$/u, ACTIVE_INGREDIENT_MESSAGE),
  strength: detail('Strength', 40, AMOUNT, STRENGTH_MESSAGE),
  dosageForm: z
    .preprocess(fieldAsString, z.union([z.literal(''), z.enum(DOSAGE_FORMS)], { error: DOSAGE_FORM_MESSAGE }))
    // '' is "not stated", stored as null.
    .transform((s) => (s === '' ? null : s))
    .optional(),
  packSize: detail('Pack size', 40, AMOUNT, PACK_SIZE_MESSAGE),
  prescriptionRequired: z
    .preprocess(
      (v) => (typeof v === 'boolean' ? String(v) : v),
      z.enum(['true', 'false'], { error: PRESCRIPTION_REQUIRED_MESSAGE }),
    )
    .transform((s) => s === 'true')
    .optional(),
  // '' clears the limit.
  maxPerOrder: z
    .preprocess(fieldAsString, z.string({ error: MAX_PER_ORDER_MESSAGE }).trim())
    .pipe(z.string().regex(/^(\d{1,6})?$/, MAX_PER_ORDER_MESSAGE))
    .transform((s) => (s === '' ? null : Number(s)))
    .pipe(z.number().int().min(1, MAX_PER_ORDER_MESSAGE).nullable())
    .optional(),
  description: leaflet(LEAFLET_SECTION_LABELS.description),
  directions: leaflet(LEAFLET_SECTION_LABELS.directions),
  sideEffects: leaflet(LEAFLET_SECTION_LABELS.sideEffects),
  warnings: leaflet(LEAFLET_SECTION_LABELS.warnings),
  storage: leaflet(LEAFLET_SECTION_LABELS.storage),
};

const medicineFields = (priceMessage: string) => ({
  name: medicineName,
  developedBy: lettersAtLeast('Company name', `Company name must be at least ${NAME_MIN_LETTERS} letters.`),
  maxMonthsExpiry: wholeNumber('Max expiry must be a positive whole number of months.', 1),
  category: lettersAtLeast('Category', `Category must be at least ${NAME_MIN_LETTERS} letters.`),
  // Stock may be 0: an admin must be able to keep an out-of-stock medicine (docs/decisions/0008).
  stock: wholeNumber('Stock must be a whole number, 0 or more.', 0),
  price: price(priceMessage),
  ...medicineDetails,
});

/** Text fields of the add form; the image is checked separately because it is a file or a URL. */
export const addMedicineFieldsSchema = z.object(medicineFields('Price must be a valid number.'));
export const updateMedicineFieldsSchema = z.object(medicineFields('Price must be a positive number.'));

export const ADD_IMAGE_FILE_MESSAGE = 'Please upload an image file.';
export const ADD_IMAGE_URL_MESSAGE = 'Please enter a valid URL.';
export const UPDATE_IMAGE_URL_MESSAGE = 'Image URL must be a valid URL.';
export const IMAGE_TYPE_MESSAGE = 'The image must be a PNG, JPEG or WebP file.';
export const IMAGE_TOO_LARGE_MESSAGE = `The image must be at most ${IMAGE_MAX_BYTES / (1024 * 1024)} MB.`;
/** An image within the bytes but of more pixels than the server converts (the server's 413). */
export const IMAGE_PIXELS_MESSAGE = megapixelsMessage('The image', IMAGE_MAX_PIXELS);
/**
 * Multipart field names of the image file: the add form's, the update form's alternative,
 * and the original client's update form's (docs/decisions/0012).
 */
export const IMAGE_FILE_FIELDS = ['medicine_img', 'image', 'imageUrl'] as const;
/** A file part under any other field is refused, never silently dropped. */
export const UNKNOWN_FILE_FIELD_MESSAGE = `A file is accepted only under ${IMAGE_FILE_FIELDS.join(', ')}.`;

const httpUrl = (message: string) =>
  formText(message).pipe(
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
 * The update's precondition: the medicine's version the form was filled from, as the multipart field
 * `version` or as the `ETag` of `GET /medicines/:id` in `If-Match`. An update based on an older one
 * changes nothing and answers 409, so a form loaded before a sale cannot bring the sold units back.
 * An update with neither is unconditional, as HTTP has it (docs/decisions/0043).
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
/**
 * A medicine is the product its name, maker, strength and pack size name, whatever their case and
 * spacing (docs/decisions/0130): an add, an edit or an import row that would make a second one is
 * refused (409, at the name field).
 */
export const MEDICINE_DUPLICATE_MESSAGE =
  'Another medicine in the catalogue has this name, maker, strength and pack size. Edit that one, or change one of these fields.';

/** A medicine in a duplicates report: what makes it the product it is, and the stock its deletion would take. */
const duplicateMedicineSchema = medicineSchema.pick({
  _id: true,
  name: true,
  developedBy: true,
  strength: true,
  packSize: true,
  stock: true,
});

/** A page of the duplicates report, from 1, of `limit` groups (DUPLICATE_GROUPS_PAGE_SIZE unless asked). */
export const medicineDuplicatesQuerySchema = z.object({
  page: reportPage('page'),
  limit: reportLimit(DUPLICATE_GROUPS_PAGE_SIZE),
});
/**
 * The admin's report of the medicines stored before the rule above that are one medicine: a page of
 * its groups, each two or more of them, by name; `total` counts every group and `medicineCount` every
 * medicine in them, not the page's.
 */
export const medicineDuplicatesResponseSchema = z.object({
  groups: z.array(z.object({ medicines: z.array(duplicateMedicineSchema) })),
  total: z.number().int(),
  medicineCount: z.number().int(),
});

/** The update's headers: `If-Match`, optional; every other header passes through untouched. */
export const medicineUpdateHeadersSchema = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .meta({ description: 'The ETag of GET /medicines/:id the form was filled from; a stale one answers 409.' }),
});
/** The `ETag` of a medicine's version, strong, as `GET /medicines/:id` sends it and `If-Match` brings it back. */
export const medicineEtag = (version: number) => `"${version}"`;

/** The add form's image modes: file or url; the update form's: file or link. */
export const ADD_IMAGE_MODES = ['file', 'url'] as const;
export const UPDATE_IMAGE_MODES = ['file', 'link'] as const;

export type Medicine = z.infer<typeof medicineSchema>;
export type MedicineListQuery = z.input<typeof medicineListQuerySchema>;
export type MedicineListResponse = z.infer<typeof medicineListResponseSchema>;
export type MedicineDuplicatesQuery = z.input<typeof medicineDuplicatesQuerySchema>;
export type MedicineDuplicatesResponse = z.infer<typeof medicineDuplicatesResponseSchema>;
export type DuplicateMedicine = MedicineDuplicatesResponse['groups'][number]['medicines'][number];
export type MedicineResponse = z.infer<typeof medicineResponseSchema>;
export type NewMedicineResponse = z.infer<typeof newMedicineResponseSchema>;
export type UpdatedMedicineResponse = z.infer<typeof updatedMedicineResponseSchema>;
export type DeletedMedicineResponse = z.infer<typeof deletedMedicineResponseSchema>;
export type MedicineFacets = z.infer<typeof medicineFacetsSchema>;
export type FacetCount = z.infer<typeof facetCountSchema>;
export type MedicineFacet = (typeof MEDICINE_FACETS)[number];
export type Substitute = z.infer<typeof substituteSchema>;
export type SubstitutesResponse = z.infer<typeof substitutesResponseSchema>;
export type MedicineSuggestion = z.infer<typeof medicineSuggestionSchema>;
export type MedicineSuggestionsResponse = z.infer<typeof medicineSuggestionsResponseSchema>;
