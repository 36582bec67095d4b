import {
  addBatchSchema,
  adjustBatchSchema,
  batchListResponseSchema,
  batchParamsSchema,
  batchReasonSchema,
  batchResponseSchema,
  expiryReportQuerySchema,
  expiryReportResponseSchema,
  idParamsSchema,
  lowStockQuerySchema,
  lowStockResponseSchema,
  recallNotifyResponseSchema,
  recallOrdersResponseSchema,
  recallParamsSchema,
  recallQuerySchema,
  recallResponseSchema,
  reorderLevelResponseSchema,
  reorderLevelSchema,
} from '@apotheca/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z, ZodType } from 'zod';
import { BEARER_AUTH } from '../../plugins/openapi.plugin';
import { currentUser } from '../auth/auth.plugin';
import type { CatalogueCache } from '../medicines/catalogue-cache.service';
import {
  addBatch,
  adjustBatch,
  expiryReport,
  getRecall,
  listBatches,
  lowStockReport,
  notifyRecall,
  recallBatch,
  type BatchTarget,
  setReorderLevel,
  writeOffBatch,
} from './batches.service';

type BatchesRoutesOptions = { catalogue: CatalogueCache };
type BatchParams = z.infer<typeof batchParamsSchema>;

// Staff read batches and reports; only an admin changes them. A change that moves a sellable total
// makes the catalogue forget the medicine, in the service that writes it.
const batchesRoutes: FastifyPluginAsyncZod<BatchesRoutesOptions> = async (app, { catalogue }) => {
  const docs = { tags: ['batches'], security: BEARER_AUTH };
  const db = app.database.db;

  app.get(
    '/medicines/:id/batches',
    {
      preHandler: app.requireStaff,
      schema: { ...docs, params: idParamsSchema, response: { 200: batchListResponseSchema } },
    },
    async (request) => ({ batches: await listBatches(db, request.params.id) }),
  );

  /** An admin's change: what it names, what it sends, and what it answers with `status`. */
  const adminChange = <Params extends ZodType, Body extends ZodType, Answer extends ZodType>(
    params: Params,
    body: Body,
    answer: Answer,
    status = 200,
  ) => ({
    preHandler: app.requireAdmin,
    schema: { ...docs, params, body, response: { [status]: answer } },
  });

  app.post(
    '/medicines/:id/batches',
    adminChange(idParamsSchema, addBatchSchema, batchResponseSchema, 201),
    async (request, reply) => {
      const batch = await addBatch(db, catalogue, request.params.id, request.body, currentUser(request).id);
      return reply.code(201).send({ batch });
    },
  );

  /** The batch the URL names, changed by the caller. */
  const targetOf = (request: FastifyRequest & { params: BatchParams }): BatchTarget => ({
    medicineId: request.params.id,
    batchId: request.params.batchId,
    actorId: currentUser(request).id,
  });

  app.patch(
    '/medicines/:id/batches/:batchId',
    adminChange(batchParamsSchema, adjustBatchSchema, batchResponseSchema),
    async (request) => ({
      batch: await adjustBatch(db, catalogue, targetOf(request), request.body),
    }),
  );

  app.post(
    '/medicines/:id/batches/:batchId/write-off',
    adminChange(batchParamsSchema, batchReasonSchema, batchResponseSchema),
    async (request) => ({
      batch: await writeOffBatch(db, catalogue, targetOf(request), request.body.reason),
    }),
  );

  app.post(
    '/medicines/:id/batches/:batchId/recall',
    adminChange(batchParamsSchema, batchReasonSchema, recallResponseSchema),
    async (request) => recallBatch(db, catalogue, targetOf(request), request.body.reason),
  );

  app.get(
    '/recalls/:batchId',
    {
      preHandler: app.requireStaff,
      schema: {
        ...docs,
        params: recallParamsSchema,
        querystring: recallQuerySchema,
        response: { 200: recallOrdersResponseSchema },
      },
    },
    async (request) => getRecall(db, request.params.batchId, request.query),
  );

  app.post(
    '/recalls/:batchId/notify',
    {
      preHandler: app.requireAdmin,
      schema: { ...docs, params: recallParamsSchema, response: { 200: recallNotifyResponseSchema } },
    },
    async (request) => notifyRecall(db, request.params.batchId, currentUser(request).id),
  );

  app.get(
    '/reports/expiry',
    {
      preHandler: app.requireStaff,
      schema: { ...docs, querystring: expiryReportQuerySchema, response: { 200: expiryReportResponseSchema } },
    },
    async (request) => expiryReport(db, request.query),
  );

  app.get(
    '/reports/low-stock',
    {
      preHandler: app.requireStaff,
      schema: { ...docs, querystring: lowStockQuerySchema, response: { 200: lowStockResponseSchema } },
    },
    async (request) => lowStockReport(db, request.query),
  );

  // The reorder level is no part of the catalogue's answers, so its change invalidates nothing.
  app.patch(
    '/medicines/:id/reorder-level',
    adminChange(idParamsSchema, reorderLevelSchema, reorderLevelResponseSchema),
    async (request) => ({
      medicine: await setReorderLevel(db, request.params.id, request.body.reorderLevel, currentUser(request).id),
    }),
  );
};

export default batchesRoutes;
