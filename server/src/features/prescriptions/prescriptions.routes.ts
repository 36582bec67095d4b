import multipart from '@fastify/multipart';
import {
  errorResponseSchema,
  idParamsSchema,
  PRESCRIPTION_FILE_FIELD,
  PRESCRIPTION_FILE_REQUIRED_MESSAGE,
  PRESCRIPTION_MAX_BYTES,
  PRESCRIPTION_REVIEW,
  PRESCRIPTION_TOO_LARGE_MESSAGE,
  prescriptionListQuerySchema,
  prescriptionResponseSchema,
  prescriptionsResponseSchema,
} from '@apotheca/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http-error';
import { currentUser } from '../../plugins/auth.plugin';
import { BEARER_AUTH } from '../../plugins/openapi.plugin';
import { listPrescriptions, openPrescriptionFile, uploadPrescription } from './prescriptions.service';

const MULTIPART_REQUIRED_MESSAGE = 'Send the prescription as multipart/form-data.';

/**
 * Prescriptions are private health data: the file is answered only to its owner and staff, never
 * kept by a browser cache or a proxy, and its content is never logged.
 */
const prescriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const docs = { tags: ['prescriptions'], security: BEARER_AUTH };
  const error = errorResponseSchema;
  await app.register(multipart, { limits: { fileSize: PRESCRIPTION_MAX_BYTES, files: 1, fields: 0, parts: 1 } });

  /** The one file part `file`; anything else in the form is refused by the limits above. */
  async function readUpload(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw new HttpError(415, MULTIPART_REQUIRED_MESSAGE);
    try {
      const part = await request.file();
      const content = part?.fieldname === PRESCRIPTION_FILE_FIELD ? await part.toBuffer() : undefined;
      if (!content?.length) {
        throw HttpError.badRequest(PRESCRIPTION_FILE_REQUIRED_MESSAGE, {
          [PRESCRIPTION_FILE_FIELD]: PRESCRIPTION_FILE_REQUIRED_MESSAGE,
        });
      }
      return content;
    } catch (err) {
      if (err instanceof app.multipartErrors.RequestFileTooLargeError)
        throw new HttpError(413, PRESCRIPTION_TOO_LARGE_MESSAGE);
      throw err;
    }
  }

  app.post(
    '/prescriptions',
    {
      preHandler: app.authenticate,
      schema: {
        ...docs,
        consumes: ['multipart/form-data'],
        response: { 201: prescriptionResponseSchema, 400: error, 401: error, 413: error, 415: error },
      },
    },
    async (request, reply) => {
      const content = await readUpload(request);
      const prescription = await uploadPrescription(app.database.db, currentUser(request).id, content);
      return reply.code(201).send({ prescription });
    },
  );

  app.get(
    '/prescriptions',
    {
      preHandler: app.authenticate,
      schema: {
        ...docs,
        querystring: prescriptionListQuerySchema,
        response: { 200: prescriptionsResponseSchema, 400: error, 401: error },
      },
    },
    async (request) => ({
      prescriptions: await listPrescriptions(app.database.db, currentUser(request), {
        pending: request.query.status === PRESCRIPTION_REVIEW.pending,
      }),
    }),
  );

  app.get(
    '/prescriptions/:id/file',
    { preHandler: app.authenticate, schema: { ...docs, params: idParamsSchema } },
    async (request, reply) => {
      const file = await openPrescriptionFile(app.database.db, request.params.id, currentUser(request));
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .type(file.fileType)
        .send(file.content);
    },
  );
};

export default prescriptionsRoutes;
