import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR, type Database, type Tx } from './client';
import { makeWritableDirectory } from './writable-directory';
import {
  columnsOf,
  continueIdentities,
  firstNonEmptyTable,
  identityPositions,
  queryRows,
  tablesInKeyOrder,
  type IdentityPosition,
} from './tables';

// The whole shop in one file (docs/decisions/0059): every row of every table, stored files
// included (they live in the database), read in one REPEATABLE READ transaction, so an order is in
// it whole or not at all while the shop goes on serving. The file is gzipped lines, each a kind
// letter and JSON:
//   H {format, version, createdAt, migrations}   the migrations the database had
//   T {table, columns}                           a table's rows follow, in foreign-key order
//   R <row_to_json of one row>                   written as PostgreSQL printed it, never re-encoded
//   S {sequences}                                where identity columns continue
//   E {tables, rows}                             the end: a file without it was cut short

export class BackupError extends Error {}

const FORMAT = 'apotheca-backup';
const VERSION = 1;
/** Rows fetched from the cursor, and written in one insert, at a time (files make some rows megabytes). */
const BATCH_ROWS = 200;
/** An insert also ends once its rows reach this many characters of JSON. */
const BATCH_CHARS = 8 * 1024 * 1024;

export type BackupSummary = { file: string; tables: number; rows: number; bytes: number };
type Header = { format: string; version: number; createdAt: string; migrations: { hash: string; createdAt: number }[] };

/**
 * The scheduled backups' own bookkeeping: a shop restored from a backup has taken none yet, so its
 * first period is backed up like any other.
 */
const NOT_BACKED_UP = ['backups'];

/** The tables a backup holds, in the order they restore. */
const backedUpTables = async (db: Database['db'] | Tx) =>
  (await tablesInKeyOrder(db)).filter((table) => !NOT_BACKED_UP.includes(table));

/**
 * The file name of a backup taken at `time`: names sort as the backups were taken. The scheduled
 * ones are named apart (`scheduled`), so that keeping the newest few of them never removes a backup
 * an operator took by hand into the same folder (before an upgrade, say).
 */
export const backupFileName = (time: Date, scheduled = false) =>
  `apotheca-${scheduled ? 'scheduled-' : ''}${time.toISOString().replace(/[:.]/g, '-')}.backup.gz`;
/** A backup being written is named so until it is complete. */
export const PARTIAL_SUFFIX = '.partial';
export const isScheduledBackupFileName = (name: string) => /^apotheca-scheduled-.+\.backup\.gz$/.test(name);

