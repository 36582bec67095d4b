// The product's business constants (page sizes, limits, thresholds) and its fixed lists (categories,
// sorts, statuses, roles), shared by client and server.

export const CATEGORIES = [
  'Fever Medicine',
  'Diabetes Medicine',
  'Antibiotic',
  'Cholesterol Medicine',
  'Blood Pressure Medicine',
  'Heart Medicine',
  'Mental Health Medicine',
  'Pain Relief',
  'Thyroid Medicine',
] as const;

/** How a medicine is taken (issue: the medicine record); a fixed list, as the categories are. */
export const DOSAGE_FORMS = [
  'Tablet',
  'Capsule',
  'Syrup',
  'Suspension',
  'Injection',
  'Cream',
  'Ointment',
  'Gel',
  'Drops',
  'Inhaler',
  'Spray',
  'Patch',
  'Powder',
] as const;

export const SORTS = ['price_asc', 'price_desc', 'in_stock', 'out_of_stock'] as const;
export const SORT_LABELS: Record<(typeof SORTS)[number], string> = {
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
  in_stock: 'In stock',
  out_of_stock: 'Out of stock',
};
/**
 * The sort names of the product's original client, accepted as deprecated synonyms and read as
 * the API's own names (docs/decisions/0012).
 */
export const SORT_SYNONYMS = {
  price: 'price_asc',
  '-price': 'price_desc',
  inStock: 'in_stock',
  '-inStock': 'out_of_stock',
} as const satisfies Record<string, (typeof SORTS)[number]>;

/** An order's statuses, as the product names them; every comparison of them goes through ORDER_STATUS. */
export const ORDER_STATUS = {
  pending: 'Pending',
  accepted: 'Accepted',
  dispatched: 'Dispatched',
  canceled: 'Canceled',
} as const;
export const ORDER_STATUSES = [
  ORDER_STATUS.pending,
  ORDER_STATUS.accepted,
  ORDER_STATUS.dispatched,
  ORDER_STATUS.canceled,
] as const;
/**
 * A payment's statuses (the product's Pending and Paid); every comparison of them goes through
 * PAYMENT_STATUS. An order keeps whether it was paid; a canceled one is answered as 'Not charged'
 * (never paid) or 'Refunded' (paid), so no one reads a canceled order as money taken.
 */
export const PAYMENT_STATUS = {
  pending: 'Pending',
  paid: 'Paid',
  notCharged: 'Not charged',
  refunded: 'Refunded',
} as const;
/** What an order stores: paid or not yet. */
export const STORED_PAYMENT_STATUSES = [PAYMENT_STATUS.pending, PAYMENT_STATUS.paid] as const;
/** What an order answers. */
export const PAYMENT_STATUSES = [
  ...STORED_PAYMENT_STATUSES,
  PAYMENT_STATUS.notCharged,
  PAYMENT_STATUS.refunded,
] as const;
/**
 * What an order's history records, each with its time, actor and note: placed, a status changed,
 * the stock put back (entering Canceled) or taken again (leaving it), a prescription review decided,
 * a lot it drew from recalled before it was dispatched, its patient mailed about a recalled lot it delivered.
 */
export const ORDER_EVENT = {
  placed: 'placed',
  statusChanged: 'status-changed',
  stockRestored: 'stock-restored',
  stockTaken: 'stock-taken',
  /** A dispatched order canceled: its parcel had left the shop, so its units are not for sale again (0110). */
  stockKeptOut: 'stock-kept-out',
  reviewDecided: 'review-decided',
  recallFlagged: 'recall-flagged',
  /** The patient added the delivery address the order was placed without (docs/decisions/0135). */
  addressAdded: 'address-added',
  /**
   * The patient was mailed that a lot this dispatched order drew from is recalled; its note names the
   * medicine and the lot, and the patient's order says so (docs/decisions/0144).
   */
  recallNotified: 'recall-notified',
} as const;
export const ORDER_EVENTS = [
  ORDER_EVENT.placed,
  ORDER_EVENT.statusChanged,
  ORDER_EVENT.stockRestored,
  ORDER_EVENT.stockTaken,
  ORDER_EVENT.stockKeptOut,
  ORDER_EVENT.reviewDecided,
  ORDER_EVENT.recallFlagged,
  ORDER_EVENT.addressAdded,
  ORDER_EVENT.recallNotified,
] as const;
/**
 * The states of a prescription's review, attached to the order it was sent with; every comparison
 * of them goes through PRESCRIPTION_REVIEW.
 */
