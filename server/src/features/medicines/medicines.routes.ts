import multipart from '@fastify/multipart';
import {
  deletedMedicineResponseSchema,
  IMAGE_FILE_FIELDS,
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  IMPORT_FILE_FIELD,
  IMPORT_FILE_REQUIRED_MESSAGE,
  IMPORT_MAX_BYTES,
  IMPORT_RATE_LIMITED_MESSAGE,
  IMPORT_TOO_LARGE_MESSAGE,
  idParamsSchema,
  importQuerySchema,
  importReportSchema,
  medicineDuplicatesQuerySchema,
  medicineDuplicatesResponseSchema,
  medicineListQuerySchema,
  medicineListResponseSchema,
  medicineEtag,
  medicineResponseSchema,
  medicineUpdateHeadersSchema,
  medicineSuggestionsQuerySchema,
  medicineSuggestionsResponseSchema,
  newMedicineResponseSchema,
  substitutesResponseSchema,
  UNKNOWN_FILE_FIELD_MESSAGE,
  updatedMedicineResponseSchema,
} from '@apotheca/contract';
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z, ZodType } from 'zod';
import { HttpError } from '../../http-error';
import { addressList } from '../../lib/public-address';
import { BEARER_AUTH } from '../../plugins/openapi.plugin';
import { CATALOGUE_ANSWER } from '../../plugins/answer-caching.plugin';
import { compress, COMPRESS_FROM_BYTES, encodingFor, type Encoding } from '../../plugins/answer-encoding';
import type { ReadyAnswer } from '../../plugins/ready-answers';
import type { CatalogueCache } from './catalogue-cache.service';
import { currentUser } from '../auth/auth.plugin';
import { exportBatchesCsv, exportMedicinesCsv } from './medicine-export.service';
import { createDuplicatesReport } from './medicine-identity.service';
import { importCatalogue } from './medicine-import.service';
import { createMedicineSearch } from './medicine-search.service';
import {
  absoluteImageUrl,
  addMedicine,
  deleteMedicine,
  findMedicine,
  findSubstitutes,
  toMedicine,
  updateMedicine,
  type MedicineForm,
} from './medicines.service';

/**
 * `appUrl` makes the image URL absolute for clients on another origin; `importPrivateImageRanges`
 * are the private addresses an import may fetch images from.
 */
type MedicinesRoutesOptions = { catalogue: CatalogueCache; appUrl: string; importPrivateImageRanges: string[] };

const FIELD_MAX_BYTES = 10_000;
const MULTIPART_REQUIRED_MESSAGE = 'Send the medicine as multipart/form-data.';
const MALFORMED_FORM_MESSAGE = 'The form could not be read. Send the medicine as multipart/form-data.';
const FIELD_TOO_LARGE_MESSAGE = 'A form field is too large.';

/**
 * The headers of a catalogue read beside the security headers: public, kept by a cache only to be
 * checked again before each use (docs/decisions/0137). One object, made once.
 */
const CATALOGUE_HEADERS = Object.freeze({
  'cache-control': CATALOGUE_ANSWER,
  'content-type': 'application/json; charset=utf-8',
});

type Headers = Readonly<Record<string, string>>;
/** One encoding of a cached body: its bytes and headers, and its ready answer once sent through its route. */
type Variant = { body: Buffer; headers: Headers; ready?: ReadyAnswer | null };
/**
 * How a cached body is answered. A list's (`list`) is offered compressed, and its ETag, a hash of its
 * bytes, gets a 304 from a browser that holds it; a medicine's ETag names its version for an update's
 * If-Match, not its stock, so it gets no 304. `headers` makes its other headers, once per body.
 */
type AnswerKind = { list: boolean; headers: () => Headers };
const LIST_ANSWER: AnswerKind = { list: true, headers: () => CATALOGUE_HEADERS };
/** What is sent for one cached body, made once: a cached body is the same Buffer on every hit. */
type CachedAnswer = {
  revalidated: boolean;
  compressed: boolean;
  notModifiedHeaders: Headers;
  variants: Map<Encoding | null, Variant | Promise<Variant>>;
};

/**
 * Imports an admin may start in IMPORT_WINDOW_MINUTES (dry runs count): each can fetch thousands of
 * images and write thousands of rows, and a dry run, a fix and the real run twice over fit within it.
 */
const IMPORTS_PER_ADMIN = 5;
const IMPORT_WINDOW_MINUTES = 10;

