import {
  addToCartResponseSchema,
  addToCartSchema,
  cartItemParamsSchema,
  cartResponseSchema,
  clearCartResponseSchema,
  deletedCartItemResponseSchema,
  idParamsSchema,
  updateCartItemSchema,
  updatedCartItemResponseSchema,
  CART_CLEARED_MESSAGE,
  ITEM_ADDED_MESSAGE,
} from '@apotheca/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../auth/auth.plugin';
import { BEARER_AUTH } from '../../plugins/openapi.plugin';
import { addToCart, clearCart, getCart, removeCartItem, updateCartItem } from './cart.service';

/** Every cart call needs a login and reaches only the caller's own cart. */
const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const docs = { tags: ['cart'], security: BEARER_AUTH };

  app.get('/cart', { schema: { ...docs, response: { 200: cartResponseSchema } } }, async (request) => ({
    cart: await getCart(app.database.db, currentUser(request).id),
  }));

  app.post(
    '/cart/add',
    { schema: { ...docs, body: addToCartSchema, response: { 201: addToCartResponseSchema } } },
    async (request, reply) => {
      const cart = await addToCart(app.database.db, currentUser(request).id, request.body);
      return reply.code(201).send({ message: ITEM_ADDED_MESSAGE, cart });
    },
  );

  app.patch(
    '/cart/update/:cartItemId',
    {
      schema: {
        ...docs,
        params: cartItemParamsSchema,
        body: updateCartItemSchema,
        response: { 200: updatedCartItemResponseSchema },
      },
    },
    async (request) => ({
      updatedItem: await updateCartItem(
        app.database.db,
        currentUser(request).id,
        request.params.cartItemId,
        request.body.operation,
      ),
    }),
  );

  app.delete(
    '/cart/remove/:id',
    { schema: { ...docs, params: idParamsSchema, response: { 200: deletedCartItemResponseSchema } } },
    async (request) => ({
      deletedItem: await removeCartItem(app.database.db, currentUser(request).id, request.params.id),
    }),
  );

  app.delete('/cart/clear', { schema: { ...docs, response: { 200: clearCartResponseSchema } } }, async (request) => {
    await clearCart(app.database.db, currentUser(request).id);
    return { message: CART_CLEARED_MESSAGE, cart: null };
  });
};

export default cartRoutes;
