import { sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from './client';

// What copying a whole shop needs to know of its tables, read from the catalogue of the database:
// a backup and its restore, and the import of an earlier version's PGlite data, copy the same tables
// in the same order.

type Queryable = Database['db'] | Tx;
type Row = Record<string, unknown>;

/** A statement's rows; their shape depends on the driver (pg or PGlite), and both give `rows`. */
export const queryRows = async (db: Queryable, statement: SQL) =>
  ((await db.execute<Row>(statement)) as { rows: Row[] }).rows;

/**
 * The public tables, each after every table its foreign keys point to: rows inserted in this order
 * meet their keys and the database's triggers as they would in use, so what the triggers keep (the
 * order counts) is made anew by the copy.
 */
export async function tablesInKeyOrder(db: Queryable): Promise<string[]> {
  const tables = await queryRows(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const keys = await queryRows(
    db,
    sql`select child.relname as "table", parent.relname as "references" from pg_constraint k
        join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`,
  );
  const pending = new Map(tables.map(({ name }) => [String(name), new Set<string>()]));
  for (const key of keys) pending.get(String(key.table))?.add(String(key.references));
  const ordered: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending].filter(([, parents]) => [...parents].every((parent) => !pending.has(parent)));
    if (ready.length === 0) throw new Error(`The foreign keys of ${[...pending.keys()].join(', ')} form a cycle.`);
    for (const [table] of ready) {
      ordered.push(table);
      pending.delete(table);
    }
  }
  return ordered;
}

/** Every column a row is written with: generated columns are computed again by the target. */
export async function columnsOf(db: Queryable, table: string): Promise<string[]> {
  const rows = await queryRows(
    db,
    sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  return rows.map((row) => String(row.name));
}

/** The first of `tables` that holds a row, if any (a database that was only migrated holds none). */
export async function firstNonEmptyTable(db: Queryable, tables: string[]): Promise<string | undefined> {
  for (const table of tables) {
    if ((await queryRows(db, sql`select 1 from ${sql.identifier(table)} limit 1`)).length > 0) return table;
  }
  return undefined;
}

export type IdentityPosition = { name: string; value: string };

/** Where each identity column's sequence stands (those never used have no position). */
export const identityPositions = async (db: Queryable): Promise<IdentityPosition[]> =>
  (
    await queryRows(
      db,
      sql`select sequencename as name, last_value::text as value from pg_sequences
          where schemaname = 'public' and last_value is not null`,
    )
  ).map((row) => ({ name: String(row.name), value: String(row.value) }));

/** Identity columns continue after the highest value copied. */
export async function continueIdentities(tx: Tx, positions: IdentityPosition[]): Promise<void> {
  for (const { name, value } of positions) {
    await tx.execute(sql`select setval(${`public.${name}`}::regclass, ${value}::bigint)`);
  }
}
