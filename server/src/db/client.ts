import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres';
import * as schema from './schema';

/** One Drizzle type for both drivers: every query is written once, in PostgreSQL's dialect. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = {
  db: Db;
  driver: 'pglite' | 'pg';
  /** The cluster's directory when the app started its own PostgreSQL (no DATABASE_URL). */
  embeddedDir?: string;
  /** Runs the committed migrations (one folder serves both drivers), or those of another folder (restore). */
  migrate(migrationsFolder?: string): Promise<void>;
  /** Resolves when the database answers a query. */
  ping(): Promise<void>;
  /**
   * LISTEN/NOTIFY, so that every server instance on one database hears every write. A lost
   * listening connection is reconnected, with backoff, and then `onMissed` is called: notifications
   * sent meanwhile were never delivered.
   */
  listen(channel: string, onPayload: (payload: string) => void, onMissed: () => void): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
  /**
   * The embedded PostgreSQL only: stops it at once, its sessions ended, without waiting for the pool's
   * clients in use as `close` does; for a stop that cannot wait for them any longer.
   */
  stopEmbedded?: () => Promise<void>;
  /** The connection pool's clients in use and requests waiting for one (pg only; metrics). */
  pool?: () => { inUse: number; waiting: number };
};

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

/**
 * PGlite's one remaining use: DATA_DIR/pgdata of a version before the embedded PostgreSQL, opened
 * to import it once (its caller holds DATA_DIR's lock), until that import's end of support
 * (docs/decisions/0066).
 */
export async function openPglite({ dataDir }: { dataDir: string }): Promise<Database> {
  // The migrations it is brought up to create pg_trgm's indexes, so PGlite loads that extension too.
  const client = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    driver: 'pglite',
    migrate: (migrationsFolder = MIGRATIONS_DIR) => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onPayload) => {
      await client.listen(channel, onPayload);
    },
    notify: async (channel, payload) => {
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      await client.close();
    },
  };
}

/** Serialises migrations of several instances starting together on one server. */
const MIGRATION_LOCK_KEY = 7_246_381;
/**
 * The order counts' slots (migration 0030, docs/decisions/0157): each pooled connection claims the
 * first of 64 that no other connection to the database holds, as a session advisory lock (this key
 * and the slot) that lives as long as the connection, and names it in `apotheca.count_slot`, where
 * the counts' trigger reads which row to count in. Two checkouts then never wait on one count row, which they did when
 * their backends' pids were 64 apart. With all 64 taken, a connection counts in its pid's row.
 */
const COUNT_SLOT_LOCK_KEY = 7_246_382;
const CLAIM_COUNT_SLOT = `select set_config('apotheca.count_slot', coalesce((
  select n::text from generate_series(0, 63) n where pg_try_advisory_lock(${COUNT_SLOT_LOCK_KEY}, n) limit 1), ''), false)`;
/** The first wait before reconnecting a lost listening connection, doubled on each failure up to the second. */
const RELISTEN_FIRST_DELAY_MS = 100;
const RELISTEN_MAX_DELAY_MS = 10_000;

const listenStatement = (channel: string) => `LISTEN "${channel.replace(/"/g, '')}"`;

/**
 * How long a pooled connection may stay idle before it is closed (pg's default is 10 s). A new
 * connection is a new PostgreSQL backend, with empty catalogue caches: its first checkout took
 * about 110 ms (64 ms of it planning), and the next four 5-20 ms each (the checkout is planned for
 * its parameters five times before one plan is kept), where a warm one takes about 1 ms. With 10 s,
 * a rush after a quiet spell paid that on every connection again (docs/decisions/0081).
 */
const POOL_IDLE_TIMEOUT_MS = 5 * 60 * 1000;

const claimCountSlot = async (client: pg.ClientBase): Promise<void> => {
  await client.query(CLAIM_COUNT_SLOT).catch(() => {});
};

