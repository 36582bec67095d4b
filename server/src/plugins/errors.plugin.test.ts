import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../test/test-context';
import errorsPlugin from './errors.plugin';

const ctx = useTestContext();

describe('the one error handler', () => {
  // A route of its own, with no input rule: what a new field without its control-character rule would meet.
  const app = Fastify();
  afterAll(() => app.close());

  it('answers a NUL byte that reaches PostgreSQL, in text or in jsonb, with 400 in the one error shape', async () => {
    await app.register(errorsPlugin);
    app.post<{ Body: { note: string; as: 'text' | 'jsonb' } }>('/store', async ({ body }) => {
      const value = body.as === 'text' ? sql`${body.note}::text` : sql`${JSON.stringify(body)}::jsonb`;
      await ctx.database.db.execute(sql`select ${value}`);
      return { stored: true };
    });
    for (const payload of [
      { note: 'a\u0000b', as: 'text' },
      { note: '\u0000', as: 'jsonb' },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/store', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Text must not contain control characters.' });
    }
    const stored = await app.inject({ method: 'POST', url: '/store', payload: { note: 'fine', as: 'jsonb' } });
    expect(stored.json()).toEqual({ stored: true });
  });
});
