import {
  contactConfigResponseSchema,
  contactResponseSchema,
  errorResponseSchema,
  CONTACT_RECEIVED_MESSAGE,
} from '@apotheca/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema';
import { TOO_MANY_REQUESTS_MESSAGE } from '../../plugins/rate-limit.plugin';
import { createTestContext } from '../../test/test-app';
import { useTestContext } from '../../test/test-context';
import { createTestUser } from '../../test/test-users';

const valid = { name: 'Ada Lovelace', email: 'ada@example.com', subject: 'Order 42', message: 'Where is my order' };

describe('POST /api/contact', () => {
  const ctx = useTestContext();

  const stored = async () => (await ctx.database.db.select({ n: count() }).from(contactMessages))[0]!.n;
  const send = (payload: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url: '/api/contact', payload: payload as string, headers });

  it('stores the message and answers 201 { success: true, message }', async () => {
    const response = await send({ ...valid, subject: 'Refund 7' });
    expect(response.statusCode).toBe(201);
    expect(contactResponseSchema.parse(response.json())).toEqual({ success: true, message: CONTACT_RECEIVED_MESSAGE });
    const [row] = await ctx.database.db.select().from(contactMessages).where(eq(contactMessages.subject, 'Refund 7'));
    expect(row).toMatchObject({ ...valid, subject: 'Refund 7' });
  });

  it.each([
    ['name', '', 'Name is required.'],
    ['name', 'Ada <b>', 'Name should not contain special characters.'],
    ['email', undefined, 'Email is required.'],
    ['email', 'ada@example', 'Invalid email format.'],
    ['subject', '  ', 'Subject is required.'],
    ['subject', 'Order #42', 'Subject should contain only letters, numbers and spaces.'],
    ['message', '', 'Message is required.'],
    ['message', 'Hello; DROP TABLE contact_messages', 'Message should contain only letters, numbers and spaces.'],
    ['message', Array.from({ length: 101 }, () => 'word').join(' '), 'Message must be 100 words or less.'],
  ])('answers 400 naming %s when it is %j, and stores nothing', async (field, value, message) => {
    const before = await stored();
    const response = await send({ ...valid, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { [field]: message } });
    expect(await stored()).toBe(before);
  });

  const json = { 'content-type': 'application/json' };
  it.each([
    ['wrong types', { ...valid, name: 7, message: ['a'] }, {}, 400],
    ['a 1 MB string', { ...valid, message: 'a'.repeat(1024 * 1024) }, {}, 413],
    ['a 20 KB body, past the longest valid message', { ...valid, message: 'a'.repeat(20 * 1024) }, {}, 413],
    ['malformed JSON', '{"name": ', json, 400],
    ['a wrong content type', '<contact/>', { 'content-type': 'application/xml' }, 415],
    ['markup in the name', { ...valid, name: '<img src=x onerror=alert(1)>' }, {}, 400],
    ['SQL in the subject', { ...valid, subject: "x' OR '1'='1" }, {}, 400],
    ['a NUL in the e-mail', { ...valid, email: 'ada\u0000@example.com' }, {}, 400],
    ['a control character in the e-mail', { ...valid, email: 'ada@example.com\u0085' }, {}, 400],
    ['half a surrogate pair in the e-mail', { ...valid, email: 'ad\ud800a@example.com' }, {}, 400],
    ['a NUL in the message', { ...valid, message: 'Where is\u0000 my order' }, {}, 400],
  ])('answers %s with %i and stores nothing', async (_label, payload, headers, status) => {
    const before = await stored();
    const response = await send(payload, headers);
    expect(response.statusCode).toBe(status);
    expect(errorResponseSchema.strict().parse(response.json()).message).toEqual(expect.any(String));
    expect(await stored()).toBe(before);
  });
});

describe('contact authorization', () => {
  const ctx = useTestContext();

  // Both calls are public, since visitors use the contact form too; a token changes nothing.
  it.each(['anonymous', 'user', 'admin'] as const)('lets %s send a message and read the config', async (caller) => {
    const headers = caller === 'anonymous' ? {} : (await createTestUser(ctx, { role: caller })).headers;
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/contact', payload: valid, headers });
    expect(sent.statusCode).toBe(201);
    const config = await ctx.app.inject({ method: 'GET', url: '/api/contact/config', headers });
    expect(config.statusCode).toBe(200);
  });
});

describe('GET /api/contact/config', () => {
  it('answers nulls when no third-party form service is configured', async () => {
    const ctx = await createTestContext({ contactFormUrl: undefined, contactAccessKey: undefined });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/contact/config' });
    await ctx.close();
    expect(response.statusCode).toBe(200);
    expect(contactConfigResponseSchema.parse(response.json())).toEqual({ formUrl: null, accessKey: null });
  });

  it('answers the configured service and key', async () => {
    const service = { contactFormUrl: 'https://forms.example/submit', contactAccessKey: 'public-key-1' };
    const ctx = await createTestContext(service);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/contact/config' });
    await ctx.close();
    expect(response.json()).toEqual({ formUrl: service.contactFormUrl, accessKey: service.contactAccessKey });
  });
});

describe('contact rate limit', () => {
  it('answers the third message within a minute with 429 JSON', async () => {
    const ctx = await createTestContext({ rateLimitPerMinute: 2 });
    const statuses = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push(await ctx.app.inject({ method: 'POST', url: '/api/contact', payload: valid }));
    await ctx.close();
    expect(statuses.map((r) => r.statusCode)).toEqual([201, 201, 429]);
    expect(statuses[2]!.json()).toEqual({ message: TOO_MANY_REQUESTS_MESSAGE });
  });
});
