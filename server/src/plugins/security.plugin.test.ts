import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../app';
import { createTestContext, type TestContext } from '../test/test-app';

describe('security headers and timeouts', () => {
  let plain: TestContext;
  let secure: TestContext;
  let busy: TestContext;
  beforeAll(async () => {
    plain = await createTestContext({ appUrl: 'http://localhost:3000' });
    secure = await createTestContext({ appUrl: 'https://shop.example' });
    busy = await createTestContext({ appUrl: 'http://localhost:3000', maxInFlightRequests: 1 });
  });
  afterAll(async () => {
    await plain.close();
    await secure.close();
    await busy.close();
  });

  const headers = async (ctx: TestContext) => (await ctx.app.inject({ method: 'GET', url: '/api/health' })).headers;

  it('sends HSTS only when the shop is served over https', async () => {
    expect((await headers(secure))['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await headers(plain))['strict-transport-security']).toBeUndefined();
  });

  it('refuses camera, microphone, geolocation and payment to every page', async () => {
    const policy = String((await headers(plain))['permissions-policy']);
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) {
      expect(policy).toContain(feature);
    }
  });

  it('sends them on the answers refused before routing too: a busy instance, a malformed URL', async () => {
    const expected = plain.app.securityHeaders;
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => busy.app.inject({ method: 'GET', url: '/api/medicines' })),
    );
    const refused = answers.filter((answer) => answer.statusCode === 503);
    expect(refused.length).toBeGreaterThan(0);
    const malformed = await plain.app.inject({ method: 'GET', url: '/api/medicines/%E0%A4%A' });
    expect(malformed.statusCode).toBe(400);
    for (const answer of [...refused, malformed]) {
      for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'referrer-policy'])
        expect(answer.headers[name], name).toBe(expected[name]);
    }
  });

  it('times out slow requests and idle connections', () => {
    expect(plain.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(plain.app.server.timeout).toBe(CONNECTION_TIMEOUT_MS);
  });
});
