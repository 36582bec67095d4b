import { z } from 'zod';
import {
  calendarDateFromToday,
  idSchema,
  reportLimit,
  reportPage,
  requiredText,
  shopToday,
  WHOLE_NUMBER_MAX,
  wholeNumber,
  withoutControlCharacters,
} from './common.schema';
import { EXPIRY_WINDOWS, ORDER_STATUSES, REPORT_PAGE_SIZE } from './constants';

// A medicine's stock is the sum of its sellable batches: a delivery's lot, expiry date and units,
// not expired, recalled nor written off.

/** The refusal of an expiry date that is not a real day written `YYYY-MM-DD`. */
export const EXPIRES_ON_MESSAGE = 'Give the date as YYYY-MM-DD.';
/** A delivery already expired could never be sold: most often a mistyped year. */
export const EXPIRES_ON_PAST_MESSAGE = 'The expiry date is in the past: check the year.';
/** A batch is sold only before its expiry date (the shop's day), so one expiring today never could be. */
export const EXPIRES_ON_TODAY_MESSAGE = 'A batch expiring today can no longer be sold.';

const batchSchema = z.object({
  _id: idSchema,
  lot: z.string(),
  expiresOn: z.string(),
  quantity: z.number().int(),
  receivedOn: z.string(),
  /** When the lot was recalled; null while it is not. */
  recalledAt: z.string().nullable(),
  /** When the batch was written off; null while it is not. */
  writtenOffAt: z.string().nullable(),
});
export type Batch = z.infer<typeof batchSchema>;

/** What a batch is now, as the staff's screens show it. */
export const BATCH_STATE = {
  sellable: 'Sellable',
  expired: 'Expired',
  recalled: 'Recalled',
  writtenOff: 'Written off',
} as const;
export type BatchState = (typeof BATCH_STATE)[keyof typeof BATCH_STATE];

/**
 * A batch in its medicine's list, with its state judged by the server as checkout judges it: a recall
 * or a write-off says it all; otherwise expired from its expiry date on by the shop's day, so
 * the staff's screen never disagrees with what can be sold, whatever the browser's clock says.
 */
const listedBatchSchema = batchSchema.extend({ state: z.enum(BATCH_STATE) });
export type ListedBatch = z.infer<typeof listedBatchSchema>;
export const batchListResponseSchema = z.object({ batches: z.array(listedBatchSchema) });
export const batchResponseSchema = z.object({ batch: batchSchema });
export type BatchList = z.infer<typeof batchListResponseSchema>;
export type BatchResponse = z.infer<typeof batchResponseSchema>;

