import { asc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from './client';

/**
 * Locks (FOR UPDATE) the rows of `table` that `where` picks, in id order: transactions that lock a
 * table's rows in the same order wait for each other instead of deadlocking.
 */
export function lockInIdOrder(tx: Tx, table: PgTable & { id: PgColumn }, where: SQL | undefined) {
  return tx.select({ id: table.id }).from(table).where(where).orderBy(asc(table.id)).for('update');
}
