import fs from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { openPglite, type Database, type Tx } from './client';

// Versions before the embedded PostgreSQL (docs/decisions/0032) kept their data in PGlite, in
// DATA_DIR/pgdata. Their first start on the new version copies it over, table by table, then keeps
// the old directory under another name: user data is never deleted.

export type PgliteImport = { rows: number; keptAs: string };

export class PgliteImportError extends Error {}

/** Rows read and written at a time: prescription files and images make some rows megabytes large. */
const BATCH_ROWS = 50;

type Row = Record<string, string | null>;
type Rows = { rows: Row[] };
const query = async (database: Database, statement: SQL) =>
  // The result's shape depends on the driver (pg or PGlite); both give `rows`.
  (await database.db.execute<Row>(statement)) as Rows;

async function tablesOf(database: Database): Promise<string[]> {
  const { rows } = await query(
    database,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => row.name!);
}

/** Every column a row is written with: generated columns are computed again by the target. */
async function columnsOf(database: Database, table: string): Promise<string[]> {
  const { rows } = await query(
    database,
    sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  return rows.map((row) => row.name!);
}

async function isEmpty(database: Database, tables: string[]): Promise<boolean> {
  for (const table of tables) {
    const { rows } = await query(database, sql`select 1 from ${sql.identifier(table)} limit 1`);
    if (rows.length > 0) return false;
  }
  return true;
}

/** Copies one table's rows, `BATCH_ROWS` at a time; resolves with how many. */
async function copyTable(source: Database, tx: Tx, table: string): Promise<number> {
  const columns = sql.join(
    (await columnsOf(source, table)).map((column) => sql.identifier(column)),
    sql`, `,
  );
  const name = sql.identifier(table);
  let copied = 0;
  // Pages in the order of the rows' physical positions, which nothing changes while we read.
  for (let after = '(0,0)'; ;) {
    const { rows } = await query(
      source,
      sql`select t.ctid::text as "position", row_to_json(t)::text as "row" from ${name} t
          where t.ctid > ${after}::tid order by t.ctid limit ${BATCH_ROWS}`,
    );
    if (rows.length === 0) return copied;
    const batch = `[${rows.map((row) => row.row).join(',')}]`;
    await tx.execute(
      sql`insert into ${name} (${columns}) overriding system value
          select ${columns} from json_populate_recordset(null::${name}, ${batch}::json)`,
    );
    copied += rows.length;
    after = rows.at(-1)!.position!;
  }
}

/**
 * Copies every row of `source`'s tables into the same tables of `target`, in one transaction.
 * Rows travel as JSON and the target parses them into its columns' types
 * (json_populate_recordset), so every type (bytea, jsonb, timestamps with their offset) arrives
 * exactly.
 */
async function copyRows(source: Database, target: Database, tables: string[]): Promise<number> {
  return target.db.transaction(async (tx) => {
    // Rows arrive table by table, so foreign keys are checked by neither side until every row is
    // there: as pg_restore --disable-triggers does (the embedded database's user is a superuser).
    await tx.execute(sql`set local session_replication_role = replica`);
    let copied = 0;
    for (const table of tables) {
      try {
        copied += await copyTable(source, tx, table);
      } catch (error) {
        // Drizzle's own message holds the whole statement and its values: the database's reason is its cause.
        const reason = error instanceof Error ? (error.cause instanceof Error ? error.cause : error).message : error;
        throw new PgliteImportError(`copying the table ${table} failed: ${String(reason)}`);
      }
    }
    // Identity columns continue after the highest value copied.
    const { rows: sequences } = await query(
      source,
      sql`select sequencename as name, last_value::text as value from pg_sequences
          where schemaname = 'public' and last_value is not null`,
    );
    for (const sequence of sequences) {
      await tx.execute(sql`select setval(${`public.${sequence.name}`}::regclass, ${sequence.value}::bigint)`);
    }
    return copied;
  });
}

/**
 * Imports DATA_DIR/pgdata into `target` (the embedded PostgreSQL, migrated) when it is there, then
 * renames it to pgdata.migrated-<time>. A start interrupted after the copy committed finds the
 * target no longer empty and only renames.
 */
export async function importPgliteDataDir(dataDir: string, target: Database): Promise<PgliteImport | undefined> {
  const pgdata = path.join(dataDir, 'pgdata');
  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) return undefined;
  const source = await openPglite({ dataDir });
  let rows = 0;
  try {
    // The earlier version may be some migrations behind: both sides then have the same tables.
    await source.migrate();
    const tables = await tablesOf(source);
    if (await isEmpty(target, tables)) rows = await copyRows(source, target, tables);
  } catch (error) {
    throw new PgliteImportError(
      `Importing the PGlite database of an earlier version from ${pgdata} failed, so nothing was imported ` +
        `and it is left as it was: ${error instanceof PgliteImportError ? error.message : String(error)}`,
    );
  } finally {
    await source.close();
  }
  const keptAs = `${pgdata}.migrated-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  fs.renameSync(pgdata, keptAs);
  return { rows, keptAs };
}
