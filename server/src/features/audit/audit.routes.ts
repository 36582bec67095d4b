import { auditListResponseSchema, auditQuerySchema } from '@apotheca/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER_AUTH } from '../../plugins/openapi.plugin';
import { listAudit } from './audit.service';

/** The audit log, for admins: it is only ever read here; no route changes or removes an entry. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['audit'],
        security: BEARER_AUTH,
        querystring: auditQuerySchema,
        response: { 200: auditListResponseSchema },
      },
    },
    async (request) => listAudit(app.database.db, request.query),
  );
};

export default auditRoutes;
