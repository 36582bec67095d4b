import { AUDIT_KIND, ORDER_STATUS } from '@apotheca/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../test/test-context';
import { openPg, type Database } from './client';
import { queryRows } from './tables';

// The order counts' and the audit log's triggers write each count into the row of the connection's
// slot, so that two checkouts on different connections never wait on one row until the first commits.

const ctx = useTestContext();
const opened: Database[] = [];
afterAll(() => Promise.all(opened.map((database) => database.close())));

/** The slot each of `size` connections held at once by a fresh pool reads as its own. */
async function slotsOf(size: number): Promise<string[]> {
  const database = openPg(ctx.config.databaseUrl!, { poolSize: size });
  opened.push(database);
  let arrived = 0;
  let release!: () => void;
  const together = new Promise<void>((resolve) => (release = resolve));
  return Promise.all(
    Array.from({ length: size }, () =>
      database.db.transaction(async (tx) => {
        const [row] = await queryRows(tx, sql`select current_setting('apotheca.count_slot', true) as slot`);
        // Held until every connection has read its slot, so none is reused by the next.
        if (++arrived === size) release();
        await together;
        return String(row?.slot);
      }),
    ),
  );
}

describe("the order counts' slots", () => {
  it('are claimed one per connection, never the same for two connections at once, across pools', async () => {
    const slots = [...(await slotsOf(12)), ...(await slotsOf(12))];
    for (const slot of slots) expect(slot).toMatch(/^\d+$/);
    // The first pool's connections still hold theirs (idle in the pool) while the second's claim.
    expect(new Set(slots).size).toBe(24);
  });

  it("are where the triggers count a connection's orders and audit entries", async () => {
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('apotheca.count_slot', '41', true)`);
      await tx.execute(sql`insert into orders (total_cents, status) values (100, ${ORDER_STATUS.accepted})`);
      await tx.execute(sql`insert into audit_log (kind) values (${AUDIT_KIND.imported})`);
      const counted = await queryRows(
        tx,
        sql`select 'order' as counted, shard, orders as n from derived.order_counts where shard = 41
          union all select 'audit', shard, entries from derived.audit_counts where shard = 41`,
      );
      expect(counted.map((row) => ({ ...row, n: Number(row.n) }))).toEqual([
        { counted: 'order', shard: 41, n: 1 },
        { counted: 'audit', shard: 41, n: 1 },
      ]);
    });
  });
});
