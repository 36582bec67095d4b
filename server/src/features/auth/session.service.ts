import { createHash, randomBytes } from 'node:crypto';
import { and, eq, getTableColumns, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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

// Read on every authenticated request and never cached, so a revoked session is refused at once.
const sessionUserQuery = preparedQuery((db) =>
  db
    .select(sessionUserColumns)
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

/** The user behind a live token, or null for an unknown, expired or revoked one. */
export async function findSessionUser(db: Db, token: string): Promise<SessionUser | null> {
  const [user] = await sessionUserQuery(db).execute({ tokenHash: sha256(token) });
  return user ?? null;
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
