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
  setReorderLevel,
  writeOffBatch,
} from './batches.service';

type BatchesRoutesOptions = { catalogue: CatalogueCache };
type BatchParams = z.infer<typeof batchParamsSchema>;

// Staff read batches and reports; only an admin changes them. Every change moves a sellable total,
// so it invalidates the catalogue, naming the medicine.
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

  app.post(
    '/medicines/:id/batches',
    {
      preHandler: app.requireAdmin,
      schema: { ...docs, params: idParamsSchema, body: addBatchSchema, response: { 201: batchResponseSchema } },
    },
    async (request, reply) => {
      const batch = await addBatch(db, request.params.id, request.body, currentUser(request).id);
      await catalogue.invalidate([request.params.id]);
      return reply.code(201).send({ batch });
    },
  );

  /**
   * An admin's change to one batch, made as the caller; the medicine's sellable total moves, so the
   * catalogue forgets it.
   */
  const batchChange = <Body extends ZodType, Answer extends ZodType>(body: Body, answer: Answer) => ({
    preHandler: app.requireAdmin,
    schema: { ...docs, params: batchParamsSchema, body, response: { 200: answer } },
  });
  const changeBatch = async <T>(
    request: FastifyRequest & { params: BatchParams },
    change: (medicineId: string, batchId: string, actorId: string) => Promise<T>,
  ): Promise<T> => {
    const { id, batchId } = request.params;
    const changed = await change(id, batchId, currentUser(request).id);
    await catalogue.invalidate([id]);
    return changed;
  };

  app.patch(
    '/medicines/:id/batches/:batchId',
    batchChange(adjustBatchSchema, batchResponseSchema),
    async (request) => ({
      batch: await changeBatch(request, (id, batchId, actorId) => adjustBatch(db, id, batchId, request.body, actorId)),
    }),
  );

  app.post(
    '/medicines/:id/batches/:batchId/write-off',
    batchChange(batchReasonSchema, batchResponseSchema),
    async (request) => ({
      batch: await changeBatch(request, (id, batchId, actorId) =>
        writeOffBatch(db, id, batchId, request.body.reason, actorId),
      ),
    }),
  );

  app.post(
    '/medicines/:id/batches/:batchId/recall',
    batchChange(batchReasonSchema, recallResponseSchema),
    async (request) =>
      changeBatch(request, (id, batchId, actorId) => recallBatch(db, id, batchId, request.body.reason, actorId)),
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
    {
      preHandler: app.requireAdmin,
      schema: {
        ...docs,
        params: idParamsSchema,
        body: reorderLevelSchema,
        response: { 200: reorderLevelResponseSchema },
      },
    },
    async (request) => ({
      medicine: await setReorderLevel(db, request.params.id, request.body.reorderLevel, currentUser(request).id),
    }),
  );
};

export default batchesRoutes;
