import fs from 'node:fs/promises';
import { ORDER_STATUS, PRESCRIPTION_REVIEW } from '@apotheca/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listAllOrders } from '../features/orders/orders.service';
import { migrationsUpTo } from '../test/earlier-migrations';
import { createFreshPgDatabase } from '../test/fresh-pg-database';
import { openPg, type Database } from './client';

describe('orders placed before their totals were kept', () => {
  let database: Database;
  let earlier: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    earlier = await migrationsUpTo('0010_stored_files_owner');
    // An empty database, not the test template: it must start at the migrations before the counts.
    const fresh = await createFreshPgDatabase(inject('testDatabase').serverUrl);
    drop = fresh.drop;
    database = openPg(fresh.url, { poolSize: 2 });
    await database.migrate(earlier);
  });
  afterAll(async () => {
    await database.close();
    await drop();
    await fs.rm(earlier, { recursive: true, force: true });
  });

  it("are each counted once in the staff lists' totals, and later orders after them", async () => {
    const { db } = database;
    await db.execute(sql`INSERT INTO orders (total_cents, status, prescription_review) VALUES
      (100, ${ORDER_STATUS.pending}, ${PRESCRIPTION_REVIEW.pending}),
      (100, ${ORDER_STATUS.pending}, NULL),
      (100, ${ORDER_STATUS.accepted}, NULL)`);
    await database.migrate();

    const totals = async () => ({
      all: (await listAllOrders(db, { limit: 1 })).total,
      pending: (await listAllOrders(db, { status: ORDER_STATUS.pending, limit: 1 })).total,
      accepted: (await listAllOrders(db, { status: ORDER_STATUS.accepted, limit: 1 })).total,
      queue: (await listAllOrders(db, { review: PRESCRIPTION_REVIEW.pending, limit: 1 })).total,
    });
    expect(await totals()).toEqual({ all: 3, pending: 2, accepted: 1, queue: 1 });
    await db.execute(sql`INSERT INTO orders (total_cents, status) VALUES (100, ${ORDER_STATUS.accepted})`);
    expect(await totals()).toEqual({ all: 4, pending: 2, accepted: 2, queue: 1 });
  });
});