/** A pool on `connectionString`: it connects on first use, so opening it waits for nothing. */
export function openPg(connectionString: string, options: { poolSize?: number } = {}): Database {
  const pool = new pg.Pool({
    connectionString,
    max: options.poolSize ?? 20,
    idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
    // Before a new connection's first use: pg-pool (3.14) awaits the promise, though @types/pg says the
    // hook returns void. A failure leaves the connection counting in its pid's row, and the query that
    // follows meets the connection's own error, if it has one.
    // oxlint-disable-next-line typescript/no-misused-promises
    onConnect: claimCountSlot,
  });
  // An idle client that drops (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});

  const db = drizzlePg(pool, { schema });
  let listener: Promise<pg.PoolClient> | undefined;
  const handlers = new Map<string, { onPayload: (payload: string) => void; onMissed: () => void }>();
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  /**
   * The one connection that listens on every channel. Losing it (the backend terminated, the server
   * restarted or failed over) must not crash the process: it is dropped and opened again, its
   * channels listened to anew, and every listener told that it may have missed notifications.
   */
  const connectListener = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect();
    client.on('notification', (message) => handlers.get(message.channel)?.onPayload(message.payload ?? ''));
    let lost = false;
    client.on('error', (error) => {
      // Once the database is closed the client is back in the pool, which ends it: an error then (the
      // server stopping, the test database dropped) has nothing to release, and a second release throws.
      if (lost || closed) return;
      lost = true;
      client.release(error);
      listener = undefined;
      relisten(RELISTEN_FIRST_DELAY_MS);
    });
    return client;
  };
  const relisten = (delay: number) => {
    if (closed) return;
    retry = setTimeout(() => {
      const next = connectListener();
      listener = next;
      void next
        .then(async (client) => {
          for (const channel of handlers.keys()) await client.query(listenStatement(channel));
          for (const { onMissed } of handlers.values()) onMissed();
        })
        .catch(() => {
          // Still unreachable: try again later, unless the connection's own error handler already does.
          if (listener === next) {
            listener = undefined;
            relisten(Math.min(delay * 2, RELISTEN_MAX_DELAY_MS));
          }
        });
    }, delay);
  };
  return {
    db,
    driver: 'pg',
    migrate: async (migrationsFolder = MIGRATIONS_DIR) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, onPayload, onMissed) => {
      listener ??= connectListener();
      handlers.set(channel, { onPayload, onMissed });
      await (await listener).query(listenStatement(channel));
    },
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    close: async () => {
      // A second close (the app's, after a caller closed the database first) has nothing left to end.
      if (closed) return;
      closed = true;
      clearTimeout(retry);
      (await listener?.catch(() => undefined))?.release();
      await pool.end();
    },
    pool: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** DATABASE_URL's server, or else the embedded PostgreSQL in DATA_DIR, stopped when the database closes. */
/** A DATABASE_URL the start or a command could not connect to: its message names it, its password hidden. */
export class DatabaseUnreachableError extends Error {}

/** The URL as it may be printed: a password in it is a secret of the deployment. */
function withoutPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  return url.toString();
}

/**
 * The PostgreSQL of DATABASE_URL, once it answered: the pool connects at its first query, and a
 * server that is down, a wrong password or a missing database would otherwise end the start (or
 * `npm run backup`) in the driver's stack trace, far from the variable that says where to look.
 */
async function openServer(databaseUrl: string): Promise<Database> {
  const database = openPg(databaseUrl);
  try {
    await database.ping();
  } catch (error) {
    await database.close().catch(() => {});
    // Drizzle's own message names only the statement; the driver's reason is its cause.
    const reason = error instanceof Error && error.cause instanceof Error ? error.cause : (error as Error);
    throw new DatabaseUnreachableError(
      `Connecting to the PostgreSQL of DATABASE_URL (${withoutPassword(databaseUrl)}) failed: ${reason.message}`,
    );
  }
  return database;
}

export async function openDatabase(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return openServer(options.databaseUrl);
  const embedded = await startEmbeddedPostgres(options.dataDir);
  const database = openPg(embedded.connectionString);
  return {
    ...database,
    embeddedDir: embedded.dir,
    stopEmbedded: () => embedded.stop(),
    close: async () => {
      try {
        await database.close();
      } finally {
        await embedded.stop();
      }
    },
  };
}
