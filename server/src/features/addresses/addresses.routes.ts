import {
  ADDRESS_DELETED_MESSAGE,
  addressesResponseSchema,
  addressResponseSchema,
  idParamsSchema,
  messageResponseSchema,
  newAddressSchema,
  updateAddressSchema,
} from '@apotheca/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/auth.plugin';
import { BEARER_AUTH } from '../../plugins/openapi.plugin';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './addresses.service';

/** The caller's own address book; every call needs a login. */
const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const docs = { tags: ['addresses'], security: BEARER_AUTH };

  app.get('/addresses', { schema: { ...docs, response: { 200: addressesResponseSchema } } }, async (request) => ({
    addresses: await listAddresses(app.database.db, currentUser(request).id),
  }));

  app.post(
    '/addresses',
    { schema: { ...docs, body: newAddressSchema, response: { 201: addressResponseSchema } } },
    async (request, reply) =>
      reply.code(201).send({ address: await createAddress(app.database.db, currentUser(request).id, request.body) }),
  );

  app.patch(
    '/addresses/:id',
    {
      schema: { ...docs, params: idParamsSchema, body: updateAddressSchema, response: { 200: addressResponseSchema } },
    },
    async (request) => ({
      address: await updateAddress(app.database.db, currentUser(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/addresses/:id',
    { schema: { ...docs, params: idParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await deleteAddress(app.database.db, currentUser(request).id, request.params.id);
      return { message: ADDRESS_DELETED_MESSAGE };
    },
  );
};

export default addressesRoutes;
