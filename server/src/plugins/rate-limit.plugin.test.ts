import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { startRedisServer, type RedisServer } from '../test/redis-server';

// Rate limits counted in a real redis-server that two instances share.
describe('rate limits shared through Redis', () => {
  let redis: RedisServer;
  let first: TestContext;
  let second: TestContext;
  beforeAll(async () => {
    redis = await startRedisServer();
    first = await createTestContext({ rateLimitPerMinute: 3, redisUrl: redis.url });
    second = await createTestContext({ rateLimitPerMinute: 3, redisUrl: redis.url });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await redis.stop();
  });

  const login = (ctx: TestContext) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'ada@example.com', password: 'x' } });

  it('counts the calls of one address on every instance together', async () => {
    const statuses = [];
    for (const ctx of [first, second, first, second]) statuses.push((await login(ctx)).statusCode);
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });

  it('keeps no e-mail address in Redis: the logins of one address are counted under a digest of it', async () => {
    const client = new Redis(redis.url);
    try {
      const keys = await client.keys('*');
      // The per-address count of the logins above is there, under no key that names the address.
      expect(keys.some((key) => key.includes('login-email'))).toBe(true);
      expect(keys.filter((key) => key.toLowerCase().includes('ada@example.com'))).toEqual([]);
    } finally {
      client.disconnect();
    }
  });

  it('keeps answering, unlimited and with a warning, when Redis goes away', async () => {
    const warn = vi.spyOn(first.app.log, 'warn');
    await redis.kill();
    const statuses = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await login(first)).statusCode);
    expect(statuses.every((status) => status === 401)).toBe(true);
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringContaining('Redis')));
  });
});
