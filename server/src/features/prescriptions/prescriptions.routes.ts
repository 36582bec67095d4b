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
import { currentUser } from '../auth/auth.plugin';
import { BEARER_AUTH } from '../../plugins/openapi.plugin';
import { boundInFlight } from '../../plugins/overload.plugin';
import { strictlyLimited } from '../../plugins/rate-limit.plugin';
import { FILE_SANDBOX_POLICY } from '../../plugins/security.plugin';
import { prescriptionFileName } from './prescription-file.service';
import { listPrescriptions, openPrescriptionFile, uploadPrescription } from './prescriptions.service';

const MULTIPART_REQUIRED_MESSAGE = 'Send the prescription as multipart/form-data.';
const MALFORMED_FORM_MESSAGE = 'The form could not be read. Send the prescription as multipart/form-data.';
/** The file and its part's headers and boundaries: a body past this is refused before it is read. */
const UPLOAD_BODY_LIMIT_BYTES = PRESCRIPTION_MAX_BYTES + 64 * 1024;
/**
 * Uploads read at once by one instance: each holds up to 10 MB, and more while an image is
 * re-encoded, so the bound keeps memory, and every other request, safe from a burst of them.
 */
export const MAX_UPLOADS_IN_FLIGHT = 8;

/**
 * Prescriptions are private health data: the file is answered only to its owner and staff, never
 * kept by a browser cache or a proxy, and its content is never logged.
 */
const prescriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const docs = { tags: ['prescriptions'], security: BEARER_AUTH };
  const error = errorResponseSchema;
  await app.register(multipart, { limits: { fileSize: PRESCRIPTION_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
  const tooLarge = () => new HttpError(413, PRESCRIPTION_TOO_LARGE_MESSAGE);

  /** The one file part `file`; anything else in the form is refused by the limits above. */
  async function readUpload(request: FastifyRequest): Promise<Buffer> {
    if (!request.isMultipart()) throw new HttpError(415, MULTIPART_REQUIRED_MESSAGE);
    let content: Buffer | undefined;
    try {
      const parts = request.files();
      const first = await parts.next();
      const part = first.done ? undefined : first.value;
      // A file under another name is drained unread, so that the form is read to its end.
      if (part?.fieldname === PRESCRIPTION_FILE_FIELD) content = await part.toBuffer();
      else part?.file.resume();
      // The parser marks a file cut at the limit without throwing when the cut falls in its last chunk.
      if (part?.file.truncated) throw tooLarge();
      // Read to the form's end, where a second file meets the limits: it was dropped without a word.
      if (content?.length) await parts.next();
    } catch (err) {
      if (err instanceof HttpError) throw err;
      if (err instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
      // A part limit carries its own 4xx; anything else the parser throws is a body that is not a form.
      if ((err as { statusCode?: number }).statusCode) throw err;
      throw HttpError.badRequest(MALFORMED_FORM_MESSAGE);
    }
    if (!content?.length) {
      throw HttpError.badRequest(PRESCRIPTION_FILE_REQUIRED_MESSAGE, {
        [PRESCRIPTION_FILE_FIELD]: PRESCRIPTION_FILE_REQUIRED_MESSAGE,
      });
    }
    return content;
  }

  const uploadsInFlight = boundInFlight(MAX_UPLOADS_IN_FLIGHT);

  app.post(
    '/prescriptions',
    {
      ...strictlyLimited(
        app,
        {
          ...docs,
          consumes: ['multipart/form-data'],
          response: { 201: prescriptionResponseSchema, 401: error, 409: error, 413: error, 415: error, 503: error },
        },
        UPLOAD_BODY_LIMIT_BYTES,
      ),
      // The multipart parser reads the body itself, so the declared length is checked here, before it.
      onRequest: async (request, reply) => {
        if (Number(request.headers['content-length']) > UPLOAD_BODY_LIMIT_BYTES) throw tooLarge();
        await uploadsInFlight(request, reply);
      },
      preHandler: app.authenticate,
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
    {
      // A HEAD sends no file, yet Fastify's HEAD twin of this GET would run the handler and record a
      // staff view: every view kept must be a file that was opened, so HEAD is no route here.
      exposeHeadRoute: false,
      preHandler: app.authenticate,
      schema: { ...docs, params: idParamsSchema },
    },
    async (request, reply) => {
      const file = await openPrescriptionFile(app.database.db, request.params.id, currentUser(request));
      // Kept by no cache: `authenticate` marks every signed-in answer private. Shown as its type says
      // (nosniff, as on every answer) and sandboxed: opened on its own, no script in it runs as the shop.
      return reply
        .header('content-security-policy', FILE_SANDBOX_POLICY)
        .header('content-disposition', `inline; filename="${prescriptionFileName(file.fileType)}"`)
        .type(file.fileType)
        .send(file.content);
    },
  );
};

export default prescriptionsRoutes;
