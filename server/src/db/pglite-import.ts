import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite, type Database, type Tx } from './client';
import {
  columnsOf,
  continueIdentities,
  firstNonEmptyTable,
  identityPositions,
  queryRows,
  tablesInKeyOrder,
} from './tables';

// Versions before the embedded PostgreSQL (docs/decisions/0032) kept their data in PGlite, in
// DATA_DIR/pgdata. Their first start on the new version copies it over, table by table, then keeps
// the old directory under another name: user data is never deleted.

export type PgliteImport = { rows: number; keptAs: string };

export class PgliteImportError extends Error {}

/** Rows read and written at a time: prescription files and images make some rows megabytes large. */
const BATCH_ROWS = 50;

/** Copies one table's rows, `BATCH_ROWS` at a time; resolves with how many. */
async function copyTable(source: Database, tx: Tx, table: string): Promise<number> {
  const columns = sql.join(
    (await columnsOf(source.db, table)).map((column) => sql.identifier(column)),
    sql`, `,
  );
  const name = sql.identifier(table);
  let copied = 0;
  // Pages in the order of the rows' physical positions, which nothing changes while we read.
  for (let after = '(0,0)'; ;) {
    const rows = await queryRows(
      source.db,
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
    after = String(rows.at(-1)!.position);
  }
}

/**
 * Copies every row of `source`'s tables into the same tables of `target`, in one transaction, in
 * foreign-key order with the target's triggers on, so the counts they keep count the copied orders.
 * Rows travel as JSON and the target parses them into its columns' types
 * (json_populate_recordset), so every type (bytea, jsonb, timestamps with their offset) arrives
 * exactly.
 */
async function copyRows(source: Database, target: Database, tables: string[]): Promise<number> {
  return target.db.transaction(async (tx) => {
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
    await continueIdentities(tx, await identityPositions(source.db));
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
    const tables = await tablesInKeyOrder(source.db);
    if ((await firstNonEmptyTable(target.db, tables)) === undefined) rows = await copyRows(source, target, tables);
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
