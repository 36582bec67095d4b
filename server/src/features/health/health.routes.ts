import { healthResponseSchema, readinessResponseSchema } from '@apotheca/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http-error';
import { DATABASE_DOWN_MESSAGE } from '../../plugins/errors.plugin';

/** Set by a stopping instance (main.ts) so the load balancer sends it no new requests. */
export type Readiness = { draining: boolean };

const DRAINING_MESSAGE = 'This instance is shutting down.';

/**
 * `/health` says the instance is alive: 200 only while the database answers, so a load balancer
 * takes a broken instance out. `/health/ready` says it takes traffic: not while it drains.
 */
const healthRoutes: FastifyPluginAsyncZod<{ readiness: Readiness }> = async (app, { readiness }) => {
  const ping = async () => {
    try {
      await app.database.ping();
    } catch {
      throw new HttpError(503, DATABASE_DOWN_MESSAGE);
    }
  };
  app.get('/health', { schema: { tags: ['health'], response: { 200: healthResponseSchema } } }, async () => {
    await ping();
    return { status: 'ok' as const, database: 'up' as const };
  });
  app.get('/health/ready', { schema: { tags: ['health'], response: { 200: readinessResponseSchema } } }, async () => {
    if (readiness.draining) throw new HttpError(503, DRAINING_MESSAGE);
    await ping();
    return { status: 'ready' as const };
  });
};

export default healthRoutes;
