import {
  ORDER_STATUS,
  ORDER_STATUSES,
  PAYMENT_STATUS,
  ROLE,
  SALES_REPORT_MAX_DAYS,
  TOP_MEDICINES_COUNT,
  type OrderStatus,
  type SalesReport,
  shopToday,
} from '@apotheca/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../db/schema';
import { useTestContext } from '../../test/test-context';
import { createTestUser } from '../../test/test-users';
import { insertMedicine } from '../medicines/medicines.fixtures';

// The sales report on a database of its own: orders with known totals on known UTC days, and the
// figures the report answers checked against a count made here.

const ctx = useTestContext();
let admin: { authorization: string };
let pharmacist: { authorization: string };
let patient: { authorization: string; userId: string };

const DAY_MS = 86_400_000;
const today = shopToday();
/** The UTC day `daysAgo` days before today. */
const dayBefore = (daysAgo: number) => new Date(Date.parse(today) - daysAgo * DAY_MS).toISOString().slice(0, 10);

type Line = { medicine: number | 'deleted'; quantity: number; priceCents: number };
type Seeded = { placedAt: string; status: OrderStatus; paid: boolean; lines: Line[] };
const PAID = true;
const UNPAID = false;

/** Three medicines in the catalogue and the orders below; a deleted medicine lives on in its lines' copies. */
let medicineIds: string[] = [];
const medicineNames = ['Alpha', 'Beta', 'Gamma'];
const DELETED_NAME = 'Discontinued syrup';
/** One seeded order: placed at `placedAt`, its lines as [medicine, quantity, price in cents]. */
const order = (
  placedAt: string,
  status: OrderStatus,
  paid: boolean,
  ...lines: [medicine: Line['medicine'], quantity: number, priceCents: number][]
): Seeded => ({
  placedAt,
  status,
  paid,
  lines: lines.map(([medicine, quantity, priceCents]) => ({ medicine, quantity, priceCents })),
});
// Day 0 is today; in a 30-day window the oldest day is 29 days ago. Times are UTC.
const SEEDED: Seeded[] = [
  order(`${dayBefore(0)}T00:00:00Z`, ORDER_STATUS.pending, PAID, [0, 2, 1000]),
  order(`${dayBefore(0)}T00:00:01Z`, ORDER_STATUS.pending, UNPAID, [1, 9, 700]),
  order(`${dayBefore(2)}T13:05:00Z`, ORDER_STATUS.accepted, PAID, [1, 3, 700], [2, 1, 4999]),
  order(`${dayBefore(2)}T23:59:59Z`, ORDER_STATUS.canceled, PAID, [2, 50, 4999]),
  order(`${dayBefore(5)}T08:00:00Z`, ORDER_STATUS.dispatched, PAID, [0, 1, 1000], ['deleted', 4, 250]),
  order(`${dayBefore(5)}T09:00:00Z`, ORDER_STATUS.canceled, UNPAID, [0, 5, 1000]),
  order(`${dayBefore(29)}T00:00:00Z`, ORDER_STATUS.dispatched, PAID, [1, 2, 650]),
  // The day before a 30-day window: only a longer window counts it.
  order(`${dayBefore(30)}T23:59:59Z`, ORDER_STATUS.dispatched, PAID, [2, 7, 4999]),
];
const totalCents = (order: Seeded) => order.lines.reduce((sum, line) => sum + line.quantity * line.priceCents, 0);
/** What counts as revenue: paid and not canceled. */
const earned = (order: Seeded) => order.paid && order.status !== ORDER_STATUS.canceled;

/** The report the seeded orders should give over `days` days, counted here line by line. */
function expectedReport(days: number) {
  const from = dayBefore(days - 1);
  const inWindow = SEEDED.filter((order) => order.placedAt.slice(0, 10) >= from);
  const daily = Array.from({ length: days }, (_, i) => {
    const date = dayBefore(days - 1 - i);
    const placed = inWindow.filter((order) => order.placedAt.startsWith(date));
    const cents = placed.filter(earned).reduce((sum, order) => sum + totalCents(order), 0);
    return { date, orders: placed.length, revenue: cents / 100 };
  });
  const byStatus = ORDER_STATUSES.map((status) => ({
    status,
    orders: inWindow.filter((order) => order.status === status).length,
  }));
  const sold = new Map<string, { _id: string | null; name: string; units: number; cents: number }>();
  for (const line of inWindow.filter(earned).flatMap((order) => order.lines)) {
    const name = line.medicine === 'deleted' ? DELETED_NAME : medicineNames[line.medicine]!;
    const entry = sold.get(name) ?? {
      _id: line.medicine === 'deleted' ? null : medicineIds[line.medicine]!,
      name,
      units: 0,
      cents: 0,
    };
    sold.set(name, {
      ...entry,
      units: entry.units + line.quantity,
      cents: entry.cents + line.quantity * line.priceCents,
    });
  }
  const topMedicines = [...sold.values()]
    .sort((a, b) => b.units - a.units || b.cents - a.cents)
    .map(({ cents, ...medicine }) => ({ ...medicine, revenue: cents / 100 }));
  return {
    days,
    from,
    to: today,
    totals: {
      orders: inWindow.length,
      revenue: inWindow.filter(earned).reduce((sum, order) => sum + totalCents(order), 0) / 100,
    },
    daily,
    byStatus,
    topMedicines,
  };
}

