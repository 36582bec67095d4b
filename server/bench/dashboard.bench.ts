import {
  EXPIRY_WINDOWS,
  OVERVIEW_LIST_LIMIT,
  ORDER_SORT,
  PRESCRIPTION_REVIEW,
  SALES_REPORT_DAYS,
  SALES_REPORT_MAX_DAYS,
} from '@apotheca/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { medicines, orderItems } from '../src/db/schema';
import { onEachServer, peakRssMb, print, staffCalls, type ServerBench } from './bench-server';
import { ORDER_COUNT, prepareStaffShop, type StaffShop } from './staff-orders.fixtures';

// The admin overview on the staff benchmarks' shop of 100,000 orders: the sales report's call (the
// page's 30 days, and a whole year) timed at p50 and p99 beside the node:http ceiling, then the
// page's read: the four calls the page makes at once, timed one page at a time. Figures are
// printed, never asserted. `npm run bench -- dashboard` runs this benchmark alone.

/** Page reads timed after the warm-up, one after another as one admin's browser would make them. */
const PAGE_READS = 200;

/** The staff shop, each order's line sold from one of the catalogue's medicines, so that the top ten has names to rank. */
async function prepare(database: Database): Promise<StaffShop> {
  const shop = await prepareStaffShop(database);
  await database.db.execute(sql`
    with catalogue as (select array_agg(id order by id) as ids from ${medicines})
    update ${orderItems} set medicine_id = c.ids[1 + abs(hashtext(${orderItems.id}::text)) % cardinality(c.ids)]
    from catalogue c`);
  await database.db.execute(sql`analyze`);
  return shop;
}

/** The calls /admin/overview makes when it opens, as its components ask for them. */
const PAGE_CALLS = [
  `/api/reports/sales?days=${SALES_REPORT_DAYS}`,
  `/api/orders?review=${PRESCRIPTION_REVIEW.pending}&sort=${ORDER_SORT.oldest}&limit=1`,
  `/api/reports/expiry?days=${EXPIRY_WINDOWS[0]}&expiringPage=1&expiredPage=1&limit=${OVERVIEW_LIST_LIMIT}`,
  `/api/reports/low-stock?page=1&limit=${OVERVIEW_LIST_LIMIT}`,
];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

/** Times of the page's reads, from the first request to the last answer, and of each call within them, in ms, sorted. */
async function pageReads(baseUrl: string, token: string, count: number) {
  const reads: number[] = [];
  const calls = PAGE_CALLS.map((): number[] => []);
  for (let i = 0; i < count; i += 1) {
    const start = performance.now();
    await Promise.all(
      PAGE_CALLS.map(async (call, index) => {
        const response = await fetch(`${baseUrl}${call}`, { headers: { authorization: `Bearer ${token}` } });
        if (!response.ok) throw new Error(`${call}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
        calls[index]!.push(performance.now() - start);
      }),
    );
    reads.push(performance.now() - start);
  }
  const sorted = (times: number[]) => times.sort((a, b) => a - b);
  return { reads: sorted(reads), calls: calls.map(sorted) };
}

/** "p50 12.3 ms, p99 45.6 ms" */
const percentiles = (times: number[]) =>
  `p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms`;

const measureDatabase: ServerBench<StaffShop> = async (label, ceilingUrl, { baseUrl, prepared, pid }) => {
  const calls: [string, string][] = [
    [`sales: the last ${SALES_REPORT_DAYS} days`, `/api/reports/sales?days=${SALES_REPORT_DAYS}`],
    [`sales: the last ${SALES_REPORT_MAX_DAYS} days`, `/api/reports/sales?days=${SALES_REPORT_MAX_DAYS}`],
  ];
  const rows = await staffCalls(ceilingUrl, baseUrl, prepared.adminToken, calls);
  await pageReads(baseUrl, prepared.adminToken, 20);
  const { reads, calls: perCall } = await pageReads(baseUrl, prepared.adminToken, PAGE_READS);
  print(
    `${label}, ${ORDER_COUNT} orders`,
    rows,
    [peakRssMb(pid)],
    [
      `the page's read (its ${PAGE_CALLS.length} calls at once, ${PAGE_READS} reads one after another): ${percentiles(reads)}`,
      ...PAGE_CALLS.map((call, index) => `  ${call}: answered after ${percentiles(perCall[index]!)}`),
      'The page should read in under 200 ms.',
    ],
  );
};

await onEachServer(prepare, measureDatabase);
