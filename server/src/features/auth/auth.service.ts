import {
  AUDIT_KIND,
  EMAIL_TAKEN_MESSAGE,
  NOT_ADMIN_MESSAGE,
  resetPasswordPath,
  ROLE,
  USERS_PAGE_SIZE,
  type Login,
  type Register,
  type Role,
  type User,
  type UserListQuery,
} from '@apotheca/contract';
import { and, asc, count, eq, getTableColumns, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { retryOnceOnLockConflict } from '../../db/retry';
import { isUuid } from '../../db/ids';
import { passwordResetTokens, prescriptions, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { recordAudit } from '../audit/audit.service';
import { enqueueMail } from '../mail/mail-outbox.service';
import { clearCart } from '../cart/cart.service';
import { cancelOpenOrdersOf } from '../orders/order-status.service';
import type { CatalogueWriter } from '../medicines/catalogue-cache.service';
import { isMarkOf, knownBrowserMark } from './known-browser';
import { userMatches } from './user-match';
import { hashPassword, needsRehash, verifyPassword } from '../../lib/password-hash';
import {
  changeSessions,
  createSession,
  randomToken,
  revokeAllSessions,
  sha256,
  type SessionUser,
} from './session.service';

/** One message for an unknown e-mail and a wrong password, so neither can be probed. */
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password.';
/** The same answer whether or not the address is registered, so no one can probe for accounts. */
export const RESET_MAIL_SENT_MESSAGE =
  'If an account exists for this email, a link to reset the password has been sent.';
export const RESET_LINK_INVALID_MESSAGE = 'This password reset link is invalid, expired or already used.';
export const USER_NOT_FOUND_MESSAGE = 'User not found.';
export const ADMIN_UNDELETABLE_MESSAGE = 'An admin cannot be deleted.';
export const LAST_ADMIN_MESSAGE = 'The last admin cannot stop being an admin; make another user an admin first.';

/** Reset tokens expire within an hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** The one way a users row leaves the server: the contract's shape, never the password hash. */
export function toUser(row: SessionUser): User {
  return {
    _id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    ph_no: row.phNo,
    role: row.role,
    created_at: row.createdAt.toISOString(),
  };
}

const byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

/** A new shopper: the role is always 'user', whatever the request carried. */
export async function register(db: Db, input: Register, scryptCost: number): Promise<User> {
  const [row] = await db
    .insert(users)
    .values({
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      phNo: input.ph_no,
      passwordHash: await hashPassword(input.password, scryptCost),
      role: ROLE.user,
    })
    // The unique index on lower(email) decides, so two racing registrations cannot both win.
    .onConflictDoNothing()
    .returning();
  if (!row) throw HttpError.conflict(EMAIL_TAKEN_MESSAGE);
  return toUser(row);
}

/** Compared against when the e-mail is unknown, so both failures take the time of one hash (per cost). */
const decoyHashes = new Map<number, Promise<string>>();

/**
 * A session for a correct password, and the mark that makes this browser known to the account
 * (known-browser.ts).
 */
export async function login(
  db: Db,
  input: Login,
  scryptCost: number,
): Promise<{ token: string; user: User; knownBrowser: string }> {
  const [row] = await db.select().from(users).where(byEmail(input.email)).limit(1);
  if (!decoyHashes.has(scryptCost)) decoyHashes.set(scryptCost, hashPassword(randomToken(), scryptCost));
  const valid = await verifyPassword(input.password, row?.passwordHash ?? (await decoyHashes.get(scryptCost)!));
  if (!row || !valid) throw HttpError.unauthorized(INVALID_CREDENTIALS_MESSAGE);
  let { passwordHash } = row;
  if (needsRehash(row.passwordHash, scryptCost)) {
    // The password is known only now: its hash is made again at today's cost. The old hash in the
    // condition keeps a password changed meanwhile from being overwritten.
    const remade = await hashPassword(input.password, scryptCost);
    const updated = await db
      .update(users)
      .set({ passwordHash: remade })
      .where(and(eq(users.id, row.id), eq(users.passwordHash, row.passwordHash)))
      .returning({ id: users.id });
    if (updated.length > 0) passwordHash = remade;
  }
  return {
    token: await createSession(db, row.id, input.remember),
    user: toUser(row),
    knownBrowser: knownBrowserMark(row.id, passwordHash),
  };
}

/** Whether `mark` (the known-browser cookie) was given at a login to the account of `email`. */
export async function isKnownBrowser(db: Db, email: string, mark: string | undefined): Promise<boolean> {
  if (!mark) return false;
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(byEmail(email))
    .limit(1);
  return row !== undefined && isMarkOf(mark, row.id, row.passwordHash);
}

/**
 * Queues a reset link for a registered address and does nothing for any other; the caller answers
 * the same either way, before this runs. Only the token's hash is stored; the mail is written in
 * the same transaction as the token, so one exists exactly when the other does.
 */
export async function requestPasswordReset(db: Db, appUrl: string, email: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(users).where(byEmail(email)).limit(1);
    if (!row) return;
    const token = randomToken();
    await tx
      .insert(passwordResetTokens)
      .values({ userId: row.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
    await enqueueMail(tx, {
      to: row.email,
      template: 'passwordReset',
      data: { name: row.firstName, link: `${appUrl}${resetPasswordPath(row.id, token)}` },
    });
  });
}

const liveResetToken = (token: string) =>
  and(
    eq(passwordResetTokens.tokenHash, sha256(token)),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, new Date()),
  );

/** Whether the token is live (and, given a user, is that user's). */
export async function isResetTokenValid(db: Db, token: string, userId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passwordResetTokens.id })
    .from(passwordResetTokens)
    .where(and(liveResetToken(token), userId === undefined ? undefined : eq(passwordResetTokens.userId, userId)))
    .limit(1);
  return row !== undefined;
}

