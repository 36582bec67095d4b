import { healthResponseSchema } from '@apotheca/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http-error';

/** 200 only while the database answers, so a load balancer takes a broken instance out. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: healthResponseSchema } } }, async () => {
    try {
      await app.database.ping();
    } catch {
      throw new HttpError(503, 'The database is not answering.');
    }
    return { status: 'ok' as const, database: 'up' as const };
  });
};

export default healthRoutes;
