import { isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, sessions } from '../../db/schema';

/**
 * Deletes the sessions and reset tokens that can never be used again: expired or revoked sessions,
 * used or expired reset tokens. Run periodically (credential-cleanup.job.ts). Returns what it deleted.
 */
export async function purgeStaleCredentials(db: Db): Promise<{ sessions: number; resetTokens: number }> {
  const deadSessions = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, sql`now()`), isNotNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  const deadTokens = await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, sql`now()`), isNotNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return { sessions: deadSessions.length, resetTokens: deadTokens.length };
}