export const LOT_REQUIRED_MESSAGE = 'Lot number is required.';
const upTo = WHOLE_NUMBER_MAX.toLocaleString('en-US');
export const BATCH_QUANTITY_MESSAGE = `Quantity must be a whole number from 0 to ${upTo}.`;
/** A delivery brings at least one unit: a lot of none is no delivery. */
export const RECEIVED_QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${upTo}.`;
export const REASON_REQUIRED_MESSAGE = 'Give a reason.';
const REASON_MAX = 500;

const reason = requiredText(REASON_REQUIRED_MESSAGE)
  .max(REASON_MAX, { error: `A reason has at most ${REASON_MAX} characters.` })
  .check(withoutControlCharacters('A reason'));

/** A delivery: its lot, its expiry date and the units received. */
export const addBatchSchema = z.object({
  lot: requiredText(LOT_REQUIRED_MESSAGE)
    .max(100, { error: 'A lot number has at most 100 characters.' })
    .check(withoutControlCharacters('A lot number')),
  expiresOn: calendarDateFromToday(EXPIRES_ON_MESSAGE, EXPIRES_ON_PAST_MESSAGE).refine(
    (day) => day !== shopToday(),
    EXPIRES_ON_TODAY_MESSAGE,
  ),
  quantity: wholeNumber(RECEIVED_QUANTITY_MESSAGE, 1),
});
/** A correction of a batch's count, with why: it is kept in the batch's history. */
export const adjustBatchSchema = z.object({ quantity: wholeNumber(BATCH_QUANTITY_MESSAGE, 0), reason });
/** A write-off or a recall, with why. */
export const batchReasonSchema = z.object({ reason });

export const batchParamsSchema = z.object({ id: z.string(), batchId: z.string() });
export const recallParamsSchema = z.object({ batchId: z.string() });

/**
 * An order that drew from a recalled lot; `flagged`: not yet dispatched and still holding the lot's
 * units, so the pharmacist holds it.
 */
export const recalledOrderSchema = z.object({
  _id: idSchema,
  /** The order number, "A-100234" (orderNumberLabel). */
  number: z.string(),
  patient: z.object({ _id: idSchema, name: z.string(), email: z.string() }).nullable(),
  /** The units it drew from the lot, replaced since or not. */
  units: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  flagged: z.boolean(),
  /**
   * The lots staff replaced its units of this lot from (docs/decisions/0148), first expiry first; null
   * while it holds them, or when they left the shop with it.
   */
  replacedBy: z.array(z.string()).nullable(),
});
export const recallResponseSchema = z.object({ batch: batchSchema, orders: z.array(recalledOrderSchema) });
/** A stock report's page size unless the call asks for another. */
const reportPageSize = reportLimit(REPORT_PAGE_SIZE);
/** A page of a recalled lot's orders, newest first: a lot may have reached thousands. */
export const recallQuerySchema = z.object({ page: reportPage('page'), limit: reportPageSize });
export type RecallQuery = z.infer<typeof recallQuerySchema>;
export const recallOrdersResponseSchema = z.object({
  batch: batchSchema,
  medicine: z.object({ _id: idSchema, name: z.string() }),
  /** Why the lot was recalled, as the admin gave it; null while it is not recalled. */
  reason: z.string().nullable(),
  orders: z.array(recalledOrderSchema),
  /** Every order that drew from the lot, of which `orders` is one page. */
  total: z.number().int(),
});
/** Patients mailed by this call, and those a call before had mailed already. */
export const recallNotifyResponseSchema = z.object({ notified: z.number().int(), alreadyNotified: z.number().int() });

export const EXPIRY_WINDOW_MESSAGE = `days must be one of ${EXPIRY_WINDOWS.join(', ')}.`;
/** The expiry report's window, and a page of each of its two lists: `expiringPage` and `expiredPage`, from 1. */
export const expiryReportQuerySchema = z.object({
  days: z.coerce
    .number({ error: EXPIRY_WINDOW_MESSAGE })
    .pipe(
      z.union(
        EXPIRY_WINDOWS.map((days) => z.literal(days)),
        { error: EXPIRY_WINDOW_MESSAGE },
      ),
    )
    .default(EXPIRY_WINDOWS[0]),
  expiringPage: reportPage('expiringPage'),
  expiredPage: reportPage('expiredPage'),
  limit: reportPageSize,
});
export type ExpiryReportQuery = z.infer<typeof expiryReportQuerySchema>;
const reportBatchSchema = batchSchema.extend({ medicine: z.object({ _id: idSchema, name: z.string() }) });
/**
 * Sellable batches expiring within `days`, first expiry first, and expired batches not yet written
 * off: one page of each; `expiringTotal` and `expiredTotal` count every match, not the page.
 */
export const expiryReportResponseSchema = z.object({
  days: z.number().int(),
  expiring: z.array(reportBatchSchema),
  expired: z.array(reportBatchSchema),
  expiringTotal: z.number().int(),
  expiredTotal: z.number().int(),
});
export type ExpiryReport = z.infer<typeof expiryReportResponseSchema>;
export type ReportBatch = z.infer<typeof reportBatchSchema>;

/** A page of the low-stock report, from 1. */
export const lowStockQuerySchema = z.object({ page: reportPage('page'), limit: reportPageSize });
export type LowStockQuery = z.infer<typeof lowStockQuerySchema>;
const stockLevelSchema = z.object({
  _id: idSchema,
  name: z.string(),
  stock: z.number().int(),
  reorderLevel: z.number().int(),
});
export type StockLevel = z.infer<typeof stockLevelSchema>;
/** One page of the medicines below their reorder level, least stocked first; `total` counts every one. */
export const lowStockResponseSchema = z.object({ medicines: z.array(stockLevelSchema), total: z.number().int() });
export type LowStockReport = z.infer<typeof lowStockResponseSchema>;

const REORDER_LEVEL_MAX = 100000;
export const REORDER_LEVEL_MESSAGE = `Reorder level must be a whole number from 0 to ${REORDER_LEVEL_MAX}.`;
/** A medicine's reorder level: below it, its sellable stock puts it on the low-stock report. */
export const reorderLevelSchema = z.object({
  // A form's text ("12") counts as its number; a blank one is no number.
  reorderLevel: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: REORDER_LEVEL_MESSAGE })
      .int({ error: REORDER_LEVEL_MESSAGE })
      .min(0, { error: REORDER_LEVEL_MESSAGE })
      .max(REORDER_LEVEL_MAX, { error: REORDER_LEVEL_MESSAGE }),
  ),
});
export type ReorderLevelInput = z.infer<typeof reorderLevelSchema>;
export const reorderLevelResponseSchema = z.object({ medicine: stockLevelSchema });
export type ReorderLevelResponse = z.infer<typeof reorderLevelResponseSchema>;

export const BATCH_NOT_FOUND_MESSAGE = 'Batch not found';
export const lotTakenMessage = (lot: string) => `This medicine already has a lot ${lot}.`;
/** A medicine's stock, the sum of its sellable batches, stays within what a form can set it to. */
export const stockAboveMaxMessage = (name: string) =>
  `${name} would hold more than ${upTo} units in stock, the most a medicine can hold.`;
export const BATCH_RECALLED_MESSAGE = 'This lot is recalled; it can no longer change.';
export const BATCH_WRITTEN_OFF_MESSAGE = 'This batch is written off; it can no longer change.';
/**
 * The refusal to delete a medicine with a recalled lot: its batches would go with it, and with them the
 * recall's record of the orders the lot reached and the holds on those not yet dispatched.
 */
export const recalledMedicineKeptMessage = (name: string, lot: string) =>
  `${name} cannot be deleted: its lot ${lot} is recalled, and the recall keeps the orders that lot reached.`;
/** Checkout's refusal of a medicine whose stock is held in a recalled lot. */
export const recalledLotMessage = (name: string, lot: string) =>
  `Lot ${lot} of ${name} has been recalled and cannot be sold. Remove ${name} from your cart or lower its quantity.`;
