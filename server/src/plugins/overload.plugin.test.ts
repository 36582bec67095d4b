import { describe, expect, it } from 'vitest';
import { useTestContext } from '../test/test-context';

describe('more requests at once than an instance serves', () => {
  const ctx = useTestContext({ maxInFlightRequests: 2 });

  it('are answered at once with 503, Retry-After and a JSON message, and served again afterwards', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => ctx.app.inject({ method: 'GET', url: '/api/medicines' })),
    );
    const busy = responses.filter((response) => response.statusCode === 503);
    expect(responses.filter((response) => response.statusCode === 200).length).toBeGreaterThanOrEqual(2);
    expect(busy.length).toBeGreaterThan(0);
    for (const response of busy) {
      expect(response.headers['retry-after']).toBe('2');
      expect(response.json()).toEqual({
        message: 'The shop is very busy right now. Please try again in a few seconds.',
      });
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/medicines' })).statusCode).toBe(200);
  });

  it('answers health checks all the same', async () => {
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => ctx.app.inject({ method: 'GET', url: '/api/health' })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(6).fill(200));
  });
});
