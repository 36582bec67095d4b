import { randomUUID } from 'node:crypto';
import { ROLE, type Role } from '@apotheca/contract';
import { hashPassword } from '../lib/password-hash';
import { createSession, type SessionUser } from '../features/auth/session.service';
import { users } from '../db/schema';
import type { TestContext } from './test-app';

export const TEST_PASSWORD = 'Secret@123';

let passwordHash: Promise<string> | undefined;

/**
 * A user straight in the database with a live session, for tests of routes other than auth's own.
 * Returns the user row, its bearer token and the headers that carry it.
 */
export async function createTestUser(
  ctx: TestContext,
  options: { role?: Role; firstName?: string; lastName?: string; email?: string } = {},
): Promise<{ user: SessionUser; token: string; headers: { authorization: string } }> {
  passwordHash ??= hashPassword(TEST_PASSWORD, ctx.config.scryptCost);
  const [user] = await ctx.database.db
    .insert(users)
    .values({
      firstName: options.firstName ?? 'Test',
      lastName: options.lastName ?? 'Shopper',
      email: options.email ?? `user-${randomUUID()}@example.test`,
      phNo: '0123456789',
      passwordHash: await passwordHash,
      role: options.role ?? ROLE.user,
    })
    .returning();
  const token = await createSession(ctx.database.db, user!.id, false);
  return { user: user!, token, headers: { authorization: `Bearer ${token}` } };
}