beforeAll(async () => {
  admin = (await createTestUser(ctx, { role: ROLE.admin })).headers;
  pharmacist = (await createTestUser(ctx, { role: ROLE.pharmacist })).headers;
  const shopper = await createTestUser(ctx);
  patient = { ...shopper.headers, userId: shopper.user.id };
  medicineIds = [];
  for (const name of medicineNames) medicineIds.push((await insertMedicine(ctx, { name })).id);
  for (const order of SEEDED) {
    const [row] = await ctx.database.db
      .insert(orders)
      .values({
        userId: patient.userId,
        totalCents: totalCents(order),
        status: order.status,
        paymentStatus: order.paid ? PAYMENT_STATUS.paid : PAYMENT_STATUS.pending,
        createdAt: new Date(order.placedAt),
      })
      .returning({ id: orders.id });
    await ctx.database.db.insert(orderItems).values(
      order.lines.map((line) => ({
        orderId: row!.id,
        medicineId: line.medicine === 'deleted' ? null : medicineIds[line.medicine]!,
        name: line.medicine === 'deleted' ? DELETED_NAME : `${medicineNames[line.medicine]!} (as sold)`,
        priceCents: line.priceCents,
        quantity: line.quantity,
      })),
    );
  }
});

const getSales = (query: string, headers: { authorization?: string } = admin) =>
  ctx.app.inject({ method: 'GET', url: `/api/reports/sales${query}`, headers });

describe('GET /reports/sales', () => {
  it('answers the last 30 days by default: every day, zero days too, with its orders and its paid, not canceled revenue', async () => {
    const response = await getSales('');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json<SalesReport>();
    expect(report).toEqual(expectedReport(30));
    // The figures a reader checks by eye: 7 orders in the window; paid and not canceled, $20 + $70.99 + $20 + $13.
    expect(report.totals).toEqual({ orders: 7, revenue: 20 + 70.99 + 20 + 13 });
    expect(report.daily).toHaveLength(30);
    expect(report.daily.filter((day) => day.orders === 0)).toHaveLength(26);
  });

  it('takes the window from days: today only, or a longer look back that reaches the older order', async () => {
    const one = (await getSales('?days=1')).json<SalesReport>();
    expect(one).toEqual(expectedReport(1));
    expect(one.daily).toEqual([{ date: today, orders: 2, revenue: 20 }]);

    const longer = (await getSales('?days=31')).json<SalesReport>();
    expect(longer).toEqual(expectedReport(31));
    expect(longer.daily[0]).toEqual({ date: dayBefore(30), orders: 1, revenue: 349.93 });

    const year = await getSales(`?days=${SALES_REPORT_MAX_DAYS}`);
    expect(year.statusCode).toBe(200);
    expect(year.json<SalesReport>().daily).toHaveLength(SALES_REPORT_MAX_DAYS);
  });

  it('names a medicine by its catalogue name, a deleted one by the name its orders kept, at most ten', async () => {
    const { topMedicines } = (await getSales('?days=30')).json<SalesReport>();
    expect(topMedicines.map((medicine) => medicine.name)).toEqual(['Beta', DELETED_NAME, 'Alpha', 'Gamma']);
    expect(topMedicines[1]).toEqual({ _id: null, name: DELETED_NAME, units: 4, revenue: 10 });
    expect(topMedicines.length).toBeLessThanOrEqual(TOP_MEDICINES_COUNT);
  });

  it.each([
    ['0', 'days must be at least 1.'],
    ['366', `days must be at most ${SALES_REPORT_MAX_DAYS}.`],
    ['1.5', 'days must be a whole number.'],
    ['week', 'days must be a whole number.'],
  ])('refuses days=%s with 400 and a message', async (days, message) => {
    const response = await getSales(`?days=${days}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message });
  });

  it('is an admin’s: 401 without a session, 403 for a patient or a pharmacist', async () => {
    expect((await getSales('', {})).statusCode).toBe(401);
    expect((await getSales('', { authorization: patient.authorization })).statusCode).toBe(403);
    expect((await getSales('', pharmacist)).statusCode).toBe(403);
  });
});
