import { randomUUID } from 'node:crypto';
import {
  deleteUserResponseSchema,
  errorResponseSchema,
  loginResponseSchema,
  meResponseSchema,
  messageResponseSchema,
  registerResponseSchema,
  usersResponseSchema,
  validateTokenResponseSchema,
  userResponseSchema,
  ROLE,
  type RegisterInput,
  LOGGED_IN_MESSAGE,
  LOGGED_OUT_MESSAGE,
  NOT_ADMIN_MESSAGE,
  REGISTERED_MESSAGE,
  USER_DELETED_MESSAGE,
  EMAIL_TAKEN_MESSAGE,
} from '@apotheca/contract';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { openPg } from '../../db/client';
import { orders, sessions, users } from '../../db/schema';
import { BAD_TOKEN_MESSAGE, NO_TOKEN_MESSAGE } from './auth.plugin';
import { CATALOGUE_ANSWER, PRIVATE_ANSWER } from '../../plugins/answer-caching.plugin';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../plugins/rate-limit.plugin';
import { loadConfig } from '../../config';
import { TEST_SCRYPT_COST, withTestContext, type TestContext } from '../../test/test-app';
import { waitersOnLocks } from '../../test/lock-waiters';
import { useTestContext } from '../../test/test-context';
import { TEST_PASSWORD, createTestUser } from '../../test/test-users';
import {
  ADMIN_UNDELETABLE_MESSAGE,
  INVALID_CREDENTIALS_MESSAGE,
  LAST_ADMIN_MESSAGE,
  USER_NOT_FOUND_MESSAGE,
} from './auth.service';
import { KNOWN_BROWSER_COOKIE } from './known-browser';
import { hashPassword, MAX_HASHES_IN_FLIGHT, MAX_HASHES_WAITING, verifyPassword } from '../../lib/password-hash';
import { SESSION_CACHE_TTL_MS, SESSION_TTL_MS, createSession, findSessionUser, sha256 } from './session.service';

const ctx = useTestContext();

/** A valid registration; overrides may break any field or add one the form does not have. */
const registration = (overrides: Record<string, unknown> = {}): RegisterInput & Record<string, unknown> => ({
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: `ada-${randomUUID()}@example.com`,
  password: 'Secret@123',
  ph_no: '0123456789',
  ...overrides,
});

const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload, headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const userCount = async () => (await ctx.database.db.select({ n: count() }).from(users))[0]!.n;
const sessionOf = async (token: string) =>
  (
    await ctx.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256(token)))
  )[0]!;

/** No response ever carries a password or its hash. */
function expectNoSecrets(body: string) {
  expect(body).not.toMatch(/password/i);
  expect(body).not.toContain('scrypt$');
}

