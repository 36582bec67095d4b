import { z } from 'zod';
import { idSchema, moneySchema, pageNumberSchema } from './common.schema';
import { ORDER_STATUSES, SALES_REPORT_DAYS, SALES_REPORT_MAX_DAYS } from './constants';

/** GET /reports/sales: `days`, from 1 to SALES_REPORT_MAX_DAYS, counted back from today (UTC) included. */
export const salesReportQuerySchema = z.object({
  days: pageNumberSchema('days', SALES_REPORT_MAX_DAYS).transform((days) => days ?? SALES_REPORT_DAYS),
});
export type SalesReportQuery = z.input<typeof salesReportQuerySchema>;

/**
 * One day (YYYY-MM-DD, UTC): every order placed that day, and its revenue: the totals of those
 * orders that are paid and not canceled (docs/decisions/0075).
 */
const salesDaySchema = z.object({ date: z.string(), orders: z.number().int(), revenue: moneySchema });
const statusCountSchema = z.object({ status: z.enum(ORDER_STATUSES), orders: z.number().int() });
/** A medicine's units and revenue in the paid, not canceled orders; `_id` is null for a medicine deleted since. */
const topMedicineSchema = z.object({
  _id: idSchema.nullable(),
  name: z.string(),
  units: z.number().int(),
  revenue: moneySchema,
});

/**
 * The orders placed from `from` to `to` (both included, UTC days): every day of the window with
 * its orders and revenue, zero days too; the window's orders by their status now, every status
 * listed; and the TOP_MEDICINES_COUNT medicines sold most, by units.
 */
export const salesReportResponseSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  totals: z.object({ orders: z.number().int(), revenue: moneySchema }),
  daily: z.array(salesDaySchema),
  byStatus: z.array(statusCountSchema),
  topMedicines: z.array(topMedicineSchema),
});
export type SalesReport = z.infer<typeof salesReportResponseSchema>;
