import { count, sql } from 'drizzle-orm';
import type { TestContext } from './test-app';

/**
 * Resolves once `atLeast` sessions of the test's database wait for a lock: the calls a test started
 * while it holds a row have reached it, so letting it go races them as they would race each other.
 */
export async function waitersOnLocks(ctx: TestContext, atLeast: number): Promise<void> {
  for (;;) {
    const [locks] = await ctx.database.db
      .select({ waiting: count() })
      .from(sql`pg_stat_activity`)
      .where(sql`datname = current_database() and wait_event_type = 'Lock'`);
    if (locks!.waiting >= atLeast) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}