async function* backupLines(tx: Tx, counts: { tables: number; rows: number }): AsyncGenerator<string> {
  const migrated = await queryRows(tx, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "is"`);
  if (!migrated[0]?.is) throw new BackupError('The database holds no shop yet: there is nothing to back up.');
  const migrations = await queryRows(
    tx,
    sql`select hash, created_at::text as "createdAt" from drizzle.__drizzle_migrations order by created_at`,
  );
  const header: Header = {
    format: FORMAT,
    version: VERSION,
    createdAt: new Date().toISOString(),
    migrations: migrations.map((row) => ({ hash: String(row.hash), createdAt: Number(row.createdAt) })),
  };
  yield `H ${JSON.stringify(header)}\n`;
  for (const table of await backedUpTables(tx)) {
    yield `T ${JSON.stringify({ table, columns: await columnsOf(tx, table) })}\n`;
    counts.tables += 1;
    await tx.execute(
      sql`declare backup_rows no scroll cursor for select row_to_json(t)::text as row from ${sql.identifier(table)} t`,
    );
    for (;;) {
      const rows = await queryRows(tx, sql.raw(`fetch ${BATCH_ROWS} from backup_rows`));
      if (rows.length === 0) break;
      counts.rows += rows.length;
      yield rows.map((row) => `R ${String(row.row)}\n`).join('');
    }
    await tx.execute(sql`close backup_rows`);
  }
  yield `S ${JSON.stringify({ sequences: await identityPositions(tx) })}\n`;
  yield `E ${JSON.stringify(counts)}\n`;
}

/** Makes `dir` for backups, or says in one line (a BackupError) why it cannot be written and what to set. */
export function makeBackupDirectory(dir: string): void {
  makeWritableDirectory(
    dir,
    (reason) =>
      new BackupError(
        `The backup cannot be written in ${dir} (${reason}): set BACKUP_DIR, or give npm run backup a FILE, in a directory this user may create and write.`,
      ),
  );
}

/**
 * Writes the whole shop to `file` (readable by its owner only: it holds health data). The file
 * appears complete or not at all: it is written under another name and renamed at the end.
 */
export async function writeBackup(database: Database, file: string): Promise<BackupSummary> {
  makeBackupDirectory(path.dirname(file));
  const partial = `${file}${PARTIAL_SUFFIX}`;
  const counts = { tables: 0, rows: 0 };
  try {
    await database.db.transaction(
      async (tx) => {
        await pipeline(backupLines(tx, counts), createGzip(), fs.createWriteStream(partial, { mode: 0o600 }));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return { file, ...counts, bytes: fs.statSync(file).size };
}

/** The lines of a backup file, each split into its kind letter and the rest. */
async function* backupFileLines(file: string): AsyncGenerator<{ kind: string; text: string }> {
  const unzipped = createGunzip();
  // A read error (no such file) destroys `unzipped` with it, so the loop below throws it.
  pipeline(fs.createReadStream(file), unzipped).catch(() => {});
  let rest = '';
  try {
    for await (const chunk of unzipped.setEncoding('utf8') as AsyncIterable<string>) {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      for (const line of lines) yield { kind: line.slice(0, 1), text: line.slice(2) };
    }
  } catch (error) {
    throw new BackupError(`${file} is not a readable backup: ${(error as Error).message}`);
  }
  if (rest) throw new BackupError(`${file} is cut short.`);
}

/** The header of a backup file's first line, or a BackupError when the file is no Apotheca backup. */
function checkedHeader(file: string, first: IteratorResult<{ kind: string; text: string }>): Header {
  let header: Partial<Header> | undefined;
  try {
    header = first.done || first.value.kind !== 'H' ? undefined : (JSON.parse(first.value.text) as Header);
  } catch {
    // A first line that is no JSON: no backup either.
  }
  if (header?.format !== FORMAT || header.version !== VERSION)
    throw new BackupError(`${file} is not an Apotheca backup.`);
  return header as Header;
}

/**
 * Refuses a file that is missing, unreadable, no Apotheca backup, cut short or damaged, reading it
 * through once (gzip's own checksum then vouches for every byte): a restore checks it before it
 * opens the target, so a bad file leaves no database behind, where the restore itself would meet
 * the damage only after it had made the target's database.
 */
export async function checkBackupFile(file: string): Promise<void> {
  const lines = backupFileLines(file);
  try {
    checkedHeader(file, await lines.next());
    let ended = false;
    for await (const { kind } of lines) ended = kind === 'E';
    if (!ended) throw new BackupError(`${file} is cut short.`);
  } finally {
    await lines.return(undefined);
  }
}

/**
 * Brings the target to the migrations the backup was taken at, so its rows fit the tables; the
 * later migrations of this version run after the rows are in, as on any start.
 */
async function migrateAsTheBackup(database: Database, header: Header): Promise<void> {
  const known = new Set(readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.hash));
  if (header.migrations.some((migration) => !known.has(migration.hash))) {
    throw new BackupError(
      'This backup was taken by a version of Apotheca with migrations this one does not have: restore it with that version or a later one.',
    );
  }
  const last = Math.max(0, ...header.migrations.map((migration) => migration.createdAt));
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'apotheca-restore-migrations-'));
  try {
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number; tag: string }[];
    };
    journal.entries = journal.entries.filter((entry) => entry.when <= last);
    fs.mkdirSync(path.join(folder, 'meta'));
    fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify(journal));
    for (const { tag } of journal.entries) {
      fs.copyFileSync(path.join(MIGRATIONS_DIR, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    }
    await database.migrate(folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

async function insertRows(tx: Tx, table: string, columns: string[], rows: string[]): Promise<void> {
  const list = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  const name = sql.identifier(table);
  await tx.execute(
    sql`insert into ${name} (${list}) overriding system value
        select ${list} from json_populate_recordset(null::${name}, ${`[${rows.join(',')}]`}::json)`,
  );
}

/**
 * Fills an empty database from a backup file, in one transaction: a file cut short or a row the
 * target refuses leaves no row behind. A target holding any row is refused before anything is
 * written. Resolves with the tables and rows restored.
 */
export async function restoreBackup(
  database: Database,
  file: string,
  target: string,
): Promise<{ tables: number; rows: number }> {
  const lines = backupFileLines(file);
  const header = checkedHeader(file, await lines.next());
  const occupied = await firstNonEmptyTable(database.db, await backedUpTables(database.db));
  if (occupied) {
    throw new BackupError(
      `${target} already holds a shop (its table ${occupied} has rows), so nothing was restored. ` +
        'Restore into an empty DATA_DIR or an empty database.',
    );
  }
  await migrateAsTheBackup(database, header);
  let ended: { tables: number; rows: number } | undefined;
  await database.db.transaction(async (tx) => {
    let table = '';
    let columns: string[] = [];
    let batch: string[] = [];
    let chars = 0;
    const flush = async () => {
      if (batch.length > 0) await insertRows(tx, table, columns, batch);
      batch = [];
      chars = 0;
    };
    try {
      for await (const { kind, text } of lines) {
        if (kind === 'R') {
          batch.push(text);
          chars += text.length;
          if (batch.length >= BATCH_ROWS || chars >= BATCH_CHARS) await flush();
          continue;
        }
        await flush();
        if (kind === 'T') ({ table, columns } = JSON.parse(text) as { table: string; columns: string[] });
        if (kind === 'S') {
          await continueIdentities(tx, (JSON.parse(text) as { sequences: IdentityPosition[] }).sequences);
        }
        if (kind === 'E') ended = JSON.parse(text) as { tables: number; rows: number };
      }
    } catch (error) {
      if (error instanceof BackupError) throw error;
      // Drizzle's own message holds the whole statement and its values: the database's reason is its cause.
      const reason = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      throw new BackupError(`Restoring the table ${table} failed: ${String((reason as Error).message ?? reason)}`);
    }
    if (!ended) throw new BackupError(`${file} is cut short.`);
  });
  // The migrations this version has beyond the backup's, as on any start.
  await database.migrate();
  return ended!;
}
