import { describe, expect, it } from 'vitest';
import { passwordResetTokens, sessions } from '../../db/schema';
import { useTestContext } from '../../test/test-context';
import { createTestUser } from '../../test/test-users';
import { purgeStaleCredentials } from './credential-cleanup.service';
import { sha256 } from './session.service';

const ctx = useTestContext();

describe('purgeStaleCredentials', () => {
  it('deletes expired and revoked sessions and used and expired reset tokens, and keeps live ones', async () => {
    const { user, token: liveSession } = await createTestUser(ctx);
    const db = ctx.database.db;
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 60 * 60_000);
    await db.insert(sessions).values([
      { userId: user.id, tokenHash: sha256('expired session'), expiresAt: past },
      { userId: user.id, tokenHash: sha256('revoked session'), expiresAt: future, revokedAt: past },
    ]);
    await db.insert(passwordResetTokens).values([
      { userId: user.id, tokenHash: sha256('expired token'), expiresAt: past },
      { userId: user.id, tokenHash: sha256('used token'), expiresAt: future, usedAt: past },
      { userId: user.id, tokenHash: sha256('live token'), expiresAt: future },
    ]);

    expect(await purgeStaleCredentials(db)).toEqual({ sessions: 2, resetTokens: 2 });

    const left = {
      sessions: (await db.select().from(sessions)).map((row) => row.tokenHash),
      tokens: (await db.select().from(passwordResetTokens)).map((row) => row.tokenHash),
    };
    expect(left).toEqual({ sessions: [sha256(liveSession)], tokens: [sha256('live token')] });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${liveSession}` },
    });
    expect(me.statusCode).toBe(200);
  });
});
