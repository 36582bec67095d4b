import { DOSAGE_FORMS } from '@apotheca/contract';
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  primaryKey,
  index,
  integer,
  jsonb,
  pgSchema,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import {
  AUDIT_KINDS,
  BATCH_MOVEMENTS,
  type OrderAddress,
  ORDER_EVENTS,
  ORDER_STATUS,
  ORDER_STATUSES,
  PAYMENT_STATUS,
  STORED_PAYMENT_STATUSES,
  PRESCRIPTION_FILE_TYPES,
  PRESCRIPTION_REVIEWS,
  ROLE,
  ROLES,
} from '@apotheca/contract';

// Rules live in the database too: unique e-mail ignoring case, stock >= 0, quantity >= 1,
// price >= 0, and deletion rules that keep a deleted user's orders and a deleted medicine's order items.
// Statuses and roles are text with CHECKs rather than enum types, so one migration set works in any schema.

/** A CHECK that `column` holds one of the contract's fixed values; the list is written once, there. */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;

const id = () => uuid('id').primaryKey().defaultRandom();
/** A moment in time: every timestamp is stored with its time zone and read as a Date. */
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => instant('created_at').notNull().defaultNow();
/** A row that belongs to another and goes with it: the parent's id, required, deleted in cascade. */
const partOf = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });
/**
 * Who made a change and when; null: the shop itself (an automatic change), or a user deleted since,
 * as a change's record outlives its author.
 */
const changeColumns = () => ({
  at: instant('at').notNull().defaultNow(),
  actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
});
/**
 * The rows of a column that names a user and is set to null when that user is deleted: without it,
 * deleting one user reads the whole table for each such column (0112). Null rows (the shop's own
 * changes, an order nobody reviewed, checkout's orders) are left out, so they cost no index write.
 */
const userReferenceIndex = (name: string, column: AnyPgColumn) =>
  index(name)
    .on(column)
    .where(sql`${column} is not null`);
/** A user's single-purpose token (a session, a password reset): only its SHA-256 is stored. */
const userTokenColumns = () => ({
  id: id(),
  userId: partOf('user_id', () => users.id),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: instant('expires_at').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phNo: text('ph_no').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ROLES }).notNull().default(ROLE.user),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    // The staff's search by words of an e-mail or a full name (an ILIKE '%…%'): trigram indexes
    // (pg_trgm), so a search of many users reads the index, not every row.
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('users_full_name_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName}) gin_trgm_ops`),
    check('users_role_check', oneOf(t.role, ROLES)),
  ],
);

/**
 * A table of a user's tokens: the token, the column that marks it spent, its creation, and an index
 * to find a user's tokens (to revoke them all).
 */
const userTokenTable = <Name extends string, Spent extends Record<string, PgColumnBuilderBase>>(
  name: Name,
  spent: Spent,
) =>
  pgTable(name, { ...userTokenColumns(), ...spent, createdAt: createdAt() }, (t) => [
    index(`${name}_user_idx`).on(t.userId),
  ]);

/** Bearer tokens are random; only their SHA-256 is stored, so a leaked table grants nothing. */
export const sessions = userTokenTable('sessions', { revokedAt: instant('revoked_at') });

export const passwordResetTokens = userTokenTable('password_reset_tokens', { usedAt: instant('used_at') });

/**
 * A medicine's name as its identity compares it (docs/decisions/0130), for the database to narrow by:
 * lower-cased, whitespace removed, as `comparable` in features/medicines/medicine-identity.service.ts
 * folds every part (a name is ASCII, so both fold it alike). The expression of medicines_identity_idx:
 * a lookup written with it reads the index (docs/decisions/0138).
 */
export const comparableName = (name: AnyPgColumn | SQL) => sql`lower(regexp_replace(${name}, '\\s', '', 'g'))`;