export const PRESCRIPTION_REVIEW = { pending: 'pending', approved: 'approved', rejected: 'rejected' } as const;
export const PRESCRIPTION_REVIEWS = [
  PRESCRIPTION_REVIEW.pending,
  PRESCRIPTION_REVIEW.approved,
  PRESCRIPTION_REVIEW.rejected,
] as const;
/** A pharmacist's decisions on a prescription; every comparison of them goes through PRESCRIPTION_DECISION. */
export const PRESCRIPTION_DECISION = { approve: 'approve', reject: 'reject' } as const;
export const PRESCRIPTION_DECISIONS = [PRESCRIPTION_DECISION.approve, PRESCRIPTION_DECISION.reject] as const;
/** The most repeat orders a pharmacist's approval may allow. */
export const MAX_REPEATS = 12;
/** What a batch's history records besides sales: a delivery, a correction, a write-off, a recall. */
export const BATCH_MOVEMENT = {
  received: 'received',
  adjusted: 'adjusted',
  writtenOff: 'written-off',
  recalled: 'recalled',
} as const;
export const BATCH_MOVEMENTS = [
  BATCH_MOVEMENT.received,
  BATCH_MOVEMENT.adjusted,
  BATCH_MOVEMENT.writtenOff,
  BATCH_MOVEMENT.recalled,
] as const;
/**
 * Roles, least trusted first: a shopper; a pharmacist, who works the orders and reviews prescriptions
 * in the admin area; an admin, who may do everything. Every comparison of roles goes through ROLE.
 */
export const ROLE = { user: 'user', pharmacist: 'pharmacist', admin: 'admin' } as const;
export const ROLES = [ROLE.user, ROLE.pharmacist, ROLE.admin] as const;
/** The roles that sign in to the admin area. */
export const STAFF_ROLES = [ROLE.pharmacist, ROLE.admin] as const;
export const ROLE_LABELS: Record<(typeof ROLES)[number], string> = {
  user: 'Shopper',
  pharmacist: 'Pharmacist',
  admin: 'Admin',
};
/** What a cart line's quantity buttons ask of the server: one more, or one fewer. */
export const CART_OPERATION = { increment: 'increment', decrement: 'decrement' } as const;
export const CART_OPERATIONS = [CART_OPERATION.increment, CART_OPERATION.decrement] as const;

/** GET /medicines with no arguments answers limit 5, page 1, as the original client expects. */
export const DEFAULT_LIST_LIMIT = 5;
/** The catalogue screen's page size when the URL carries no limit. */
export const CATALOGUE_PAGE_SIZE = 6;
/** Upper bound on `limit`, so one request cannot ask for the whole table. */
export const MAX_LIST_LIMIT = 100;
/** The catalogue search box: at most this many characters in `q`. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** The header box asks for suggestions once this many characters are typed, and shows at most SUGGESTIONS_LIMIT. */
export const SUGGESTIONS_MIN_LENGTH = 2;
export const SUGGESTIONS_LIMIT = 8;
/** Substitutes shown on a medicine page, cheapest per unit first. */
export const SUBSTITUTES_LIMIT = 20;
/**
 * Money is stored in 32-bit integer cents (docs/decisions/0017): no price filter and no order total
 * may go past this many cents, $21,474,836.47.
 */
export const MAX_MONEY_CENTS = 2 ** 31 - 1;
/**
 * Made once: a formatter is slow to build and every price on a page goes through it. `negative`: a sum
 * rounded to zero from below reads $0.00, not -$0.00.
 */
const DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'negative',
});
/**
 * Dollars as the shop writes them, on its pages and in its mails: a $ sign, thousands grouped with commas
 * (a total of $1,234.50 is read at a glance, $1234.50 is not) and 2 decimals. Display only: never an
 * input's value, which a number field would refuse with its commas.
 */