const medicinesRoutes: FastifyPluginAsyncZod<MedicinesRoutesOptions> = async (
  app,
  { catalogue, appUrl, importPrivateImageRanges },
) => {
  const search = createMedicineSearch(app.database.db, catalogue);
  const allowedPrivate = addressList(importPrivateImageRanges);

  // A cached body is already JSON: it is sent as it is (or compressed once), without a second
  // serialization. Sent once through its route, each encoding becomes a ready answer (docs/decisions/0078),
  // with the same headers, that later GETs of its URL get before routing, until a write drops it from
  // the cache (docs/decisions/0142).
  const cachedAnswers = new WeakMap<Buffer, CachedAnswer>();
  const cachedAnswer = (body: Buffer, { list, headers }: AnswerKind): CachedAnswer => {
    let answer = cachedAnswers.get(body);
    if (answer === undefined) {
      const compressed = list && body.length >= COMPRESS_FROM_BYTES;
      const plain: Record<string, string> = {
        ...headers(),
        ...(list ? { etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` } : {}),
        ...(compressed ? { vary: 'accept-encoding' } : {}),
      };
      const { 'content-type': _type, ...notModifiedHeaders } = plain;
      answer = {
        revalidated: list,
        compressed,
        notModifiedHeaders,
        variants: new Map([[null, { body, headers: plain }]]),
      };
      cachedAnswers.set(body, answer);
    }
    return answer;
  };
  const variantOf = (answer: CachedAnswer, body: Buffer, encoding: Encoding | null): Variant | Promise<Variant> => {
    let variant = answer.variants.get(encoding);
    if (variant === undefined && encoding !== null) {
      const { headers } = answer.variants.get(null) as Variant;
      const pending = compress(body, encoding, 'kept').then(
        (compressed) => {
          const made = { body: compressed, headers: { ...headers, 'content-encoding': encoding } };
          answer.variants.set(encoding, made);
          return made;
        },
        (error: unknown) => {
          // A failed compression is not kept: the next request tries again.
          answer.variants.delete(encoding);
          throw error;
        },
      );
      answer.variants.set(encoding, (variant = pending));
    }
    return variant as Variant | Promise<Variant>;
  };
  app.readyAnswers.addFinder((url, acceptEncoding) => {
    const body = catalogue.peek(url);
    const answer = body && cachedAnswers.get(body);
    if (!answer) return undefined;
    const variant = answer.variants.get(answer.compressed ? encodingFor(acceptEncoding) : null);
    return (variant && !(variant instanceof Promise) && variant.ready) || undefined;
  });
  const sendVariant = (reply: FastifyReply, answer: CachedAnswer, variant: Variant) => {
    if (reply.request.method === 'GET' && variant.ready === undefined) {
      const route = reply.request.routeOptions.url;
      variant.ready =
        (route && app.readyAnswers.make(route, 200, variant.headers, variant.body, answer.revalidated)) || null;
    }
    return reply.headers(variant.headers).send(variant.body);
  };
  /** Sends a cached body as `kind` says: through sendList, or sendMedicine below. */
  const sendCached = (reply: FastifyReply, body: Buffer, kind: AnswerKind) => {
    const { request } = reply;
    const answer = cachedAnswer(body, kind);
    if (answer.revalidated && request.headers['if-none-match'] === answer.notModifiedHeaders.etag)
      return reply.code(304).headers(answer.notModifiedHeaders).send();
    const variant = variantOf(
      answer,
      body,
      answer.compressed ? encodingFor(request.headers['accept-encoding'] ?? '') : null,
    );
    // A compression that failed (it does not) is the error handler's 500, never an unhandled rejection.
    return variant instanceof Promise
      ? variant.then(
          (made) => sendVariant(reply, answer, made),
          (error: unknown) => reply.send(error),
        )
      : sendVariant(reply, answer, variant);
  };
  /** Sends a cached list: the catalogue's page, the search box's suggestions, a medicine's substitutes. */
  const sendList = (reply: FastifyReply, body: Buffer) => sendCached(reply, body, LIST_ANSWER);

  // The catalogue's reads are keyed by their URL and answered from the cache before validation:
  // only a URL that passed validation once is ever stored, so the check is not repeated.
  // Callback hooks, not async ones: a hit is answered with no promise made and settled. A hook that
  // answers does not call `done`, so nothing after it runs.
  const answerFromCache = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const body = catalogue.peek(request.url);
    if (body === undefined) done();
    // Its promise, when it compresses first, settles by answering, an error included.
    else void sendList(reply, body);
  };

  /** A catalogue read by query string: answered from the cache, `load` making its JSON on a miss. */
  const cachedQuery = <Query extends ZodType>(
    url: string,
    querystring: Query,
    response: ZodType,
    load: (query: z.infer<Query>) => Promise<string>,
  ) =>
    app.get(
      url,
      { onRequest: answerFromCache, schema: { tags: ['medicines'], querystring, response: { 200: response } } },
      async (request, reply) =>
        sendList(reply, await catalogue.get(request.url, () => load(request.query as z.infer<Query>))),
    );

  cachedQuery('/medicines', medicineListQuerySchema, medicineListResponseSchema, (query) => search.list(query));
  // The header search box's list; a static path, so Fastify matches it before `/medicines/:id`.
  cachedQuery(
    '/medicines/suggestions',
    medicineSuggestionsQuerySchema,
    medicineSuggestionsResponseSchema,
    async ({ q }) => JSON.stringify(await search.suggest(q)),
  );

  app.get(
    '/medicines/:id/substitutes',
    {
      onRequest: answerFromCache,
      schema: { tags: ['medicines'], params: idParamsSchema, response: { 200: substitutesResponseSchema } },
    },
    async (request, reply) => {
      const body = await catalogue.get(request.url, async () =>
        JSON.stringify({ substitutes: await findSubstitutes(app.database.db, request.params.id) }),
      );
      return sendList(reply, body);
    },
  );

  // One medicine, with its version as the `ETag` an update may bring back in `If-Match`. The top
  // level holds only what the original client may post back unchanged (docs/decisions/0044).
  // Its headers are made once per cached body, its ETag not parsed per request.
  const sendMedicine = (reply: FastifyReply, body: Buffer) =>
    sendCached(reply, body, {
      list: false,
      headers: () => ({
        ...CATALOGUE_HEADERS,
        etag: medicineEtag((JSON.parse(body.toString()) as { version: number }).version),
      }),
    });
  app.get(
    '/medicines/:id',
    {
      onRequest: (request, reply, done) => {
        const body = catalogue.peek(request.url);
        if (body === undefined) done();
        else void sendMedicine(reply, body);
      },
      schema: {
        tags: ['medicines'],
        params: idParamsSchema,
        response: { 200: medicineResponseSchema },
      },
    },
    async (request, reply) => {
      const body = await catalogue.get(request.url, async () => {
        const medicine = toMedicine(await findMedicine(app.database.db, request.params.id));
        const { _id, name, developedBy, maxMonthsExpiry, category, stock, price, imageUrl, version } = medicine;
        return JSON.stringify({
          ...{ _id, name, developedBy, maxMonthsExpiry, category, stock, price, version },
          imageUrl: absoluteImageUrl(imageUrl, appUrl),
          medicine,
        });
      });
      return sendMedicine(reply, body);
    },
  );

  /** A CSV answer that a browser saves as `name`. */
  const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(csv);

  // The catalogue's CSV files and import (docs/decisions/0074); static paths, matched before `/medicines/:id`.
  app.get(
    '/medicines/export.csv',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['medicines'],
        security: BEARER_AUTH,
        description: "text/csv: one row a medicine, its columns named as the medicine's fields.",
      },
    },
    async (_request, reply) => sendCsv(reply, 'medicines.csv', await exportMedicinesCsv(app.database.db, appUrl)),
  );

  app.get(
    '/medicines/batches/export.csv',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['medicines'],
        security: BEARER_AUTH,
        description: "text/csv: one row a batch, with its medicine's _id and name.",
      },
    },
    async (_request, reply) => sendCsv(reply, 'batches.csv', await exportBatchesCsv(app.database.db)),
  );

  // The medicines stored before the refusal of a second one that are one medicine (docs/decisions/0138),
  // for the admin to clean up, a page of groups at a time (0141); a static path, matched before `/medicines/:id`.
  const duplicates = createDuplicatesReport(app.database.db, catalogue);
  app.get(
    '/medicines/duplicates',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['medicines'],
        security: BEARER_AUTH,
        querystring: medicineDuplicatesQuerySchema,
        response: { 200: medicineDuplicatesResponseSchema },
      },
    },
    async (request) => duplicates(request.query),
  );

  // Multipart's hooks (one when a request arrives, one when it is answered) run on the routes that
  // change a medicine or import a catalogue (the delete takes a form body as well as any), not on every
  // catalogue read.
  await app.register(async (scope) => {
    const forms = scope.withTypeProvider<ZodTypeProvider>();
    await forms.register(multipart, {
      // The form's fields: name, maker, expiry, category, stock and price, the image URL and mode, and the record's ten details.
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 30, parts: 31, fieldSize: FIELD_MAX_BYTES },
    });

    /**
     * What a form that could not be read is answered with: a file past its limit is a 413 with
     * `tooLarge`; another part limit carries its own 4xx; anything else the parser throws is a body
     * that is not a form (400 with `notAForm`).
     */
    const formFailure = (error: unknown, tooLarge: string, notAForm: string): unknown => {
      if (error instanceof forms.multipartErrors.RequestFileTooLargeError) return new HttpError(413, tooLarge);
      if ((error as { statusCode?: number }).statusCode) return error;
      return HttpError.badRequest(notAForm);
    };

    /** The multipart form of add and update; the file is judged later by its content, not its declared type. */
    async function readMedicineForm(request: FastifyRequest): Promise<MedicineForm> {
      if (!request.isMultipart()) throw new HttpError(415, MULTIPART_REQUIRED_MESSAGE);
      const form: MedicineForm = { fields: {} };
      const strayFiles: Record<string, string> = {};
      let fieldTooLarge = false;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            // Every file is read to its end, so the answer never leaves a request body half-read.
            const content = await part.toBuffer();
            // A file the route would not use is refused by name rather than dropped unseen.
            if (!(IMAGE_FILE_FIELDS as readonly string[]).includes(part.fieldname))
              strayFiles[part.fieldname] = UNKNOWN_FILE_FIELD_MESSAGE;
            // A browser sends an empty file part for a file input left empty.
            else if (content.length > 0) form.image = { field: part.fieldname, content };
          } else {
            // Refused once the body is read to its end, like a stray file, so no upload is left half-read.
            if (part.valueTruncated) fieldTooLarge = true;
            else form.fields[part.fieldname] = String(part.value);
          }
        }
      } catch (error) {
        throw formFailure(error, IMAGE_TOO_LARGE_MESSAGE, MALFORMED_FORM_MESSAGE);
      }
      if (fieldTooLarge) throw new HttpError(413, FIELD_TOO_LARGE_MESSAGE);
      if (Object.keys(strayFiles).length > 0) throw HttpError.badRequest(UNKNOWN_FILE_FIELD_MESSAGE, strayFiles);
      return form;
    }

    /** The import's CSV file, at most IMPORT_MAX_BYTES (413 past it); any other part is read and dropped. */
    async function readImportFile(request: FastifyRequest): Promise<Buffer> {
      if (!request.isMultipart()) throw new HttpError(415, IMPORT_FILE_REQUIRED_MESSAGE);
      let file: Buffer | undefined;
      try {
        for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } })) {
          if (part.type !== 'file') continue;
          const content = await part.toBuffer();
          if (part.fieldname === IMPORT_FILE_FIELD) file = content;
        }
      } catch (error) {
        throw formFailure(error, IMPORT_TOO_LARGE_MESSAGE, IMPORT_FILE_REQUIRED_MESSAGE);
      }
      if (!file) throw HttpError.badRequest(IMPORT_FILE_REQUIRED_MESSAGE);
      return file;
    }

    const importsPerAdmin = forms.perUserRateLimit({
      name: 'catalogue-import',
      max: IMPORTS_PER_ADMIN,
      minutes: IMPORT_WINDOW_MINUTES,
      message: IMPORT_RATE_LIMITED_MESSAGE,
    });
    forms.post(
      '/medicines/import',
      {
        preHandler: [forms.requireAdmin, importsPerAdmin],
        schema: {
          tags: ['medicines'],
          security: BEARER_AUTH,
          consumes: ['multipart/form-data'],
          querystring: importQuerySchema,
          response: { 200: importReportSchema },
        },
      },
      async (request) => {
        const { dryRun } = request.query;
        const report = await importCatalogue(app.database.db, await readImportFile(request), {
          dryRun,
          appUrl,
          actorId: currentUser(request).id,
          allowedPrivate,
          catalogue,
        });
        return report;
      },
    );

    forms.post(
      '/medicines/add-medicine',
      {
        preHandler: forms.requireAdmin,
        schema: {
          tags: ['medicines'],
          security: BEARER_AUTH,
          consumes: ['multipart/form-data'],
          response: { 201: newMedicineResponseSchema },
        },
      },
      async (request, reply) => {
        const newMedicine = await addMedicine(
          app.database.db,
          catalogue,
          await readMedicineForm(request),
          currentUser(request).id,
        );
        return reply.code(201).send({ newMedicine });
      },
    );

    forms.patch(
      '/medicines/update-medicine/:id',
      {
        preHandler: forms.requireAdmin,
        schema: {
          tags: ['medicines'],
          security: BEARER_AUTH,
          consumes: ['multipart/form-data'],
          params: idParamsSchema,
          headers: medicineUpdateHeadersSchema,
          response: { 200: updatedMedicineResponseSchema },
        },
      },
      async (request) => {
        const form = await readMedicineForm(request);
        const updatedMedicine = await updateMedicine(app.database.db, catalogue, request.params.id, form, {
          ifMatch: request.headers['if-match'],
          appUrl,
          actorId: currentUser(request).id,
        });
        return { updatedMedicine };
      },
    );

    forms.delete(
      '/medicines/delete-medicine/:id',
      {
        preHandler: forms.requireAdmin,
        schema: {
          tags: ['medicines'],
          security: BEARER_AUTH,
          params: idParamsSchema,
          response: { 200: deletedMedicineResponseSchema },
        },
      },
      async (request) => {
        const deletedMedicine = await deleteMedicine(
          app.database.db,
          catalogue,
          request.params.id,
          currentUser(request).id,
        );
        return { deletedMedicine };
      },
    );
  });
};

export default medicinesRoutes;
