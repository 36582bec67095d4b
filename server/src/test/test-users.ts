import { randomUUID } from 'node:crypto';
import { ROLE, type Role } from '@apotheca/contract';
import { beforeAll } from 'vitest';
import { hashPassword } from '../lib/password-hash';
import { createSession, type SessionUser } from '../features/auth/session.service';
import { users } from '../db/schema';
import type { TestContext } from './test-app';

export const TEST_PASSWORD = 'Secret@123';

/** The headers of a test's call: a signed-in user's bearer token, or none for an anonymous caller. */
export type AuthHeaders = { authorization?: string };
type SignedIn = Required<AuthHeaders>;

let passwordHash: Promise<string> | undefined;

/**
 * A user straight in the database with a live session, for tests of routes other than auth's own.
 * Returns the user row, its bearer token and the headers that carry it.
 */
export async function createTestUser(
  ctx: TestContext,
  options: { role?: Role; firstName?: string; lastName?: string; email?: string } = {},
): Promise<{ user: SessionUser; token: string; headers: SignedIn }> {
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

/**
 * For the tests of a file: one signed-in user of each named role, made before the tests run (after
 * `useTestContext`'s database, so called after it). Returns each user's headers as an object that is
 * filled in then, so a file can name them at once: `const { admin } = useTestUsers(ctx, { admin: ROLE.admin })`.
 */
export function useTestUsers<Name extends string>(ctx: TestContext, roles: Record<Name, Role>): Record<Name, SignedIn> {
  const named = Object.entries(roles) as [Name, Role][];
  const headers = Object.fromEntries(named.map(([name]) => [name, { authorization: '' }])) as Record<Name, SignedIn>;
  beforeAll(async () => {
    for (const [name, role] of named) Object.assign(headers[name], (await createTestUser(ctx, { role })).headers);
  });
  return headers;
}