export const formatPrice = (dollars: number): string => DOLLARS.format(dollars);
export const DEFAULT_MIN_PRICE = 0;
export const DEFAULT_MAX_PRICE = 2000;

/**
 * A price range that can hold a price: a minimum above the maximum matches nothing, and is a mistake to
 * say so of, not an empty list. Either end may be absent. Here, free of zod, for the storefront's start-up code.
 */
export const isPriceRange = (minPrice: number | undefined, maxPrice: number | undefined) =>
  minPrice === undefined || maxPrice === undefined || minPrice <= maxPrice;

export const TOP_SELLERS_COUNT = 3;
export const TOP_SELLERS_PLACEHOLDERS = 4;
export const ADMIN_ORDERS_PAGE_SIZE = 8;
/** The staff lists' orderings: newest first (the orders list) or oldest first (the prescription queue). */
export const ORDER_SORT = { newest: 'newest', oldest: 'oldest' } as const;
export const ORDER_SORTS = [ORDER_SORT.newest, ORDER_SORT.oldest] as const;
export const USERS_PAGE_SIZE = 10;
/** Rows a page of each stock report holds, unless the call asks for another `limit`. */
export const REPORT_PAGE_SIZE = 20;
/** Groups a page of the duplicates report holds, unless the call asks for another `limit`: each is two or more medicines. */
export const DUPLICATE_GROUPS_PAGE_SIZE = 10;
/** The expiry report's windows, in days; the first is the one it opens with. */
export const EXPIRY_WINDOWS = [30, 60, 90] as const;
/** The sales report looks back up to a year; the admin overview shows its last 30 days. */
export const SALES_REPORT_MAX_DAYS = 365;
export const SALES_REPORT_DAYS = 30;
/** How many of the best-selling medicines the sales report names. */
export const TOP_MEDICINES_COUNT = 10;
/** Rows of each stock warning the admin overview lists; the full reports are a link away. */
export const OVERVIEW_LIST_LIMIT = 5;

export const CARD_NUMBER_DIGITS = 12;
export const CVV_DIGITS = 3;
export const PHONE_DIGITS = 10;
export const PASSWORD_MIN_LENGTH = 8;
export const CONTACT_MESSAGE_MAX_WORDS = 100;
export const NAME_MIN_LETTERS = 3;

/** Uploaded medicine images: at most 5 MB, PNG, JPEG or WebP by content. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/**
 * And at most 40 megapixels (width × height): far above any product photo, far below what a small
 * "decompression bomb" file unpacks to. The bytes are no measure of it: a plain 20000 × 20000 PNG is
 * some 50 KB.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** A catalogue import: a CSV file of at most 5 MB and 10,000 medicines (rows after the header). */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
/** The new images one import may fetch, in all: they are held until the file is written. */
export const IMPORT_IMAGES_MAX_BYTES = 200 * 1024 * 1024;
/** The multipart field that carries the import's CSV file. */
export const IMPORT_FILE_FIELD = 'file';

/** Header becomes fixed after this many pixels of scroll. */
export const HEADER_SCROLL_THRESHOLD = 50;
export const HERO_ROTATION_MS = 5000;
export const HERO_FADE_MS = 300;
export const CAROUSEL_AUTOPLAY_MS = 3000;
export const CAROUSEL_MIN_DRAG_PX = 80;
export const CHECKOUT_NAVIGATION_DELAY_MS = 2000;
export const TOAST_ADD_TO_CART_MS = 1000;
export const TOAST_LOGIN_NEEDED_MS = 2000;

export type Category = (typeof CATEGORIES)[number];
export type DosageForm = (typeof DOSAGE_FORMS)[number];
export type Sort = (typeof SORTS)[number];
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type OrderEvent = (typeof ORDER_EVENTS)[number];
export type PrescriptionReview = (typeof PRESCRIPTION_REVIEWS)[number];
export type ExpiryWindow = (typeof EXPIRY_WINDOWS)[number];
export type BatchMovement = (typeof BATCH_MOVEMENTS)[number];
export type Role = (typeof ROLES)[number];
export const isStaff = (role: Role | undefined): boolean => (STAFF_ROLES as readonly string[]).includes(role ?? '');
export type CartOperation = (typeof CART_OPERATIONS)[number];