describe('POST /api/auth/register', () => {
  it('answers 201 with the user, whose role is always user and whose password is only stored hashed', async () => {
    const input = registration({ role: 'admin' });
    const response = await post('/api/auth/register', input);
    expect(response.statusCode).toBe(201);
    const body = registerResponseSchema.parse(response.json());
    expect(body.message).toBe(REGISTERED_MESSAGE);
    expect(body.user).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', email: input.email, role: 'user' });
    expectNoSecrets(response.body);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, body.user._id));
    expect(row!.role).toBe('user');
    expect(row!.passwordHash).not.toContain(input.password);
  });

  it('answers 409 for an e-mail already registered in any case, and stores nothing', async () => {
    const input = registration();
    expect((await post('/api/auth/register', input)).statusCode).toBe(201);
    const before = await userCount();
    const response = await post('/api/auth/register', registration({ email: input.email.toUpperCase() }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: EMAIL_TAKEN_MESSAGE });
    expect(await userCount()).toBe(before);
  });

  it('takes an e-mail typed with a separate accent mark as the same address as its composed form', async () => {
    const local = `jose-${randomUUID()}`;
    // "josé" with the accent composed (U+00E9), then as an e and a combining acute accent (U+0301).
    const composed = `${local}-jos\u00e9@example.com`;
    const decomposed = `${local}-jose\u0301@example.com`;
    const first = await post('/api/auth/register', registration({ email: decomposed }));
    expect(first.statusCode, first.body).toBe(201);
    expect(registerResponseSchema.parse(first.json()).user.email).toBe(composed);

    const again = await post('/api/auth/register', registration({ email: composed }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: EMAIL_TAKEN_MESSAGE });
    const login = await post('/api/auth/login', { email: decomposed, password: 'Secret@123' });
    expect(login.statusCode, login.body).toBe(200);
  });

  it('refuses an e-mail holding an invisible format character, with the e-mail message, and stores nothing', async () => {
    const before = await userCount();
    for (const email of ['ada\u200b@example.com', 'ada@exa\u00admple.com', 'a\u2060da@example.com']) {
      const response = await post('/api/auth/register', registration({ email }));
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ email: 'Invalid email format.' });
    }
    expect(await userCount()).toBe(before);
  });

  it('registers a patient under a name of any alphabet, stored with its accents composed', async () => {
    // "Zoë Núñez" typed with separate accent marks, as some keyboards send it.
    const response = await post(
      '/api/auth/register',
      registration({ first_name: 'Zoe\u0308', last_name: 'Nu\u0301n\u0303ez' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { user } = registerResponseSchema.parse(response.json());
    expect([user.first_name, user.last_name]).toEqual(['Zoë', 'Núñez']);
    const [stored] = await ctx.database.db
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, user._id));
    expect(stored).toEqual({ firstName: 'Zo\u00eb', lastName: 'N\u00fa\u00f1ez' });
  });

  it('lets only one of two racing registrations of one e-mail through', async () => {
    const input = registration();
    const responses = await Promise.all([
      post('/api/auth/register', input),
      post('/api/auth/register', { ...input, email: input.email.toUpperCase() }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  // Each registration breaks one field: the refusal names that field.
  it.each([
    [{ first_name: 'Ada1' }, 'First name should contain only letters.'],
    [{ last_name: '' }, 'Last name is required.'],
    [{ email: 'ada@example' }, 'Invalid email format.'],
    [{ password: 'secret@123' }, 'Password must contain at least one uppercase letter.'],
    [{ password: 'Se@1' }, 'Password must be at least 8 characters long.'],
    [{ ph_no: '12345' }, 'Phone number must be exactly 10 digits.'],
  ])('answers 400 for %j, naming the field, and stores nothing', async (broken, message) => {
    const [field] = Object.keys(broken);
    const before = await userCount();
    const response = await post('/api/auth/register', registration(broken));
    expect(response.statusCode).toBe(400);
    expect(errorResponseSchema.parse(response.json())).toEqual({ message, errors: { [field!]: message } });
    expect(await userCount()).toBe(before);
  });
});

describe('POST /api/auth/login', () => {
  let email: string;
  beforeAll(async () => {
    email = (await createTestUser(ctx)).user.email;
  });

  it('answers 200 with a working token and the user, whatever the e-mail case', async () => {
    const response = await post('/api/auth/login', { email: email.toUpperCase(), password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    const body = loginResponseSchema.parse(response.json());
    expect(body.message).toBe(LOGGED_IN_MESSAGE);
    expect(body.user.email).toBe(email);
    expect(response.headers['cache-control']).toBe(PRIVATE_ANSWER);
    expectNoSecrets(response.body);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.token) });
    expect(meResponseSchema.parse(me.json()).user).toEqual(body.user);
  });

  it("also carries the role at the top level, and /me the user's fields, for the original client", async () => {
    const adminEmail = (await createTestUser(ctx, { role: 'admin' })).user.email;
    const response = await post('/api/auth/login', { email: adminEmail, password: TEST_PASSWORD });
    const body = loginResponseSchema.parse(response.json());
    expect(body.user.role).toBe('admin');
    expect(response.json().role).toBe('admin');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    // `{ user, ...user }`: the user nested, as our client reads it, and the same fields flat, as the
    // original client reads them, with no secret.
    expect(me.json()).toEqual({ ...body.user, user: body.user });
    expectNoSecrets(me.body);
  });

  it.each([
    [true, SESSION_TTL_MS.remember],
    [false, SESSION_TTL_MS.default],
  ])('with remember %s gives a session that lasts %i ms', async (remember, ttl) => {
    const started = Date.now();
    const response = await post('/api/auth/login', { email, password: TEST_PASSWORD, remember });
    const session = await sessionOf(loginResponseSchema.parse(response.json()).token);
    expect(session.expiresAt.getTime()).toBeGreaterThanOrEqual(started + ttl - 1000);
    expect(session.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + ttl + 1000);
  });

  it('stops accepting a token once its session has expired', async () => {
    const { token, headers } = await createTestUser(ctx);
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, sha256(token)));
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: BAD_TOKEN_MESSAGE });
  });

  it('answers a wrong password and an unknown e-mail alike with 401', async () => {
    const wrongPassword = await post('/api/auth/login', { email, password: 'Wrong@1234' });
    const unknownEmail = await post('/api/auth/login', {
      email: `nobody-${randomUUID()}@example.com`,
      password: TEST_PASSWORD,
    });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: INVALID_CREDENTIALS_MESSAGE });
    }
  });

  it.each([
    ['email', { password: 'x' }, 'Email is required.'],
    ['email', { email: 'nope', password: 'x' }, 'Invalid email format.'],
    ['password', { email: 'ada@example.com', password: '' }, 'Password is required.'],
  ])('answers 400 naming %s', async (field, payload, message) => {
    const response = await post('/api/auth/login', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
  });
});

