import {
  addOrderHeadersSchema,
  addOrderSchema,
  idParamsSchema,
  orderListQuerySchema,
  orderAddressChoiceSchema,
  orderListResponseSchema,
  orderResponseSchema,
  ordersResponseSchema,
  prescriptionReviewSchema,
  reorderResponseSchema,
  updateOrderSchema,
  IDEMPOTENCY_KEY_HEADER,
  type Order,
} from '@apotheca/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http-error';
import { currentUser } from '../auth/auth.plugin';
import { keepCheckoutAddress } from '../addresses/addresses.service';
import { BEARER_AUTH } from '../../plugins/openapi.plugin';
import type { CatalogueCache } from '../medicines/catalogue-cache.service';
import { checkoutAttempt, placeOrderOnce } from './checkout.service';
import { addOrderAddress, changeOrderStatus, replaceRecalledUnits, reviewPrescription } from './order-status.service';
import { getOrder, listAllOrders, listUserOrders } from './orders.service';
import { reorder } from './reorder.service';

/** `unpaidOrderTtlMinutes`: how long an unpaid order is kept before it is canceled (0: for ever). */
type OrdersRoutesOptions = { catalogue: CatalogueCache; unpaidOrderTtlMinutes: number };

/** Orders move stock, so every write here also invalidates the catalogue's cached stock figures. */
const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, { catalogue, unpaidOrderTtlMinutes }) => {
  const docs = { tags: ['orders'], security: BEARER_AUTH };

  /**
   * After every order write: the catalogue hears which medicines' stock may have moved (so search
   * refreshes just those), and the outbox sends the mail the write enqueued.
   */
  const written = async (order: Order) => {
    await catalogue.invalidate(order.items.flatMap(({ medicineId }) => (medicineId._id ? [medicineId._id] : [])));
    void app.mailOutbox.wake();
  };

  app.post(
    '/orders/add-order',
    {
      preHandler: app.authenticate,
      schema: {
        ...docs,
        headers: addOrderHeadersSchema,
        body: addOrderSchema,
        response: { 201: orderResponseSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const attempt = key === undefined ? undefined : checkoutAttempt(key, request.body);
      const { address, saveAddress } = request.body;
      const placing = placeOrderOnce(app.database.db, user, request.body, attempt, unpaidOrderTtlMinutes);
      const { order, replayed } = await placing.catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 409) app.metrics.checkoutConflicts.inc();
        throw error;
      });
      // A resend of a placed attempt is not counted again, nor its address kept twice (the first
      // copy kept it, unless its instance died first: the order holds its own copy). The catalogue
      // and the outbox still hear of it, which a first copy that died may never have told them.
      if (!replayed) {
        app.metrics.ordersPlaced.inc();
        // Saved to the book only once the order is placed, so a refused checkout changes nothing.
        if (address && saveAddress) await keepCheckoutAddress(app.database.db, user.id, address);
      }
      await written(order);
      return reply.code(201).send({ order });
    },
  );

  // Fills the cart only: the stock moves at checkout, so the catalogue has nothing to hear.
  app.post(
    '/orders/:id/reorder',
    {
      preHandler: app.authenticate,
      schema: { ...docs, params: idParamsSchema, response: { 200: reorderResponseSchema } },
    },
    async (request) => reorder(app.database.db, currentUser(request).id, request.params.id),
  );

  // The patient's own order placed without an address gets one; no stock moves and no mail is sent.
  app.put(
    '/orders/:id/address',
    {
      preHandler: app.authenticate,
      schema: {
        ...docs,
        params: idParamsSchema,
        body: orderAddressChoiceSchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const order = await addOrderAddress(app.database.db, request.params.id, user.id, request.body);
      // Saved to the book only once the order has it, as at checkout, so a refusal changes nothing.
      const { address, saveAddress } = request.body;
      if (address && saveAddress) await keepCheckoutAddress(app.database.db, user.id, address);
      return { order };
    },
  );

  app.get(
    '/orders/my-orders',
    { preHandler: app.authenticate, schema: { ...docs, response: { 200: ordersResponseSchema } } },
    async (request) => ({ orders: await listUserOrders(app.database.db, currentUser(request).id) }),
  );

  app.get(
    '/orders/single-product/:id',
    {
      preHandler: app.authenticate,
      schema: { ...docs, params: idParamsSchema, response: { 200: orderResponseSchema } },
    },
    async (request) => ({ order: await getOrder(app.database.db, request.params.id, currentUser(request)) }),
  );

  app.get(
    '/orders',
    {
      preHandler: app.requireStaff,
      schema: { ...docs, querystring: orderListQuerySchema, response: { 200: orderListResponseSchema } },
    },
    async (request) => listAllOrders(app.database.db, request.query),
  );

  app.patch(
    '/orders/update-order/:id',
    {
      preHandler: app.requireStaff,
      schema: { ...docs, params: idParamsSchema, body: updateOrderSchema, response: { 200: orderResponseSchema } },
    },
    async (request) => {
      const { status, fromStatus, carrier, trackingNumber } = request.body;
      const order = await changeOrderStatus(
        app.database.db,
        request.params.id,
        status,
        currentUser(request),
        { carrier, trackingNumber },
        fromStatus,
      );
      await written(order);
      return { order };
    },
  );

  app.post(
    '/orders/:id/prescription-review',
    {
      preHandler: app.requireStaff,
      schema: {
        ...docs,
        params: idParamsSchema,
        body: prescriptionReviewSchema,
        response: { 200: orderResponseSchema },
      },
    },
    async (request) => {
      const order = await reviewPrescription(app.database.db, request.params.id, request.body, currentUser(request));
      await written(order);
      return { order };
    },
  );

  app.post(
    '/orders/:id/replace-recalled-units',
    {
      preHandler: app.requireStaff,
      schema: { ...docs, params: idParamsSchema, response: { 200: orderResponseSchema } },
    },
    async (request) => {
      const order = await replaceRecalledUnits(app.database.db, request.params.id, currentUser(request));
      await written(order);
      return { order };
    },
  );
};

export default ordersRoutes;