/** The list's facets: how many of the current matches each value has, ignoring that facet's own filter. */
export const MEDICINE_FACETS = ['category', 'dosageForm', 'prescriptionRequired', 'developedBy'] as const;

/**
 * What a search's medicine is not stocked in, when it names a strength or a form that no medicine of its name
 * has: the list's and the header box's answer (`otherStrengths.notIn`), read into their sentence ("We don’t
 * stock “metformin” in that strength."). Here, free of zod, for the storefront's start-up code.
 */
export const NOT_STOCKED_IN = { strength: 'strength', form: 'form', strengthAndForm: 'strength and form' } as const;
export const NOT_STOCKED_IN_VALUES = [
  NOT_STOCKED_IN.strength,
  NOT_STOCKED_IN.form,
  NOT_STOCKED_IN.strengthAndForm,
] as const;
export type NotStockedIn = (typeof NOT_STOCKED_IN_VALUES)[number];

/** The leaflet's sections, in the order a medicine page shows them. */
export const LEAFLET_SECTIONS = ['description', 'directions', 'sideEffects', 'warnings', 'storage'] as const;
export const LEAFLET_SECTION_LABELS: Record<(typeof LEAFLET_SECTIONS)[number], string> = {
  description: 'Description',
  directions: 'Directions',
  sideEffects: 'Side effects',
  warnings: 'Warnings',
  storage: 'Storage',
};
export const LEAFLET_MAX_LENGTH = 2000;

/** A prescription is a photo or a scan: JPEG, PNG, WebP or PDF, judged by content, at most 10 MB. */
export const PRESCRIPTION_MAX_BYTES = 10 * 1024 * 1024;
/** A photo or an image scan of at most 100 megapixels: a phone's is 12–50, a "decompression bomb" far more. */
export const PRESCRIPTION_MAX_PIXELS = 100_000_000;
export const PRESCRIPTION_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
/**
 * Each of those types as the patient reads it, and the endings of its files' names: the picker judges
 * by them a file the browser cannot type (it says ""), and the server names by the first a file it
 * hands back. A type added to the list needs its entry here, so it is named and known everywhere.
 */
export const PRESCRIPTION_FILE_FORMATS: Record<
  (typeof PRESCRIPTION_FILE_TYPES)[number],
  { name: string; extensions: readonly [string, ...string[]] }
> = {
  'image/jpeg': { name: 'JPEG', extensions: ['.jpg', '.jpeg'] },
  'image/png': { name: 'PNG', extensions: ['.png'] },
  'image/webp': { name: 'WebP', extensions: ['.webp'] },
  'application/pdf': { name: 'PDF', extensions: ['.pdf'] },
};
/** What the file input offers; the server judges the bytes whatever the browser declared. */
export const PRESCRIPTION_ACCEPT = PRESCRIPTION_FILE_TYPES.join(',');
/**
 * What the camera offers: the photo types among those, so that a phone gives one of them (an iPhone
 * then sends a JPEG rather than its own HEIC, which the server would refuse).
 */
export const PRESCRIPTION_PHOTO_ACCEPT = PRESCRIPTION_FILE_TYPES.filter((type) => type.startsWith('image/')).join(',');
export const PRESCRIPTION_FILE_FIELD = 'file';
/**
 * What one patient may upload, within the days below, of prescriptions no current order holds (unused,
 * or sent only with orders since canceled): a count and a total size, so that an open registration
 * cannot fill the disk. Unused ones are removed after those days.
 */
export const PRESCRIPTION_UNUSED_MAX_FILES = 10;
export const PRESCRIPTION_UNUSED_MAX_BYTES = 50 * 1024 * 1024;
export const PRESCRIPTION_UNUSED_KEEP_DAYS = 7;

/**
 * The header that names one checkout attempt: a resend of it (the answer was lost, the instance died)
 * returns the order the first one placed instead of placing another. Optional; a checkout without it
 * is placed as it comes. Header names are case-insensitive; Node hands them over in lower case.
 * Here with the constants, not beside its schema: the storefront's start-up code sends it, and a
 * schema module imported there would make its chunk and the schemas' chunk import each other, so the
 * page would fail as it starts.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
