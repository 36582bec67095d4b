import {
  ORDER_STATUS,
  ORDER_STATUSES,
  PAYMENT_STATUS,
  shopDayOf,
  TOP_MEDICINES_COUNT,
  type SalesReport,
} from '@apotheca/contract';
import { and, asc, count, desc, eq, gte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { centsToDollars } from '../../db/money';
import { medicines, orderItems, orders } from '../../db/schema';

// The sales report: every figure is an aggregate the database computes over the window's orders,
// so a shop with 100,000 orders answers with a few dozen rows (docs/decisions/0075).

const DAY_MS = 86_400_000;
/** A UTC day, YYYY-MM-DD, `offset` days after `day`. */
const addDays = (day: string, offset: number) => new Date(Date.parse(day) + offset * DAY_MS).toISOString().slice(0, 10);

/** An order whose total is revenue: paid, and not canceled (a canceled order that was paid has been refunded). */
const EARNED = and(eq(orders.paymentStatus, PAYMENT_STATUS.paid), ne(orders.status, ORDER_STATUS.canceled));
/** The UTC day an order was placed on. */
const PLACED_ON = sql`(${orders.createdAt} at time zone 'UTC')::date`;
const cents = (sum: SQL) => sql<number>`coalesce(${sum}, 0)`.mapWith(Number);

/**
 * The orders placed in the last `days` UTC days, today included: each day's orders and revenue,
 * the orders by status and the best-selling medicines.
 */
export async function salesReport(db: Db, days: number, now = new Date()): Promise<SalesReport> {
  const to = shopDayOf(now);
  const from = addDays(to, 1 - days);
  // The first day's start as an instant, so the orders' created_at index finds the window.
  const inWindow = gte(orders.createdAt, sql`(${from}::date::timestamp at time zone 'UTC')`);
  const units = sql<number>`sum(${orderItems.quantity})`.mapWith(Number);
  const revenueCents = cents(sql`sum(${orderItems.priceCents}::bigint * ${orderItems.quantity})`);
  const name = sql<string>`coalesce(${medicines.name}, ${orderItems.name})`;

  const [groups, top] = await Promise.all([
    // One pass over the window (an index-only scan of orders_sales_idx): its orders counted and
    // summed by day, status and whether they earned, a few hundred rows at most.
    db
      .select({
        date: sql<string>`to_char(${PLACED_ON}, 'YYYY-MM-DD')`,
        status: orders.status,
        earned: sql<boolean>`${EARNED}`,
        orders: count(),
        cents: cents(sql`sum(${orders.totalCents})`),
      })
      .from(orders)
      .where(inWindow)
      .groupBy(PLACED_ON, orders.status, orders.paymentStatus),
    // A medicine still in the catalogue by its name now; a deleted one by the name its order lines kept.
    db
      .select({ id: orderItems.medicineId, name, units, revenueCents })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(medicines, eq(medicines.id, orderItems.medicineId))
      .where(and(inWindow, EARNED))
      .groupBy(orderItems.medicineId, name)
      .orderBy(desc(units), desc(revenueCents), asc(name))
      .limit(TOP_MEDICINES_COUNT),
  ]);

  const perDay = new Map<string, { orders: number; cents: number }>();
  const perStatus = new Map<string, number>();
  for (const group of groups) {
    const day = perDay.get(group.date) ?? { orders: 0, cents: 0 };
    perDay.set(group.date, { orders: day.orders + group.orders, cents: day.cents + (group.earned ? group.cents : 0) });
    perStatus.set(group.status, (perStatus.get(group.status) ?? 0) + group.orders);
  }
  const daily = Array.from({ length: days }, (_, i) => addDays(from, i)).map((date) => ({
    date,
    ...(perDay.get(date) ?? { orders: 0, cents: 0 }),
  }));
  return {
    days,
    from,
    to,
    totals: {
      orders: daily.reduce((sum, day) => sum + day.orders, 0),
      revenue: centsToDollars(daily.reduce((sum, day) => sum + day.cents, 0)),
    },
    daily: daily.map(({ date, orders, cents }) => ({ date, orders, revenue: centsToDollars(cents) })),
    byStatus: ORDER_STATUSES.map((status) => ({ status, orders: perStatus.get(status) ?? 0 })),
    topMedicines: top.map((row) => ({
      _id: row.id,
      name: row.name,
      units: row.units,
      revenue: centsToDollars(row.revenueCents),
    })),
  };
}