/**
 * Sets the new password once per token and ends every session of the user, wherever it was open; gives
 * back the account's e-mail, for the login page that follows.
 */
export async function resetPassword(
  db: Db,
  userId: string,
  token: string,
  newPassword: string,
  scryptCost: number,
): Promise<string> {
  // The token is checked before the slow hash, so bogus links cost a lookup, not a hash.
  if (!isUuid(userId) || !(await isResetTokenValid(db, token, userId))) {
    throw HttpError.badRequest(RESET_LINK_INVALID_MESSAGE);
  }
  const passwordHash = await hashPassword(newPassword, scryptCost);
  return changeSessions(db, { userId }, async (tx) => {
    // Marking the token used in the same statement that checks it makes a second use fail, even racing.
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(liveResetToken(token), eq(passwordResetTokens.userId, userId)))
      .returning({ id: passwordResetTokens.id });
    if (!used) throw HttpError.badRequest(RESET_LINK_INVALID_MESSAGE);
    const [account] = await tx
      .update(users)
      .set({ passwordHash })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    // Any other link mailed earlier stops working too: the password it was meant to replace is gone.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
    // A token's row goes with its user, so a live token's user is there; the check satisfies the types.
    if (!account) throw HttpError.badRequest(RESET_LINK_INVALID_MESSAGE);
    await revokeAllSessions(tx, userId);
    return account.email;
  });
}

/**
 * Every user oldest first, or one page of them; `q` keeps the users it matches (userMatches). A page
 * is read with the count of every match beside each row, one statement instead of a list and a
 * count; only a page past the last (no rows, so no count beside them) is counted on its own.
 */