describe('GET /api/auth/logout', () => {
  it('revokes that token at once and leaves the user’s other sessions alone', async () => {
    const { user, token } = await createTestUser(ctx);
    const other = await createSession(ctx.database.db, user.id, false);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/logout', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(messageResponseSchema.parse(response.json())).toEqual({ message: LOGGED_OUT_MESSAGE });
    const again = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: BAD_TOKEN_MESSAGE });
    const stillIn = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(other) });
    expect(stillIn.statusCode).toBe(200);
  });

  it('is no HEAD route: a HEAD of it (a link checker, a prefetch) is refused and signs nobody out', async () => {
    const { token } = await createTestUser(ctx);
    const before = await sessionOf(token);
    const response = await ctx.app.inject({ method: 'HEAD', url: '/api/auth/logout', headers: bearer(token) });
    expect(response.statusCode).toBe(404);
    expect(await sessionOf(token)).toEqual(before);
    const stillIn = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(stillIn.statusCode).toBe(200);
  });
});

describe('GET /api/auth/get-all-users', () => {
  it('lists every user in the contract’s shape, without any password or hash', async () => {
    const admin = await createTestUser(ctx, { role: 'admin' });
    const shopper = await createTestUser(ctx);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-all-users', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    const { users: listed } = usersResponseSchema.parse(response.json());
    expect(listed.map((u) => u._id)).toEqual(expect.arrayContaining([admin.user.id, shopper.user.id]));
    expect(listed).toHaveLength(await userCount());
    expectNoSecrets(response.body);
  });

  it('searches names and e-mail addresses on the server, a page at a time', async () => {
    const admin = await createTestUser(ctx, { role: 'admin' });
    const tag = randomUUID().slice(0, 8);
    const ada = await createTestUser(ctx, { firstName: 'Ada', lastName: `Lovelace${tag}` });
    const grace = await createTestUser(ctx, { firstName: 'Grace', email: `grace.${tag}@navy.test` });
    const literal = await createTestUser(ctx, { email: `percent_${tag}%@example.test` });
    const list = async (query: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/auth/get-all-users?${query}`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
      const { users: listed, total } = usersResponseSchema.parse(response.json());
      return { ids: listed.map((u) => u._id), total };
    };
    expect(await list(`q=${encodeURIComponent(`ada lovelace${tag.toUpperCase()}`)}`)).toEqual({
      ids: [ada.user.id],
      total: 1,
    });
    expect(await list(`q=${encodeURIComponent(`GRACE.${tag}@navy`)}`)).toEqual({ ids: [grace.user.id], total: 1 });
    // `%` and `_` are searched as themselves, not as wildcards.
    expect(await list(`q=${encodeURIComponent(`${tag}%`)}`)).toEqual({ ids: [literal.user.id], total: 1 });
    expect(await list(`q=${tag}&limit=2&page=1`)).toEqual({ ids: [ada.user.id, grace.user.id], total: 3 });
    expect(await list(`q=${tag}&limit=2&page=2`)).toEqual({ ids: [literal.user.id], total: 3 });
    // Past the last page, and a search that matches no one, still answer the exact total.
    expect(await list(`q=${tag}&limit=2&page=3`)).toEqual({ ids: [], total: 3 });
    expect(await list(`q=nobody${tag}&limit=2`)).toEqual({ ids: [], total: 0 });
  });

  it('answers 400 for a bad page', async () => {
    const admin = await createTestUser(ctx, { role: 'admin' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/get-all-users?page=0',
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
  });
});

describe('DELETE /api/auth/delete-user/:id', () => {
  it('deletes a shopper, revokes their sessions and keeps their orders with no user', async () => {
    const admin = await createTestUser(ctx, { role: 'admin' });
    const shopper = await createTestUser(ctx, { firstName: 'Grace' });
    const [order] = await ctx.database.db
      .insert(orders)
      .values({ userId: shopper.user.id, totalCents: 1250 })
      .returning();
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/delete-user/${shopper.user.id}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const body = deleteUserResponseSchema.parse(response.json());
    expect(body).toMatchObject({ message: USER_DELETED_MESSAGE, user: { _id: shopper.user.id, first_name: 'Grace' } });
    expectNoSecrets(response.body);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: shopper.headers });
    expect(me.statusCode).toBe(401);
    const [kept] = await ctx.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(kept).toMatchObject({ userId: null, totalCents: 1250 });
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/delete-user/${shopper.user.id}`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses to delete an admin with 403', async () => {
    const admin = await createTestUser(ctx, { role: 'admin' });
    const otherAdmin = await createTestUser(ctx, { role: 'admin' });
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/delete-user/${otherAdmin.user.id}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: ADMIN_UNDELETABLE_MESSAGE });
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, otherAdmin.user.id));
    expect(row).toBeDefined();
  });

  it.each([randomUUID(), 'not-an-id', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%2f', "1'%20OR%20'1'%3D'1"])(
    'answers 404 for the unknown or malformed id %s',
    async (id) => {
      const admin = await createTestUser(ctx, { role: 'admin' });
      const before = await userCount();
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/auth/delete-user/${id}`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(404);
      expect(errorResponseSchema.parse(response.json()).message).toBe(USER_NOT_FOUND_MESSAGE);
      expect(await userCount()).toBe(before);
    },
  );
});

describe('PATCH /api/auth/users/:id/role', () => {
  const setRole = (headers: { authorization: string }, id: string, role: unknown) =>
    ctx.app.inject({ method: 'PATCH', url: `/api/auth/users/${id}/role`, headers, payload: { role } });
  const roleOf = async (id: string) =>
    (await ctx.database.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

  it('makes a shopper a pharmacist, who may then list every order but not the users', async () => {
    const admin = await createTestUser(ctx, { role: ROLE.admin });
    const shopper = await createTestUser(ctx);
    const response = await setRole(admin.headers, shopper.user.id, ROLE.pharmacist);
    expect(response.statusCode).toBe(200);
    expect(userResponseSchema.parse(response.json()).user).toMatchObject({ _id: shopper.user.id, role: 'pharmacist' });
    expectNoSecrets(response.body);
    expect(await roleOf(shopper.user.id)).toBe('pharmacist');
    const orders = await ctx.app.inject({ method: 'GET', url: '/api/orders', headers: shopper.headers });
    expect(orders.statusCode).toBe(200);
    const listed = await ctx.app.inject({ method: 'GET', url: '/api/auth/get-all-users', headers: shopper.headers });
    expect(listed.statusCode).toBe(403);
    expect(listed.json()).toEqual({ message: NOT_ADMIN_MESSAGE });
  });

  /** A new admin made the shop's only one: every other admin becomes a user. */
  const onlyAdmin = async () => {
    const admin = await createTestUser(ctx, { role: ROLE.admin });
    await ctx.database.db
      .update(users)
      .set({ role: ROLE.user })
      .where(and(eq(users.role, ROLE.admin), ne(users.id, admin.user.id)));
    return admin;
  };

  it('refuses to demote the last admin with 409 and changes nothing', async () => {
    const admin = await onlyAdmin();
    const response = await setRole(admin.headers, admin.user.id, ROLE.pharmacist);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: LAST_ADMIN_MESSAGE });
    expect(await roleOf(admin.user.id)).toBe('admin');
    // With a second admin, the first may step down.
    const second = await createTestUser(ctx, { role: ROLE.admin });
    expect((await setRole(second.headers, admin.user.id, ROLE.user)).statusCode).toBe(200);
    expect(await roleOf(admin.user.id)).toBe('user');
  });

  it('lets only one of two admins demoting each other at once succeed', async () => {
    const first = await onlyAdmin();
    const second = await createTestUser(ctx, { role: ROLE.admin });
    const answers = await Promise.all([
      setRole(first.headers, second.user.id, ROLE.user),
      setRole(second.headers, first.user.id, ROLE.user),
    ]);
    // The loser is refused, as the last admin or, demoted meanwhile, as no admin at all.
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const admins = await ctx.database.db.select().from(users).where(eq(users.role, ROLE.admin));
    expect(admins).toHaveLength(1);
  });

  it("refuses an admin's role change that waited while another admin demoted them, changing nothing", async () => {
    const first = await createTestUser(ctx, { role: ROLE.admin });
    const second = await createTestUser(ctx, { role: ROLE.admin });
    const shopper = await createTestUser(ctx);
    const { calls } = await ctx.database.db.transaction(async (tx) => {
      // The admins are held, as a role change holds them, until both changes wait: the demotion first.
      await tx.select().from(users).where(eq(users.role, ROLE.admin)).for('update');
      const demotion = setRole(first.headers, second.user.id, ROLE.user);
      await waitersOnLocks(ctx, 1);
      const promotion = setRole(second.headers, shopper.user.id, ROLE.admin);
      await waitersOnLocks(ctx, 2);
      return { calls: Promise.all([demotion, promotion]) };
    });
    const [demoted, promoted] = await calls;
    expect(demoted.statusCode).toBe(200);
    expect(promoted.statusCode).toBe(403);
    expect(promoted.json()).toEqual({ message: NOT_ADMIN_MESSAGE });
    expect(await roleOf(shopper.user.id)).toBe(ROLE.user);
  });

  it('answers 400 for a role outside the list and 404 for an unknown user', async () => {
    const admin = await createTestUser(ctx, { role: ROLE.admin });
    const shopper = await createTestUser(ctx);
    for (const role of ['superuser', 'Admin', '', null, 1]) {
      const response = await setRole(admin.headers, shopper.user.id, role);
      expect(response.statusCode, String(role)).toBe(400);
      expect(response.json().errors).toEqual({ role: 'Role must be one of user, pharmacist, admin.' });
    }
    expect(await roleOf(shopper.user.id)).toBe('user');
    for (const id of [randomUUID(), 'not-an-id']) {
      const response = await setRole(admin.headers, id, ROLE.pharmacist);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: USER_NOT_FOUND_MESSAGE });
    }
  });
});

describe('the signed-in user of a request', () => {
  it('carries no password hash', async () => {
    const { token } = await createTestUser(ctx);
    const user = await findSessionUser(ctx.database.db, token);
    expect(user).not.toBeNull();
    expect(user).not.toHaveProperty('passwordHash');
  });
});

describe('a signed-in answer', () => {
  it('is kept by no cache, the browser’s included; the public catalogue is not marked private', async () => {
    const { headers } = await createTestUser(ctx);
    const admin = await createTestUser(ctx, { role: 'admin' });
    for (const [url, caller] of [
      ['/api/auth/me', headers],
      ['/api/orders/my-orders', headers],
      ['/api/addresses', headers],
      ['/api/prescriptions', headers],
      ['/api/medicines/export.csv', admin.headers],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: caller });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(PRIVATE_ANSWER);
    }
    const catalogue = await ctx.app.inject({ method: 'GET', url: '/api/medicines' });
    expect(catalogue.headers['cache-control']).toBe(CATALOGUE_ANSWER);
  });
});

describe('authorization', () => {
  type Caller = 'anonymous' | 'user' | 'another user' | 'admin';
  /** `owner` is the user the call is about (the one deleted, say); 'user' calls as that owner. */
  type Call = { method: 'GET' | 'POST' | 'DELETE'; url: (ownerId: string) => string; payload?: () => object };
  const CALLS: Record<string, Call> = {
    register: { method: 'POST', url: () => '/api/auth/register', payload: () => registration() },
    login: {
      method: 'POST',
      url: () => '/api/auth/login',
      payload: () => ({ email: 'nobody@example.com', password: 'x' }),
    },
    logout: { method: 'GET', url: () => '/api/auth/logout' },
    me: { method: 'GET', url: () => '/api/auth/me' },
    'forgot-password': {
      method: 'POST',
      url: () => '/api/auth/forgot-password',
      payload: () => ({ email: 'nobody@example.com' }),
    },
    'validate-token': { method: 'POST', url: () => '/api/auth/validate-token/some-token' },
    'reset-password': {
      method: 'POST',
      url: (ownerId) => `/api/auth/reset-password/${ownerId}/some-token`,
      payload: () => ({ newPassword: 'Secret@456' }),
    },
    'get-all-users': { method: 'GET', url: () => '/api/auth/get-all-users' },
    'delete-user': { method: 'DELETE', url: (ownerId) => `/api/auth/delete-user/${ownerId}` },
  };
  // Public calls answer the same to everyone; the rest need a token, and the admin calls the admin role.
  const EXPECTED: Record<keyof typeof CALLS, Record<Caller, number>> = {
    register: { anonymous: 201, user: 201, 'another user': 201, admin: 201 },
    login: { anonymous: 401, user: 401, 'another user': 401, admin: 401 },
    logout: { anonymous: 401, user: 200, 'another user': 200, admin: 200 },
    me: { anonymous: 401, user: 200, 'another user': 200, admin: 200 },
    'forgot-password': { anonymous: 200, user: 200, 'another user': 200, admin: 200 },
    'validate-token': { anonymous: 200, user: 200, 'another user': 200, admin: 200 },
    'reset-password': { anonymous: 400, user: 400, 'another user': 400, admin: 400 },
    'get-all-users': { anonymous: 401, user: 403, 'another user': 403, admin: 200 },
    'delete-user': { anonymous: 401, user: 403, 'another user': 403, admin: 200 },
  };
  const cases = Object.entries(EXPECTED).flatMap(([name, byCaller]) =>
    Object.entries(byCaller).map(([caller, status]) => ({ name, caller: caller as Caller, status })),
  );

  it.each(cases)('$name as $caller → $status', async ({ name, caller, status }) => {
    const call = CALLS[name]!;
    const owner = await createTestUser(ctx);
    const as =
      caller === 'anonymous'
        ? undefined
        : caller === 'user'
          ? owner
          : await createTestUser(ctx, { role: caller === 'admin' ? 'admin' : 'user' });
    const response = await ctx.app.inject({
      method: call.method,
      url: call.url(owner.user.id),
      payload: call.payload?.(),
      headers: as?.headers ?? {},
    });
    expect(response.statusCode).toBe(status);
    // `me` is always the caller's own profile.
    if (name === 'me' && as) expect(meResponseSchema.parse(response.json()).user._id).toBe(as.user.id);
    if (status === 401)
      expect(response.json()).toEqual({ message: name === 'login' ? INVALID_CREDENTIALS_MESSAGE : NO_TOKEN_MESSAGE });
    if (status === 403) expect(response.json()).toEqual({ message: NOT_ADMIN_MESSAGE });
  });

  it('answers a validate-token call with the contract’s shape', async () => {
    const response = await post('/api/auth/validate-token/some-token');
    expect(validateTokenResponseSchema.parse(response.json())).toEqual({ status: false });
  });
});

describe('hostile input', () => {
  const json = { 'content-type': 'application/json' };
  const HOSTILE: {
    name: string;
    url: string;
    payload: string | object;
    headers?: Record<string, string>;
    status: number;
  }[] = [
    {
      name: 'wrong types',
      url: '/api/auth/register',
      payload: registration({ first_name: 42, ph_no: 123 }),
      status: 400,
    },
    { name: 'an array body', url: '/api/auth/register', payload: [registration()], status: 400 },
    { name: 'a null body', url: '/api/auth/login', payload: 'null', headers: json, status: 400 },
    {
      name: 'an object as e-mail',
      url: '/api/auth/login',
      payload: { email: { $ne: '' }, password: 'x' },
      status: 400,
    },
    {
      name: 'a 1 MB string',
      url: '/api/auth/register',
      payload: registration({ first_name: 'a'.repeat(1024 * 1024) }),
      status: 413,
    },
    {
      name: 'a 5 KB body (auth bodies are a few short fields)',
      url: '/api/auth/login',
      payload: { email: `${'a'.repeat(5 * 1024)}@example.com`, password: 'x' },
      status: 413,
    },
    {
      name: 'a long address of dots, which once backtracked for seconds',
      url: '/api/auth/forgot-password',
      payload: { email: `a@${'a.'.repeat(1500)} ` },
      status: 400,
    },
    { name: 'malformed JSON', url: '/api/auth/register', payload: '{"email": "ada@', headers: json, status: 400 },
    {
      name: 'a wrong content type',
      url: '/api/auth/register',
      payload: 'first_name=Ada',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      status: 415,
    },
    {
      name: 'SQL in a name',
      url: '/api/auth/register',
      payload: registration({ first_name: "Robert'); DROP TABLE users;--" }),
      status: 400,
    },
    {
      name: 'SQL in an e-mail',
      url: '/api/auth/login',
      payload: { email: "admin@apotheca.test'--", password: "' OR '1'='1" },
      status: 401,
    },
    {
      name: 'markup in an e-mail',
      url: '/api/auth/forgot-password',
      payload: { email: '<script>alert(1)</script>' },
      status: 400,
    },
    {
      name: 'a traversal user id',
      url: '/api/auth/reset-password/..%2F..%2Fetc%2Fpasswd/token',
      payload: { newPassword: 'Secret@456' },
      status: 400,
    },
    {
      name: 'a traversal path',
      url: '/api/auth/reset-password/../../etc/passwd',
      payload: { newPassword: 'Secret@456' },
      status: 404,
    },
    {
      name: 'an over-long token',
      url: `/api/auth/validate-token/${'t'.repeat(500)}`,
      payload: {},
      status: 400,
    },
    {
      name: 'a token past the router’s parameter length',
      url: `/api/auth/validate-token/${'t'.repeat(20_000)}`,
      payload: {},
      status: 404,
    },
    { name: 'a malformed escape in the path', url: '/api/auth/validate-token/%E0%A4%A', payload: {}, status: 400 },
    { name: 'an empty JSON body', url: '/api/auth/login', payload: '', headers: json, status: 400 },
    {
      name: 'a NUL in a login e-mail',
      url: '/api/auth/login',
      payload: { email: 'ada\u0000@example.com', password: 'x' },
      status: 400,
    },
    {
      name: 'a NUL in a registered e-mail',
      url: '/api/auth/register',
      payload: registration({ email: 'ada@exam\u0000ple.com' }),
      status: 400,
    },
    {
      name: 'an escape character in a forgot-password e-mail',
      url: '/api/auth/forgot-password',
      payload: { email: 'ada@example.com\u001b' },
      status: 400,
    },
    {
      // Stored, it would read as U+FFFD: the account would answer to an address no one typed, and to
      // every other half pair in its place.
      name: 'half a surrogate pair in a registered e-mail',
      url: '/api/auth/register',
      payload: registration({ email: 'ad\ud800a@example.com' }),
      status: 400,
    },
    {
      name: 'half a surrogate pair in a forgot-password e-mail',
      url: '/api/auth/forgot-password',
      payload: { email: 'ad\udc00a@example.com' },
      status: 400,
    },
    {
      name: 'a NUL in a name',
      url: '/api/auth/register',
      payload: registration({ first_name: 'A\u0000da' }),
      status: 400,
    },
  ];

  it.each(HOSTILE)('answers $name with $status and stores nothing', async ({ url, payload, headers, status }) => {
    const before = await userCount();
    const response = await ctx.app.inject({ method: 'POST', url, payload, headers });
    expect(response.statusCode).toBe(status);
    // The one error shape, never a framework's own body (`error`, `code`, `statusCode`).
    expect(errorResponseSchema.strict().parse(response.json()).message).toEqual(expect.any(String));
    expect(await userCount()).toBe(before);
    const [tables] = await ctx.database.db
      .select({ n: count() })
      .from(sql`information_schema.tables`)
      .where(sql`table_name = 'users'`);
    expect(tables!.n).toBe(1);
  });
});

describe('rate limit', () => {
  const limited = useTestContext({ rateLimitPerMinute: 2 });

  it.each([
    ['/api/auth/login', { email: 'ada@example.com', password: 'x' }],
    ['/api/auth/register', { email: 'not-valid' }],
    ['/api/auth/forgot-password', { email: 'ada@example.com' }],
    ['/api/auth/validate-token/guessed-token', {}],
    [`/api/auth/reset-password/${randomUUID()}/guessed-token`, { newPassword: 'Guessed@123' }],
  ])('answers the third call to %s within a minute with 429 JSON', async (url, payload) => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push((await limited.app.inject({ method: 'POST', url, payload })).statusCode);
    expect(statuses[2]).toBe(429);
    expect(statuses.slice(0, 2)).not.toContain(429);
    const response = await limited.app.inject({ method: 'POST', url, payload });
    expect(response.json()).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE });
  });
});

describe('rate limit keys', () => {
  const login = (app: TestContext['app'], email: string, headers: Record<string, string>, remoteAddress?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Wrong@123' },
      headers,
      remoteAddress,
    });
  const statuses = async (calls: (() => ReturnType<typeof login>)[]) => {
    const result = [];
    for (const call of calls) result.push((await call()).statusCode);
    return result;
  };

  it.each([
    ['ignores X-Forwarded-For in production unless TRUST_PROXY says so', {}, [401, 401, 429]],
    ['keys by the forwarded address when the proxy is trusted', { trustProxy: 1 }, [401, 401, 401]],
  ])('%s', async (_rule, proxy, expected) => {
    await withTestContext({ env: 'production', rateLimitPerMinute: 2, ...proxy }, async (production) => {
      const clients = [1, 2, 3].map(
        (i) => () => login(production.app, `client${i}@example.com`, { 'x-forwarded-for': `203.0.113.${i}` }),
      );
      expect(await statuses(clients)).toEqual(expected);
    });
  });

  it('limits login attempts per e-mail address, whatever the client address', async () => {
    await withTestContext({ rateLimitPerMinute: 2 }, async (limited) => {
      const spread = ['198.51.100.1', '198.51.100.2', '198.51.100.3'].map(
        (address, i) => () => login(limited.app, i === 2 ? ' Target@Example.com ' : 'target@example.com', {}, address),
      );
      expect(await statuses(spread)).toEqual([401, 401, 429]);
      // Another address is not held back by it.
      expect((await login(limited.app, 'other@example.com', {}, '198.51.100.4')).statusCode).toBe(401);
    });
  });
});

describe('a known browser', () => {
  it('lets the owner in with the right password while guesses from elsewhere hold the e-mail at its limit', async () => {
    await withTestContext({ rateLimitPerMinute: 5 }, async (limited) => {
      const { user } = await createTestUser(limited, { role: 'admin' });
      const attempt = (password: string, remoteAddress: string, cookie?: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password },
          remoteAddress,
          ...(cookie ? { cookies: { [KNOWN_BROWSER_COOKIE]: cookie } } : {}),
        });
      const first = await attempt(TEST_PASSWORD, '192.0.2.10');
      expect(first.statusCode).toBe(200);
      const mark = first.cookies.find(({ name }) => name === KNOWN_BROWSER_COOKIE);
      expect(mark).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/login' });

      const guesses = [];
      for (let i = 1; i <= 5; i += 1) guesses.push((await attempt('Wrong@123', `198.51.100.${i}`)).statusCode);
      expect(guesses).toContain(429);

      expect((await attempt(TEST_PASSWORD, '192.0.2.10', mark!.value)).statusCode).toBe(200);
      // An unknown browser, a forged mark and a wrong password from the known browser are still held.
      expect((await attempt(TEST_PASSWORD, '192.0.2.20')).statusCode).toBe(429);
      expect((await attempt(TEST_PASSWORD, '192.0.2.21', `${user.id}.forged`)).statusCode).toBe(429);
      expect((await attempt('Wrong@123', '192.0.2.10', mark!.value)).statusCode).toBe(429);
    });
  });
});

describe('password hash cost', () => {
  it('defaults to OWASP’s scrypt N = 2^17', () => {
    expect(loadConfig({}).scryptCost).toBe(17);
  });

  it('lets a bounded number of hashes run or wait, refusing the next with 503 and Retry-After', async () => {
    const bound = MAX_HASHES_IN_FLIGHT + MAX_HASHES_WAITING;
    const results = await Promise.allSettled(
      Array.from({ length: bound + 2 }, () => hashPassword(TEST_PASSWORD, TEST_SCRYPT_COST)),
    );
    expect(results.filter(({ status }) => status === 'fulfilled')).toHaveLength(bound);
    const refused = results.filter((entry) => entry.status === 'rejected');
    expect(refused).toHaveLength(2);
    for (const result of refused) expect(result.reason).toMatchObject({ statusCode: 503, retryAfterSeconds: 2 });
    expect(await verifyPassword(TEST_PASSWORD, await hashPassword(TEST_PASSWORD, TEST_SCRYPT_COST))).toBe(true);
  });

  it('remakes an older, cheaper hash at the next successful login, and only then', async () => {
    await withTestContext({ scryptCost: TEST_SCRYPT_COST + 1 }, async (raised) => {
      const { user } = await createTestUser(raised);
      const old = await hashPassword(TEST_PASSWORD, TEST_SCRYPT_COST);
      await raised.database.db.update(users).set({ passwordHash: old }).where(eq(users.id, user.id));
      const stored = async () =>
        (await raised.database.db.select().from(users).where(eq(users.id, user.id)))[0]!.passwordHash;
      const login = (password: string) =>
        raised.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password } });

      expect((await login('Wrong@123')).statusCode).toBe(401);
      expect(await stored()).toBe(old);

      expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
      const remade = await stored();
      expect(remade).toMatch(new RegExp(`^scrypt\\$${2 ** (TEST_SCRYPT_COST + 1)}\\$`));
      expect(await verifyPassword(TEST_PASSWORD, remade)).toBe(true);

      expect((await login(TEST_PASSWORD)).statusCode).toBe(200);
      expect(await stored()).toBe(remade);
    });
  });
});

describe('sessions held in memory between requests', () => {
  const me = (app: FastifyInstance, headers: { authorization: string }) =>
    app.inject({ method: 'GET', url: '/api/auth/me', headers });
  const staffOnly = (headers: { authorization: string }) =>
    ctx.app.inject({ method: 'GET', url: '/api/auth/get-all-users', headers });

  it('refuses a deleted user at once, though their session was read just before', async () => {
    const admin = await createTestUser(ctx, { role: ROLE.admin });
    const shopper = await createTestUser(ctx);
    expect((await me(ctx.app, shopper.headers)).statusCode).toBe(200);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/auth/delete-user/${shopper.user.id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode).toBe(200);
    const after = await me(ctx.app, shopper.headers);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: BAD_TOKEN_MESSAGE });
  });

  it('checks the next request of a session read just before against the role it was given', async () => {
    const admin = await createTestUser(ctx, { role: ROLE.admin });
    const other = await createTestUser(ctx, { role: ROLE.admin });
    expect((await staffOnly(other.headers)).statusCode).toBe(200);
    const demoted = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/auth/users/${other.user.id}/role`,
      headers: admin.headers,
      payload: { role: ROLE.user },
    });
    expect(demoted.statusCode).toBe(200);
    const refused = await staffOnly(other.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: NOT_ADMIN_MESSAGE });
    expect(meResponseSchema.parse((await me(ctx.app, other.headers)).json()).user.role).toBe(ROLE.user);
  });

  it('refuses on another instance a token signed out on this one, once its notification arrives', async () => {
    const database = openPg(ctx.config.databaseUrl!, { poolSize: 2 });
    const other = await buildApp({ config: ctx.config, database, logger: false });
    try {
      await other.ready();
      const { headers } = await createTestUser(ctx);
      expect((await me(other, headers)).statusCode).toBe(200);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/logout', headers })).statusCode).toBe(200);
      // Well before the other instance's entry would have aged out of its cache by itself.
      await vi.waitFor(async () => expect((await me(other, headers)).statusCode).toBe(401), {
        timeout: SESSION_CACHE_TTL_MS / 2,
        interval: 20,
      });
    } finally {
      // Closing the app closes its database too.
      await other.close();
    }
  });
});