export const medicines = pgTable(
  'medicines',
  {
    id: id(),
    name: text('name').notNull(),
    developedBy: text('developed_by').notNull(),
    maxMonthsExpiry: integer('max_months_expiry').notNull(),
    category: text('category').notNull(),
    // Its stock is the sum of its sellable batches (features/stock/stock.service.ts).
    /** Below this sellable total the medicine is on the low-stock report. */
    reorderLevel: integer('reorder_level').notNull().default(10),
    /** Money in integer cents (docs/decisions/0004). */
    priceCents: integer('price_cents').notNull(),
    imageUrl: text('image_url').notNull(),
    /**
     * The URL a catalogue import fetched the stored image from; null for an image that came another way.
     * A second import of the same file finds its URL here and leaves the image alone.
     */
    imageSourceUrl: text('image_source_url'),
    // The record's details: '' (or a null form, no prescription) until an admin states them, so
    // medicines added before these columns existed stay valid.
    activeIngredient: text('active_ingredient').notNull().default(''),
    strength: text('strength').notNull().default(''),
    dosageForm: text('dosage_form', { enum: DOSAGE_FORMS }),
    packSize: text('pack_size').notNull().default(''),
    prescriptionRequired: boolean('prescription_required').notNull().default(false),
    /** The most one order may hold; null: no limit beyond the stock. */
    maxPerOrder: integer('max_per_order'),
    description: text('description').notNull().default(''),
    directions: text('directions').notNull().default(''),
    sideEffects: text('side_effects').notNull().default(''),
    warnings: text('warnings').notNull().default(''),
    storage: text('storage').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    /** Raised by every write that changes the row, stock included: an edit based on an older one is refused (docs/decisions/0043). */
    version: integer('version').notNull().default(1),
  },
  (t) => [
    check('medicines_reorder_level_check', sql`${t.reorderLevel} >= 0`),
    check('medicines_price_check', sql`${t.priceCents} >= 0`),
    check('medicines_expiry_check', sql`${t.maxMonthsExpiry} > 0`),
    check('medicines_max_per_order_check', sql`${t.maxPerOrder} > 0`),
    check(
      'medicines_dosage_form_check',
      sql.raw(`dosage_form in (${DOSAGE_FORMS.map((form) => `'${form}'`).join(', ')})`),
    ),
    // Substitutes: the same ingredient, strength and form, whatever the case and spacing they were
    // typed in (the expressions of findSubstitutes).
    index('medicines_substitute_idx').on(
      sql`lower(${t.activeIngredient})`,
      sql`lower(replace(${t.strength}, ' ', ''))`,
      t.dosageForm,
    ),
    // The catalogue filters by category and price range and sorts by price or stock.
    index('medicines_category_price_idx').on(t.category, t.priceCents),
    index('medicines_price_idx').on(t.priceCents),
    index('medicines_created_idx').on(t.createdAt),
    // The refusal of a second medicine and the admin's duplicates report find a name's medicines by it.
    index('medicines_identity_idx').on(comparableName(t.name)),
  ],
);

/**
 * A delivery of a medicine: its lot, expiry date and the units left. It is sellable while it is
 * neither expired (on its expiry date it no longer is), recalled nor written off.
 */
