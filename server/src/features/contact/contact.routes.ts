import {
  contactConfigResponseSchema,
  contactResponseSchema,
  contactSchema,
  CONTACT_RECEIVED_MESSAGE,
} from '@apotheca/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { strictlyLimited } from '../../plugins/rate-limit.plugin';
import { saveContactMessage } from './contact.service';

const tags = ['contact'];

/** The contact form: stored here unless a third-party form service is configured, which the browser then posts to. */
const contactRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // '' rather than '/': the path is exactly /api/contact, with no trailing-slash twin in the OpenAPI document.
  app.post(
    '',
    // Room in the body for the longest valid message (2000 characters, each escaped at worst to 6 bytes of JSON).
    strictlyLimited(app, { tags, body: contactSchema, response: { 201: contactResponseSchema } }, 16 * 1024),
    async (request, reply) => {
      await saveContactMessage(app.database.db, request.body);
      return reply.code(201).send({ success: true as const, message: CONTACT_RECEIVED_MESSAGE });
    },
  );

  app.get('/config', { schema: { tags, response: { 200: contactConfigResponseSchema } } }, async () => ({
    formUrl: config.contactFormUrl ?? null,
    accessKey: config.contactAccessKey ?? null,
  }));
};

export default contactRoutes;
