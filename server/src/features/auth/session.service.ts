import { createHash, randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database, Db, Tx } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { sessions, users } from '../../db/schema';

// Bearer tokens are random and revocable: only a SHA-256 of each is stored, so a copy of the
// database opens no session.

const DAY_MS = 24 * 60 * 60 * 1000;
/** A session lasts one day, thirty with "Remember me". */
export const SESSION_TTL_MS = { default: DAY_MS, remember: 30 * DAY_MS } as const;

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
export const randomToken = (): string => randomBytes(32).toString('base64url');

// The password hash never leaves the database on a request: `request.user` carries everything else.
const { passwordHash: _passwordHash, ...sessionUserColumns } = getTableColumns(users);
export type SessionUser = Omit<typeof users.$inferSelect, 'passwordHash'>;

export async function createSession(db: Db, userId: string, remember: boolean): Promise<string> {
  const token = randomToken();
  const ttl = remember ? SESSION_TTL_MS.remember : SESSION_TTL_MS.default;
  await db.insert(sessions).values({ userId, tokenHash: sha256(token), expiresAt: new Date(Date.now() + ttl) });
  return token;
}

const sessionUserQuery = preparedQuery((db) =>
  db
    .select({ user: sessionUserColumns, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('find_session_user'),
);

/**
 * Live sessions already read, by token hash, so that a shopper's next request does not read the
 * session table again (two of an order's statements). Bounded in count and age: an entry is kept
 * at most SESSION_CACHE_TTL_MS and never past its session's end. Every write that ends a session or
 * changes what `request.user` holds (sign-out, password reset, role change, deletion) goes through
 * this module's `changeSessions`, which drops the entries on this instance once the write has
 * committed and tells the other instances on the database by a notification sent with the write.
 */
type SessionCache = {
  entries: LRUCache<string, { user: SessionUser; until: number }>;
  /** Raised by every drop: a lookup that started before one does not keep what it read. */
  generation: number;
};
const SESSION_CACHE_SIZE = 10_000;
/** The longest an entry is trusted without a read; the bound on a notification lost between instances. */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Each instance listens here for the sessions another one ended or changed. */
const SESSIONS_CHANNEL = 'sessions_changed';

const caches = new WeakMap<Db, SessionCache>();

/** A change to sessions: every session of one user, or the one of a token (by its hash). */
type SessionChange = { userId: string } | { tokenHash: string };
const USER_PREFIX = 'user:';
const TOKEN_PREFIX = 'token:';
const payloadOf = (change: SessionChange) =>
  'userId' in change ? USER_PREFIX + change.userId : TOKEN_PREFIX + change.tokenHash;

function drop(db: Db, change: SessionChange | 'all'): void {
  const cache = caches.get(db);
  if (!cache) return;
  cache.generation += 1;
  if (change === 'all') return cache.entries.clear();
  if ('tokenHash' in change) return void cache.entries.delete(change.tokenHash);
  for (const [tokenHash, { user }] of cache.entries.entries())
    if (user.id === change.userId) cache.entries.delete(tokenHash);
}

/**
 * Keeps `database`'s live sessions in memory (auth.plugin.ts, once per app) and listens for the
 * sessions other instances change; a lost listening connection empties the cache, since its
 * notifications may have been missed.
 */
export async function cacheSessions(database: Database): Promise<void> {
  caches.set(database.db, {
    entries: new LRUCache({ max: SESSION_CACHE_SIZE, ttl: SESSION_CACHE_TTL_MS }),
    generation: 0,
  });
  await database.listen(
    SESSIONS_CHANNEL,
    (payload) =>
      drop(
        database.db,
        payload.startsWith(USER_PREFIX)
          ? { userId: payload.slice(USER_PREFIX.length) }
          : { tokenHash: payload.slice(TOKEN_PREFIX.length) },
      ),
    () => drop(database.db, 'all'),
  );
}

/**
 * Runs `write`, which ends sessions or changes what a session's user carries, in a transaction that
 * also notifies every instance when it commits; once it has, this instance forgets those sessions at
 * once, before the write's answer, so the next request reads them again.
 */
export async function changeSessions<T>(db: Db, change: SessionChange, write: (tx: Tx) => Promise<T>): Promise<T> {
  const written = await db.transaction(async (tx) => {
    const result = await write(tx);
    await tx.execute(sql`select pg_notify(${SESSIONS_CHANNEL}, ${payloadOf(change)})`);
    return result;
  });
  drop(db, change);
  return written;
}

/** The user behind a live token, or null for an unknown, expired or revoked one. */
export async function findSessionUser(db: Db, token: string): Promise<SessionUser | null> {
  const tokenHash = sha256(token);
  const cache = caches.get(db);
  const cached = cache?.entries.get(tokenHash);
  if (cached && cached.until > Date.now()) return cached.user;
  const generation = cache?.generation;
  const [row] = await sessionUserQuery(db).execute({ tokenHash });
  if (!row) return null;
  if (cache && cache.generation === generation) {
    const ttl = Math.min(SESSION_CACHE_TTL_MS, row.expiresAt.getTime() - Date.now());
    if (ttl > 0) cache.entries.set(tokenHash, { user: row.user, until: row.expiresAt.getTime() }, { ttl });
  }
  return row.user;
}

/** Ends the session of `token` on every instance. */
export async function revokeSession(db: Db, token: string): Promise<void> {
  const tokenHash = sha256(token);
  await changeSessions(db, { tokenHash }, (tx) =>
    tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt))),
  );
}

/** Ends every session of `userId`, within the `changeSessions` transaction of a write that does so. */
export async function revokeAllSessions(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
