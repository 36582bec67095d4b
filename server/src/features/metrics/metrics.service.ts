import { count, isNull, min, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../../db/client';
import { mailOutbox, orders } from '../../db/schema';
import { awaitingReview } from '../prescriptions/prescriptions.service';
import { RequestHistogram } from './request-histogram';

/** What the shop's code counts itself; the registry reads everything else when it is scraped. */
export type ShopMetrics = {
  registry: Registry;
  httpRequests: RequestHistogram;
  ordersPlaced: Counter;
  checkoutConflicts: Counter;
};

/** Seconds since `since`, 0 when there is nothing waiting. */
const ageSeconds = (since: Date | null | undefined): number => (since ? (Date.now() - since.getTime()) / 1000 : 0);

/**
 * A queue's two gauges, `<name>_waiting` and `<name>_oldest_age_seconds`: how many of its rows wait
 * and how long the oldest has, both from one read of the database at each scrape.
 */
function waitingGauges(
  registry: Registry,
  database: Database,
  queue: {
    name: string;
    waiting: string;
    oldest: string;
    rows: { table: PgTable; since: AnyPgColumn<{ data: Date }>; where: SQL };
  },
): void {
  const { table, since, where } = queue.rows;
  const waiting = new Gauge({ name: `${queue.name}_waiting`, help: queue.waiting, registers: [registry] });
  new Gauge({
    name: `${queue.name}_oldest_age_seconds`,
    help: queue.oldest,
    registers: [registry],
    async collect() {
      // While the database is down the queue's last figures stand (apotheca_database_up says why): a
      // failed read would otherwise fail the whole scrape, process figures and all, when they matter most.
      const rows = await database.db
        .select({ waiting: count(), oldest: min(since) })
        .from(table)
        .where(where)
        .catch(() => undefined);
      const row = rows?.[0];
      if (!row) return;
      waiting.set(row.waiting);
      this.set(ageSeconds(row.oldest));
    },
  });
}

/**
 * One registry per app (never prom-client's global one), so each instance reports its own
 * request and order figures. The waiting mail and prescription reviews are shop-wide: they are
 * read from the database at each scrape, so every instance reports the same figures.
 */
export function createShopMetrics(database: Database): ShopMetrics {
  const registry = new Registry();
  // Process memory, CPU, event-loop lag (nodejs_eventloop_lag_*), handles, GC.
  collectDefaultMetrics({ register: registry });

  // By method, route pattern and status.
  const httpRequests = new RequestHistogram(
    'apotheca_http_request_duration_seconds',
    'Requests answered, by route pattern and status, with their duration.',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  registry.registerMetric(httpRequests.asMetric());
  const ordersPlaced = new Counter({
    name: 'apotheca_orders_placed_total',
    help: 'Orders placed through this instance.',
    registers: [registry],
  });
  const checkoutConflicts = new Counter({
    name: 'apotheca_checkout_conflicts_total',
    help: 'Checkouts refused with 409 (out of stock, over the per-order limit, a cart changed since shown) by this instance.',
    registers: [registry],
  });

  new Gauge({
    name: 'apotheca_database_up',
    help: "1 when this instance's database answered at this scrape, 0 when it did not.",
    registers: [registry],
    async collect() {
      this.set(
        await database.ping().then(
          () => 1,
          () => 0,
        ),
      );
    },
  });
  waitingGauges(registry, database, {
    name: 'apotheca_mail_outbox',
    waiting: 'Mails in the outbox not sent yet (shop-wide).',
    oldest: 'Age of the oldest mail not sent yet, 0 when none waits (shop-wide).',
    rows: { table: mailOutbox, since: mailOutbox.createdAt, where: isNull(mailOutbox.sentAt) },
  });
  waitingGauges(registry, database, {
    name: 'apotheca_prescription_reviews',
    waiting: 'Orders whose prescription waits for a pharmacist (shop-wide).',
    oldest: 'Age of the oldest order waiting for its prescription review, 0 when none waits (shop-wide).',
    rows: { table: orders, since: orders.createdAt, where: awaitingReview(orders) },
  });

  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'apotheca_db_pool_in_use',
      help: "Database connections of this instance's pool in use.",
      registers: [registry],
      collect() {
        this.set(pool().inUse);
      },
    });
    new Gauge({
      name: 'apotheca_db_pool_waiting',
      help: 'Queries of this instance waiting for a database connection.',
      registers: [registry],
      collect() {
        this.set(pool().waiting);
      },
    });
  }

  return { registry, httpRequests, ordersPlaced, checkoutConflicts };
}
