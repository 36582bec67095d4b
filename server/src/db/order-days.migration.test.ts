import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectFarPagesInPlace, insertOrdersOf2020 } from '../features/orders/orders.fixtures';
import { listAllOrders } from '../features/orders/orders.service';
import { useEarlierDatabase } from '../test/earlier-migrations';

describe('orders placed before their days were counted', () => {
  // The database starts at the migrations before the per-day counts.
  const earlier = useEarlierDatabase('0016_medicine_image_source');

  it('are counted by day once, so a far page of the staff list holds its own slice', async () => {
    const { db } = earlier.database;
    await insertOrdersOf2020(db);
    await earlier.database.migrate();
    await db.execute(
      sql`INSERT INTO orders (total_cents, created_at) VALUES (100, timestamptz '2020-01-02 12:00:00+00')`,
    );

    const { orders: all, total } = await listAllOrders(db);
    expect(total).toBe(31);
    // Past the first ten pages, a page is entered at its day from the counts the migration made.
    await expectFarPagesInPlace(db, all);
  });
});