export async function listUsers(
  db: Db,
  { q, page, limit }: UserListQuery = {},
): Promise<{ users: User[]; total: number }> {
  const where = q === undefined ? undefined : userMatches(q);
  const list = db.select().from(users).where(where).orderBy(asc(users.createdAt), asc(users.id));
  if (page === undefined && limit === undefined) {
    const rows = await list;
    return { users: rows.map(toUser), total: rows.length };
  }
  const size = limit ?? USERS_PAGE_SIZE;
  const offset = ((page ?? 1) - 1) * size;
  const rows = await db
    .select({ user: getTableColumns(users), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(users)
    .where(where)
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(size)
    .offset(offset);
  const [first] = rows;
  if (first) return { users: rows.map(({ user }) => toUser(user)), total: first.total };
  if (offset === 0) return { users: [], total: 0 };
  const [counted] = await db.select({ total: count() }).from(users).where(where);
  return { users: [], total: counted?.total ?? 0 };
}

/**
 * Deletes a shopper. Their sessions, prescriptions and private files go with them (the foreign keys
 * cascade) and their orders stay with no user (ON DELETE SET NULL), so the admin list shows 'Deleted';
 * those not yet dispatched are canceled first, by the admin, as a staff cancel is (cancelOpenOrdersOf).
 * A pharmacist's reviews stay on the orders under their id, untouched, and read as a former
 * pharmacist's: no order they reviewed is rewritten by the delete (docs/decisions/0118). The stock
 * their canceled orders gave back changes the catalogue's figures: its cached answers go once it commits.
 */
export async function deleteUser(db: Db, id: string, actorId: string, catalogue: CatalogueWriter): Promise<User> {
  if (!isUuid(id)) throw HttpError.notFound(USER_NOT_FOUND_MESSAGE);
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw HttpError.notFound(USER_NOT_FOUND_MESSAGE);
  if (row.role === ROLE.admin) throw HttpError.forbidden(ADMIN_UNDELETABLE_MESSAGE);
  // Their sessions go with them (the foreign key cascades): no instance may still hold one. A recall
  // holding a lot their order drew from may meet the cancellation below in a lock cycle: run again.
  const { user, canceled } = await retryOnceOnLockConflict(() =>
    changeSessions(db, { userId: id }, (tx) => deleteUnlessAdmin(tx, id, actorId)),
  );
  if (canceled > 0) await catalogue.invalidate();
  return user;
}

async function deleteUnlessAdmin(tx: Tx, id: string, actorId: string): Promise<{ user: User; canceled: number }> {
  // Their cart goes first: a checkout locks its lines before anything else, so one under way ends
  // before their orders are read below, and none starts after. Then their orders not yet sent are
  // canceled, while the account still names the address their mail goes to.
  await clearCart(tx, id);
  const canceled = await cancelOpenOrdersOf(tx, id, { id: actorId });
  // Their prescriptions go before the account, though it would take them along: PostgreSQL checks
  // every key of an order rewritten in this transaction again when the account's deletion sets its
  // user to null, and found the prescription gone before its own cascade had cleared the order's key.
  await tx.delete(prescriptions).where(eq(prescriptions.userId, id));
  // The role check is repeated in the statement, in case the user was made an admin meanwhile: the
  // refusal rolls back the cancellations too.
  const [deleted] = await tx
    .delete(users)
    .where(and(eq(users.id, id), ne(users.role, ROLE.admin)))
    .returning();
  if (!deleted) throw HttpError.forbidden(ADMIN_UNDELETABLE_MESSAGE);
  // Who was deleted is told by the address and role alone: nothing else of theirs stays.
  await recordAudit(tx, {
    actorId,
    kind: AUDIT_KIND.userDeleted,
    userId: id,
    before: { email: deleted.email, role: deleted.role },
  });
  return { user: toUser(deleted), canceled };
}

/**
 * Sets a user's role. The admins' rows are locked first, so two admins demoting each other at once
 * cannot leave the shop with none: the last admin keeps the role (409); and the caller must still be
 * one of them (403).
 */
export async function setUserRole(db: Db, id: string, role: Role, actorId: string): Promise<User> {
  if (!isUuid(id)) throw HttpError.notFound(USER_NOT_FOUND_MESSAGE);
  // A session's user carries the role each request is checked against.
  return changeSessions(db, { userId: id }, async (tx) => {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, ROLE.admin)).for('update');
    // Read under that lock: an admin demoted after their request was let in changes no one's role.
    if (!admins.some((admin) => admin.id === actorId)) throw HttpError.forbidden(NOT_ADMIN_MESSAGE);
    const demotesLastAdmin = role !== ROLE.admin && admins.length === 1 && admins[0]!.id === id;
    if (demotesLastAdmin) throw HttpError.conflict(LAST_ADMIN_MESSAGE);
    const [current] = await tx.select({ role: users.role }).from(users).where(eq(users.id, id)).for('update');
    if (!current) throw HttpError.notFound(USER_NOT_FOUND_MESSAGE);
    const [row] = await tx.update(users).set({ role }).where(eq(users.id, id)).returning();
    if (current.role !== role) {
      await recordAudit(tx, {
        actorId,
        kind: AUDIT_KIND.roleChanged,
        userId: id,
        before: { role: current.role },
        after: { role },
      });
    }
    return toUser(row!);
  });
}
