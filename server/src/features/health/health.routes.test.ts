import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/test-app';
import { useTestContext } from '../../test/test-context';

describe('GET /api/health', () => {
  const ctx = useTestContext();

  it('answers 200 while the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('answers 503 with a JSON message when the database does not', async () => {
    const other = await createTestContext();
    try {
      await other.database.close();
      const response = await other.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'The database is not answering.' });
    } finally {
      await other.close();
    }
  });

  it('says the instance is ready until it drains', async () => {
    const ready = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    ctx.app.readiness.draining = true;
    const draining = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    // A draining instance still answers what it is asked.
    const alive = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    ctx.app.readiness.draining = false;
    expect(draining.statusCode).toBe(503);
    expect(draining.json()).toEqual({ message: 'This instance is shutting down.' });
    expect(alive.statusCode).toBe(200);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Route GET /api/no-such-thing not found' });
  });

  it('sends the security headers with a strict Content-Security-Policy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
