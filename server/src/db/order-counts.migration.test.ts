import { ORDER_STATUS, PRESCRIPTION_REVIEW } from '@apotheca/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listAllOrders } from '../features/orders/orders.service';
import { useEarlierDatabase } from '../test/earlier-migrations';

describe('orders placed before their totals were kept', () => {
  // The database starts at the migrations before the counts.
  const earlier = useEarlierDatabase('0010_stored_files_owner');

  it("are each counted once in the staff lists' totals, and later orders after them", async () => {
    const { db } = earlier.database;
    await db.execute(sql`INSERT INTO orders (total_cents, status, prescription_review) VALUES
      (100, ${ORDER_STATUS.pending}, ${PRESCRIPTION_REVIEW.pending}),
      (100, ${ORDER_STATUS.pending}, NULL),
      (100, ${ORDER_STATUS.accepted}, NULL)`);
    await earlier.database.migrate();

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
