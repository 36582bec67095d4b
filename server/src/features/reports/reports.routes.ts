import { salesReportQuerySchema, salesReportResponseSchema } from '@apotheca/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEARER_AUTH } from '../../plugins/openapi.plugin';
import { salesReport } from './reports.service';

// The shop's sales figures are an admin's: a pharmacist's work (the review queue and the stock
// reports) needs none of them, so a pharmacist is refused like a patient (docs/decisions/0075).
const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/reports/sales',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['reports'],
        security: BEARER_AUTH,
        querystring: salesReportQuerySchema,
        response: { 200: salesReportResponseSchema },
      },
    },
    async (request) => salesReport(db, request.query.days),
  );
};

export default reportsRoutes;
