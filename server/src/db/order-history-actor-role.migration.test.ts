import { ORDER_EVENT, ORDER_STATUS, ROLE } from '@apotheca/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getOrder, listAllOrders } from '../features/orders/orders.service';
import { useEarlierDatabase } from '../test/earlier-migrations';
import { users } from './schema';
import { queryRows } from './tables';

describe("an order's history written before it kept its actors' roles", () => {
  // The database starts at the migrations before the actor's role.
  const earlier = useEarlierDatabase('0031_replaced_draws');

  it("gives each older row its actor's role of today, and each later one the role of its moment", async () => {
    const { db } = earlier.database;
    const [pharmacist] = await db
      .insert(users)
      .values({
        firstName: 'Phil',
        lastName: 'Macist',
        email: 'phil@example.com',
        phNo: '0123456789',
        passwordHash: 'x',
      })
      .returning();
    await db.update(users).set({ role: ROLE.pharmacist }).where(eq(users.id, pharmacist!.id));
    const [order] = await queryRows(
      db,
      sql`INSERT INTO orders (total_cents, status) VALUES (100, ${ORDER_STATUS.accepted}) RETURNING id`,
    );
    await db.execute(sql`INSERT INTO order_history (order_id, actor_id, event, "from", "to") VALUES
      (${order!.id as string}, NULL, ${ORDER_EVENT.placed}, NULL, ${ORDER_STATUS.pending}),
      (${order!.id as string}, ${pharmacist!.id}, ${ORDER_EVENT.statusChanged}, ${ORDER_STATUS.pending}, ${ORDER_STATUS.accepted})`);

    await earlier.database.migrate();
    // Made an admin since: the change made before still reads as a pharmacist's, and the next as an admin's.
    await db.update(users).set({ role: ROLE.admin }).where(eq(users.id, pharmacist!.id));
    await db.execute(sql`INSERT INTO order_history (order_id, actor_id, event, "from", "to") VALUES
      (${order!.id as string}, ${pharmacist!.id}, ${ORDER_EVENT.statusChanged}, ${ORDER_STATUS.accepted}, ${ORDER_STATUS.dispatched})`);

    const single = await getOrder(db, order!.id as string, { id: pharmacist!.id, role: ROLE.admin });
    const { orders: listed } = await listAllOrders(db, { limit: 1 });
    for (const { history } of [single, listed[0]!])
      expect(history.map((entry) => entry.actor?.role ?? null)).toEqual([null, ROLE.pharmacist, ROLE.admin]);
  });
});
