import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  loginResponseSchema,
  messageResponseSchema,
  validateTokenResponseSchema,
  PASSWORD_RESET_MESSAGE,
} from '@apotheca/contract';
import { eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { mailOutbox, passwordResetTokens } from '../../db/schema';
import { BAD_TOKEN_MESSAGE } from './auth.plugin';
import { mailingTestContext } from '../../test/test-app';
import { useTestContext } from '../../test/test-context';
import { TEST_PASSWORD, createTestUser } from '../../test/test-users';
import { RESET_LINK_INVALID_MESSAGE, RESET_MAIL_SENT_MESSAGE, RESET_TOKEN_TTL_MS } from './auth.service';
import { hashPassword } from '../../lib/password-hash';
import type * as PasswordHash from '../../lib/password-hash';
import { createSession, sha256 } from './session.service';

// Counts the slow hashes a request costs; each still runs for real.
vi.mock('../../lib/password-hash', async (importOriginal) => {
  const original = await importOriginal<typeof PasswordHash>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

const NEW_PASSWORD = 'Changed@2026';

describe('password reset through a real SMTP server', () => {
  const mailing = mailingTestContext({ appUrl: 'https://shop.example' });

  const post = (url: string, payload?: object) => mailing.ctx.app.inject({ method: 'POST', url, payload });
  const loginStatus = async (email: string, password: string) =>
    (await post('/api/auth/login', { email, password })).statusCode;

  /** Asks for a reset of `email` and follows the mailed link's userId and token. */
  async function mailedLink(email: string) {
    const response = await post('/api/auth/forgot-password', { email });
    expect(response.statusCode).toBe(200);
    expect(messageResponseSchema.parse(response.json())).toEqual({ message: RESET_MAIL_SENT_MESSAGE });
    const mail = await mailing.sink.nextMail();
    const match = /https:\/\/shop\.example\/reset-password\/([^/\s"<]+)\/([^/\s"<]+)/.exec(mail.text);
    expect(match, mail.text).not.toBeNull();
    return { mail, userId: match![1]!, token: match![2]! };
  }

  it('mails a link that resets the password once and ends every session', async () => {
    const { user, token: session } = await createTestUser(mailing.ctx, { firstName: '<b>Bob</b> & "Co"' });
    const remembered = await createSession(mailing.ctx.database.db, user.id, true);

    const { mail, userId, token } = await mailedLink(user.email.toUpperCase());
    expect(mail.to).toEqual([user.email]);
    expect(mail.raw).toMatch(/^Subject: Reset your Apotheca password/m);
    // Greeted by the name the account holds, as every other mail of the shop, typed markup shown as typed.
    expect(mail.text).toContain('Dear <b>Bob</b> & "Co",');
    expect(mail.text).toContain('<p>Dear &lt;b&gt;Bob&lt;/b&gt; &amp; &quot;Co&quot;,</p>');
    expect(userId).toBe(user.id);

    const valid = await post(`/api/auth/validate-token/${token}`);
    expect(validateTokenResponseSchema.parse(valid.json())).toEqual({ status: true });

    // A weak password is refused by register's rules and leaves the token usable.
    const weak = await post(`/api/auth/reset-password/${userId}/${token}`, { newPassword: 'weakpass' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual({ newPassword: 'Password must contain at least one uppercase letter.' });
    expect((await post(`/api/auth/validate-token/${token}`)).json()).toEqual({ status: true });

    const reset = await post(`/api/auth/reset-password/${userId}/${token}`, { newPassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    // The account's address comes back, for the login page the patient goes on to to start with it.
    expect(reset.json()).toEqual({ message: PASSWORD_RESET_MESSAGE, email: user.email });

    for (const old of [session, remembered]) {
      const me = await mailing.ctx.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${old}` },
      });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual({ message: BAD_TOKEN_MESSAGE });
    }
    expect(await loginStatus(user.email, TEST_PASSWORD)).toBe(401);
    const login = await post('/api/auth/login', { email: user.email, password: NEW_PASSWORD });
    expect(login.statusCode).toBe(200);
    loginResponseSchema.parse(login.json());

    const reused = await post(`/api/auth/reset-password/${userId}/${token}`, { newPassword: 'Another@2026' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ message: RESET_LINK_INVALID_MESSAGE });
    expect((await post(`/api/auth/validate-token/${token}`)).json()).toEqual({ status: false });
    expect(await loginStatus(user.email, NEW_PASSWORD)).toBe(200);
  });

  it('lets only one of two racing resets with one token through', async () => {
    const { user } = await createTestUser(mailing.ctx);
    const { userId, token } = await mailedLink(user.email);
    const responses = await Promise.all(
      ['First@2026', 'Second@2026'].map((newPassword) =>
        post(`/api/auth/reset-password/${userId}/${token}`, { newPassword }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('stores only a hash of the token, expiring within the hour', async () => {
    const { user } = await createTestUser(mailing.ctx);
    const started = Date.now();
    const { token } = await mailedLink(user.email);
    const [row] = await mailing.ctx.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, sha256(token)));
    expect(row).toMatchObject({ userId: user.id, usedAt: null });
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + RESET_TOKEN_TTL_MS);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(started);
  });

  it('refuses an expired token', async () => {
    const { user } = await createTestUser(mailing.ctx);
    const { userId, token } = await mailedLink(user.email);
    await mailing.ctx.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, sha256(token)));
    expect((await post(`/api/auth/validate-token/${token}`)).json()).toEqual({ status: false });
    const reset = await post(`/api/auth/reset-password/${userId}/${token}`, { newPassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual({ message: RESET_LINK_INVALID_MESSAGE });
    expect(await loginStatus(user.email, TEST_PASSWORD)).toBe(200);
  });

  it.each([
    ['another user’s id', async () => (await createTestUser(mailing.ctx)).user.id],
    ['an unknown id', () => Promise.resolve(randomUUID())],
    ['a malformed id', () => Promise.resolve('not-a-uuid')],
  ])('refuses a token presented with %s', async (_label, otherId) => {
    const { user } = await createTestUser(mailing.ctx);
    const { token } = await mailedLink(user.email);
    const reset = await post(`/api/auth/reset-password/${await otherId()}/${token}`, { newPassword: NEW_PASSWORD });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual({ message: RESET_LINK_INVALID_MESSAGE });
    expect((await post(`/api/auth/validate-token/${token}`)).json()).toEqual({ status: true });
  });

  it('answers an unregistered address the same way and sends nothing', async () => {
    const before = mailing.sink.received.length;
    const response = await post('/api/auth/forgot-password', { email: `nobody-${randomUUID()}@example.com` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: RESET_MAIL_SENT_MESSAGE });
    expect(mailing.sink.received.length).toBe(before);
  });

  it("answers an invalid address with the form's own message", async () => {
    const response = await post('/api/auth/forgot-password', { email: 'not-an-address' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Please enter a valid email address',
      errors: { email: 'Please enter a valid email address' },
    });
  });
});

describe('password reset without SMTP_URL', () => {
  const lines: string[] = [];
  const ctx = useTestContext({ logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });

  it("writes the mail to the outbox in the data folder, each message in the day's mailbox", async () => {
    const { user } = await createTestUser(ctx);
    for (let i = 0; i < 2; i += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(200);
    }
    const outbox = path.join(ctx.config.dataDir, 'outbox');
    // The answer comes first; the mails follow it through the outbox.
    await vi.waitFor(async () => {
      const sent = await ctx.database.db.select().from(mailOutbox).where(isNotNull(mailOutbox.sentAt));
      expect(sent).toHaveLength(2);
    });
    const files = fs.readdirSync(outbox);
    const messages = files.flatMap((file) =>
      fs
        .readFileSync(path.join(outbox, file), 'utf8')
        .split(/^From MAILER-DAEMON .*\n/m)
        .slice(1),
    );
    expect(messages).toHaveLength(2);
    for (const message of messages) {
      expect(message).toContain(`To: ${user.email}`);
      expect(message).toContain(`${ctx.config.appUrl}/reset-password/`);
    }
    // A reset link is readable by the app's own user only.
    expect(fs.statSync(outbox).mode & 0o777).toBe(0o700);
    for (const file of files) expect(fs.statSync(path.join(outbox, file)).mode & 0o777).toBe(0o600);
  });

  it('looks nothing up, and logs no error, for a refused request', async () => {
    lines.length = 0;
    const refused = [
      { payload: { email: 'not-an-address' }, status: 400 },
      { payload: { email: `${'a'.repeat(5000)}@example.com` }, status: 413 },
    ];
    for (const { payload, status } of refused) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload });
      expect(response.statusCode).toBe(status);
    }
    expect(lines.filter((line) => JSON.parse(line).level >= 50)).toEqual([]);
  });
});

describe('password reset while the mail server is down', () => {
  // Nothing listens on port 1: every connection is refused.
  const ctx = useTestContext({ smtpUrl: 'smtp://127.0.0.1:1' });

  it('still answers 200 with the same message, so the answer never tells whether the address is registered', async () => {
    const { user } = await createTestUser(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: RESET_MAIL_SENT_MESSAGE });
  });
});

describe('a bogus reset link', () => {
  const ctx = useTestContext();

  it('is refused before any password is hashed', async () => {
    const { user } = await createTestUser(ctx);
    vi.mocked(hashPassword).mockClear();
    for (const url of [
      `/api/auth/reset-password/${user.id}/not-a-token`,
      `/api/auth/reset-password/${randomUUID()}/not-a-token`,
    ]) {
      const response = await ctx.app.inject({ method: 'POST', url, payload: { newPassword: NEW_PASSWORD } });
      expect(response.json()).toEqual({ message: RESET_LINK_INVALID_MESSAGE });
    }
    expect(hashPassword).not.toHaveBeenCalled();
  });
});