export const batches = pgTable(
  'batches',
  {
    id: id(),
    medicineId: partOf('medicine_id', () => medicines.id),
    lot: text('lot').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull().defaultNow(),
    recalledAt: instant('recalled_at'),
    writtenOffAt: instant('written_off_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('batches_medicine_lot_unique').on(t.medicineId, t.lot),
    // First expiry first out: a checkout reads a medicine's batches in this order.
    index('batches_medicine_expiry_idx').on(t.medicineId, t.expiresOn, t.id),
    index('batches_expiry_idx').on(t.expiresOn),
    check('batches_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/** Every change to a batch other than a sale: who, when, how many units, why. */
export const batchMovements = pgTable(
  'batch_movements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    batchId: partOf('batch_id', () => batches.id),
    ...changeColumns(),
    kind: text('kind', { enum: BATCH_MOVEMENTS }).notNull(),
    /** Units added (or, below zero, taken away). */
    change: integer('change').notNull(),
    reason: text('reason'),
  },
  (t) => [
    index('batch_movements_batch_idx').on(t.batchId, t.id),
    userReferenceIndex('batch_movements_actor_idx', t.actorId),
    check('batch_movements_kind_check', oneOf(t.kind, BATCH_MOVEMENTS)),
  ],
);

export const carts = pgTable('carts', {
  id: id(),
  userId: partOf('user_id', () => users.id).unique(),
  createdAt: createdAt(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    cartId: partOf('cart_id', () => carts.id),
    // A deleted medicine leaves every cart.
    medicineId: partOf('medicine_id', () => medicines.id),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('cart_items_cart_medicine_unique').on(t.cartId, t.medicineId),
    index('cart_items_medicine_idx').on(t.medicineId),
    check('cart_items_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/** Order numbers: short, unique and never reused; an order is named "A-100234" (orderNumberLabel). */
export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 100001 });

export const orders = pgTable(
  'orders',
  {
    id: id(),
    number: integer('number')
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    // A deleted user's orders stay, with no user (answered as `userId: null`).
    userId: uuid('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    totalCents: integer('total_cents').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default(ORDER_STATUS.pending),
    paymentStatus: text('payment_status', { enum: STORED_PAYMENT_STATUSES }).notNull().default(PAYMENT_STATUS.pending),
    /** Only the last four digits of a card are ever kept: never the full number, the expiry or the CVV. */
    cardLast4: text('card_last4'),
    // An order of prescription-only medicines carries the prescription it was placed with and its
    // review; both are null for any other order. The prescription goes if its owner is deleted.
    prescriptionId: uuid('prescription_id').references((): AnyPgColumn => prescriptions.id, { onDelete: 'set null' }),
    prescriptionReview: text('prescription_review', { enum: PRESCRIPTION_REVIEWS }),
    reviewNote: text('review_note'),
    // The pharmacist who reviewed, kept after they are deleted, as the audit log keeps its actors
    // (which already ties each review to them): no foreign key, so deleting a pharmacist who reviewed
    // thousands of orders rewrites none of them, and a reviewer no longer in users reads as null.
    reviewedBy: uuid('reviewed_by'),
    reviewedAt: instant('reviewed_at'),
    /** The order reused an earlier approval of its prescription, spending one repeat. */
    prescriptionRepeat: boolean('prescription_repeat').notNull().default(false),
    /** A copy of the delivery address as it was at checkout; null for an order placed without one. */
    address: jsonb('address').$type<OrderAddress>(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    dispatchedAt: instant('dispatched_at'),
    /**
     * The Idempotency-Key of the checkout that placed it, and a digest of that request's body: a resend
     * with the key answers this order, one with another body is refused (docs/decisions/0120).
     */
    checkoutKey: text('checkout_key'),
    checkoutFingerprint: text('checkout_fingerprint'),
    createdAt: createdAt(),
  },
  // Every list of orders is ordered by (created_at, id): each index below ends with both, so a
  // page is read from the index alone, in order, with no sort.
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('orders_created_idx').on(t.createdAt, t.id),
    // The sales report: a window of days read from the index alone (docs/decisions/0075).
    index('orders_sales_idx').on(t.createdAt, t.status, t.paymentStatus, t.totalCents, t.id),
    uniqueIndex('orders_number_unique').on(t.number),
    // The staff list filtered by status, newest first.
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    check('orders_total_check', sql`${t.totalCents} >= 0`),
    check('orders_status_check', oneOf(t.status, ORDER_STATUSES)),
    check('orders_payment_status_check', oneOf(t.paymentStatus, STORED_PAYMENT_STATUSES)),
    check('orders_prescription_review_check', oneOf(t.prescriptionReview, PRESCRIPTION_REVIEWS)),
    // The pharmacist's queue: pending reviews, oldest first.
    index('orders_prescription_review_idx').on(t.prescriptionReview, t.createdAt, t.id),
    // One order per checkout attempt of a patient, even for two copies of it running at once; an order
    // placed without a key is outside it.
    uniqueIndex('orders_user_checkout_key_unique')
      .on(t.userId, t.checkoutKey)
      .where(sql`${t.checkoutKey} is not null`),
    // A prescription's orders: its state in the patient's list, whether checkout may reuse it as a
    // repeat, whether it is unused. Only the orders that carry one are in it.
    index('orders_prescription_idx')
      .on(t.prescriptionId)
      .where(sql`${t.prescriptionId} is not null`),
  ],
);

/**
 * Figures the database keeps from the other tables, never written by the app and left out of a
 * backup: a restore, which inserts the rows they are kept from, makes them anew.
 */
export const derived = pgSchema('derived');

/**
 * How many orders there are of each status and prescription review, so the staff lists' totals are
 * read from a few rows instead of counted over every order. Statement triggers on orders keep it
 * (migration 0011): each statement's orders added, removed or changed in status or review move the
 * count of their kind in the row of the database connection that runs the statement (migration 0018),
 * so concurrent checkouts on different connections seldom wait on one row.
 */
export const orderCounts = derived.table(
  'order_counts',
  {
    status: text('status').notNull(),
    prescriptionReview: text('prescription_review'),
    shard: smallint('shard').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
  },
  (t) => [unique('order_counts_key').on(t.status, t.prescriptionReview, t.shard).nullsNotDistinct()],
);

/**
 * How many orders of each status and prescription review were placed on each day (UTC), kept by the
 * same statement triggers as orderCounts, in the row of the connection (migration 0018); past days are
 * folded into one row a day and kind every hour (order-days.service.ts). A far page of a staff list sums
 * these to find the day its first order falls in and steps over that day's orders only, instead of
 * over every order before the page.
 */
export const orderDays = derived.table(
  'order_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    prescriptionReview: text('prescription_review'),
    shard: smallint('shard').notNull(),
    orders: bigint('orders', { mode: 'number' }).notNull(),
  },
  (t) => [unique('order_days_key').on(t.day, t.status, t.prescriptionReview, t.shard).nullsNotDistinct()],
);

/**
 * How many audit entries there are of each kind, so the audit log's total, whole or by kind, is read
 * from a few rows instead of counted over every entry. A statement trigger on audit_log keeps it, in
 * the row of the database connection that writes the entries (migration 0019), as orderCounts does;
 * the log is append-only, so the counts only grow.
 */
export const auditCounts = derived.table(
  'audit_counts',
  {
    kind: text('kind').notNull(),
    shard: smallint('shard').notNull(),
    entries: bigint('entries', { mode: 'number' }).notNull(),
  },
  (t) => [unique('audit_counts_key').on(t.kind, t.shard)],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: partOf('order_id', () => orders.id),
    // A deleted medicine's order items stay; name and price are the copies taken at order time.
    medicineId: uuid('medicine_id').references(() => medicines.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    priceCents: integer('price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    prescriptionRequired: boolean('prescription_required').notNull().default(false),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_medicine_idx').on(t.medicineId),
    check('order_items_quantity_check', sql`${t.quantity} >= 1`),
    check('order_items_price_check', sql`${t.priceCents} >= 0`),
  ],
);

/** The batches an order line drew its units from, and how many from each. */
export const orderItemBatches = pgTable(
  'order_item_batches',
  {
    orderItemId: partOf('order_item_id', () => orderItems.id),
    batchId: partOf('batch_id', () => batches.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderItemId, t.batchId] }),
    // A recall's orders.
    index('order_item_batches_batch_idx').on(t.batchId),
    check('order_item_batches_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/**
 * An order line's units of a recalled lot that staff replaced (docs/decisions/0148), by lot they came
 * from instead. The line's draw from the recalled lot is gone by then, as its units are back in the
 * lot; this row keeps the order on the recall's page, marked as replaced, and names what replaced it.
 */
export const replacedDraws = pgTable(
  'replaced_draws',
  {
    batchId: partOf('batch_id', () => batches.id),
    orderItemId: partOf('order_item_id', () => orderItems.id),
    replacementBatchId: partOf('replacement_batch_id', () => batches.id),
    quantity: integer('quantity').notNull(),
  },
  // The key leads with the recalled lot: its page reads them by it.
  (t) => [
    primaryKey({ columns: [t.batchId, t.orderItemId, t.replacementBatchId] }),
    check('replaced_draws_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

/** A recalled lot's mail to a patient: one row each, so however often the action runs, one mail. */
export const recallNotices = pgTable(
  'recall_notices',
  {
    batchId: partOf('batch_id', () => batches.id),
    userId: partOf('user_id', () => users.id),
    createdAt: createdAt(),
  },
  // The key leads with the batch; a deleted patient's notices are found by this one.
  (t) => [primaryKey({ columns: [t.batchId, t.userId] }), index('recall_notices_user_idx').on(t.userId)],
);

/**
 * Every change to an order, written in the same transaction as the change. Ordered by `id`, which
 * grows with each row: several rows of one transaction share its time.
 */
export const orderHistory = pgTable(
  'order_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: partOf('order_id', () => orders.id),
    ...changeColumns(),
    /**
     * The actor's role when the change was made, which staff read beside their name: a role changed
     * later does not rewrite what was done as another. Filled from the actor's row by a trigger of
     * migration 0032 when an insert leaves it out, so no writer of the history can forget it.
     */
    actorRole: text('actor_role', { enum: ROLES }),
    event: text('event', { enum: ORDER_EVENTS }).notNull(),
    from: text('from'),
    to: text('to'),
    note: text('note'),
  },
  (t) => [
    index('order_history_order_idx').on(t.orderId, t.id),
    userReferenceIndex('order_history_actor_idx', t.actorId),
    check('order_history_event_check', oneOf(t.event, ORDER_EVENTS)),
    check('order_history_actor_role_check', oneOf(t.actorRole, ROLES)),
    // A row names its actor's role while it names its actor: the history's readers rely on it.
    check('order_history_actor_role_known', sql`${t.actorId} is null or ${t.actorRole} is not null`),
  ],
);

/**
 * An uploaded prescription: private health data. The file is a stored file under
 * /private/prescriptions/<id>, apart from the public uploads; a deleted user's prescriptions go with them.
 */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: id(),
    userId: partOf('user_id', () => users.id),
    fileType: text('file_type', { enum: PRESCRIPTION_FILE_TYPES }).notNull(),
    // Set by the pharmacist who approves it: the last day a repeat order may reuse it, and how many
    // repeat orders are left. Both null until an approval.
    validUntil: date('valid_until', { mode: 'string' }),
    repeatsLeft: integer('repeats_left'),
    createdAt: createdAt(),
  },
  (t) => [
    index('prescriptions_user_idx').on(t.userId, t.createdAt),
    check('prescriptions_file_type_check', oneOf(t.fileType, PRESCRIPTION_FILE_TYPES)),
    check('prescriptions_repeats_left_check', sql`${t.repeatsLeft} >= 0`),
  ],
);

/** A patient's address book: only its owner reads or changes it, and it goes with them. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: partOf('user_id', () => users.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2').notNull().default(''),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    country: text('country').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.createdAt),
    // At most one default per patient.
    uniqueIndex('addresses_user_default_unique')
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

/** Every time staff open someone's prescription: who, which, when. */
export const prescriptionViews = pgTable(
  'prescription_views',
  {
    id: id(),
    prescriptionId: partOf('prescription_id', () => prescriptions.id),
    viewerId: uuid('viewer_id').references(() => users.id, { onDelete: 'set null' }),
    viewedAt: instant('viewed_at').notNull().defaultNow(),
  },
  (t) => [
    index('prescription_views_prescription_idx').on(t.prescriptionId),
    userReferenceIndex('prescription_views_viewer_idx', t.viewerId),
  ],
);

export const contactMessages = pgTable('contact_messages', {
  id: id(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  message: text('message').notNull(),
  createdAt: createdAt(),
});

/**
 * Outgoing mail, written in the transaction of the change it reports and sent after commit by the
 * outbox worker, with retries (docs/decisions/0013). A row is due when `next_attempt_at` has passed
 * and it is not yet sent; claiming it moves `next_attempt_at` on, so a crash mid-send retries later.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull().default(''),
    html: text('html'),
    // A mail written from a template (mail-templates.service.ts) is rendered from these when it is
    // sent, so a statement in SQL alone (checkout) can queue one; subject and text are then empty.
    template: text('template'),
    data: jsonb('data'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    sentAt: instant('sent_at'),
    /** The last failure's code (never its message, which may quote the message or a credential). */
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null`),
  ],
);

/** Bytes as PostgreSQL's bytea: pg hands back a Buffer, PGlite a Uint8Array. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Uploaded files (every size of a medicine image, prescriptions), in the database that every instance shares
 * (docs/decisions/0029). The path is the URL they are served at; it never changes.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    path: text('path').primaryKey(),
    contentType: text('content_type').notNull(),
    /** A hash of the bytes, computed once at upload, sent as the ETag. */
    etag: text('etag').notNull(),
    body: bytea('body').notNull(),
    /**
     * The user whose private file this is (a prescription), deleted with them; null for the shop's own
     * files (medicine images).
     */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('stored_files_owner_idx').on(t.ownerId)],
);

/**
 * Scheduled backups, one row per period: the instance whose insert of the period's row succeeds
 * writes that backup, so several instances on one database write each backup once
 * (docs/decisions/0061). `file` and `bytes` are set when it is written.
 */
export const backups = pgTable('backups', {
  period: instant('period').primaryKey(),
  file: text('file'),
  bytes: bigint('bytes', { mode: 'number' }),
  createdAt: createdAt(),
});

/**
 * Every change made by staff, written in the transaction of the change (features/audit): who, when,
 * what, and the changed fields before and after. Append-only: a trigger refuses UPDATE, DELETE and
 * TRUNCATE. Nothing here is a foreign key, so a row outlives the person and the things it names; the
 * actor's e-mail is copied for when their account is gone (docs/decisions/0076).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: instant('at').notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    kind: text('kind', { enum: AUDIT_KINDS }).notNull(),
    // The subject, in typed columns so a list filtered by any of them reads an index.
    medicineId: uuid('medicine_id'),
    orderId: uuid('order_id'),
    userId: uuid('user_id'),
    batchId: uuid('batch_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    check('audit_log_kind_check', oneOf(t.kind, AUDIT_KINDS)),
    // The list is newest first, whole or narrowed by one filter: each filter's index ends with the
    // time and the id, so a page is read in order from it, scanned backward. Ascending on purpose:
    // an index declared DESC is DESC NULLS LAST, which an ORDER BY … DESC (NULLS FIRST) cannot use.
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.at, t.id),
    index('audit_log_actor_email_idx').on(sql`lower(${t.actorEmail})`, t.at, t.id),
    index('audit_log_kind_idx').on(t.kind, t.at, t.id),
    index('audit_log_medicine_idx').on(t.medicineId, t.at, t.id),
    index('audit_log_order_idx').on(t.orderId, t.at, t.id),
    index('audit_log_user_idx').on(t.userId, t.at, t.id),
    index('audit_log_batch_idx').on(t.batchId, t.at, t.id),
  ],
);
