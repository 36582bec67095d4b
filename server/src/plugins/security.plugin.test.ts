import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../app';
import { createTestContext, type TestContext } from '../test/test-app';

describe('security headers and timeouts', () => {
  let plain: TestContext;
  let secure: TestContext;
  beforeAll(async () => {
    plain = await createTestContext({ appUrl: 'http://localhost:3000' });
    secure = await createTestContext({ appUrl: 'https://shop.example' });
  });
  afterAll(async () => {
    await plain.close();
    await secure.close();
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

  it('times out slow requests and idle connections', () => {
    expect(plain.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(plain.app.server.timeout).toBe(CONNECTION_TIMEOUT_MS);
  });
});
