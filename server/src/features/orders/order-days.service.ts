import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderDays } from '../../db/schema';

// Upkeep of the kept counts of each day's orders (orderDays): the trigger on orders writes them, the
// staff lists read them (seekQuery in orders.service.ts).

/**
 * Folds each past day's counts into one row a kind. The trigger counts a day's orders in the row of
 * the database connection that placed or changed them (migration 0018), so a day can gather up to 64
 * rows a kind, and a far page sums every row of every day. One statement: the totals read
 * the same before, during and after it. Today's rows, still being written, are left. Answers how many
 * rows were folded away.
 */
export async function foldPastOrderDays(db: Db): Promise<number> {
  const { rows } = (await db.execute<{ folded: number }>(sql`
    with "folded" as (
      delete from ${orderDays}
      where ${orderDays.day} < (now() at time zone 'UTC')::date and ${orderDays.shard} <> 0
      returning ${orderDays.day} as "day", ${orderDays.status} as "status",
        ${orderDays.prescriptionReview} as "prescription_review", ${orderDays.orders} as "orders"
    ), "kept" as (
      insert into ${orderDays} ("day", "status", "prescription_review", "shard", "orders")
      select "day", "status", "prescription_review", 0, sum("orders") from "folded" group by 1, 2, 3
      on conflict on constraint "order_days_key" do update set "orders" = ${orderDays.orders} + excluded."orders"
    )
    select count(*)::integer as "folded" from "folded"`)) as { rows: { folded: number }[] };
  return rows[0]!.folded;
}
