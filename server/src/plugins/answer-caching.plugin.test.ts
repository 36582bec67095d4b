import { ROLE } from '@apotheca/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMedicine } from '../features/medicines/medicines.fixtures';
import { getOver } from '../test/over-http';
import { createTestContext, type TestContext } from '../test/test-app';
import { createTestUser, TEST_PASSWORD } from '../test/test-users';
import { CATALOGUE_ANSWER, PRIVATE_ANSWER } from './answer-caching.plugin';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx.close();
});

describe('a public catalogue answer', () => {
  it('may be kept by a cache only to be checked again before each use, through its route and ready-made alike', async () => {
    const medicine = await insertMedicine(ctx);
    for (const url of [
      '/api/medicines',
      `/api/medicines?q=${encodeURIComponent(medicine.name)}`,
      `/api/medicines/suggestions?q=${encodeURIComponent(medicine.name)}`,
      `/api/medicines/${medicine.id}`,
      `/api/medicines/${medicine.id}/substitutes`,
    ]) {
      // The first GET goes through the route; the next ones get the answer made once (ready answers).
      for (let i = 0; i < 3; i++) {
        const answer = await getOver(ctx.app, url);
        expect(answer.status, url).toBe(200);
        expect(answer.headers['cache-control'], url).toBe(CATALOGUE_ANSWER);
      }
    }
    const one = await getOver(ctx.app, `/api/medicines/${medicine.id}`);
    expect(one.headers.etag).toBeDefined();
  });
});

describe('an answer that carries someone’s data', () => {
  it('is kept by no cache, whether the call was signed in or not', async () => {
    const shopper = await createTestUser(ctx);
    const staff = await createTestUser(ctx, { role: ROLE.pharmacist });
    const admin = await createTestUser(ctx, { role: ROLE.admin });
    const email = `caching-${Date.now()}@example.com`;
    const calls: [string, string, Record<string, string>, object?][] = [
      [
        'POST',
        '/api/auth/register',
        {},
        { first_name: 'Ada', last_name: 'Lovelace', email, password: TEST_PASSWORD, ph_no: '0123456789' },
      ],
      ['POST', '/api/auth/login', {}, { email, password: TEST_PASSWORD }],
      ['POST', '/api/auth/forgot-password', {}, { email }],
      ['GET', '/api/auth/me', shopper.headers],
      ['GET', '/api/cart', shopper.headers],
      ['GET', '/api/orders/my-orders', shopper.headers],
      ['GET', '/api/addresses', shopper.headers],
      ['GET', '/api/prescriptions', shopper.headers],
      ['GET', '/api/orders', staff.headers],
      ['GET', '/api/auth/get-all-users', admin.headers],
      ['GET', '/api/audit', admin.headers],
      ['GET', '/api/reports/sales', admin.headers],
      // Refused: an error answer is not a catalogue's either.
      ['GET', '/api/cart', {}],
    ];
    for (const [method, url, headers, payload] of calls) {
      const response = await ctx.app.inject({ method: method as 'GET' | 'POST', url, headers, payload });
      expect(response.statusCode, url).toBeLessThan(headers.authorization || payload ? 300 : 500);
      expect(response.headers['cache-control'], url).toBe(PRIVATE_ANSWER);
    }
  });

  it('is kept by no cache when it is the shop’s own state (health, contact settings)', async () => {
    for (const url of ['/api/health', '/api/health/ready', '/api/contact/config']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(PRIVATE_ANSWER);
    }
  });
});
