import {
  IDEMPOTENCY_KEY_HEADER,
  type AddOrder,
  type OrderAddressChoice,
  type OrderResponse,
  type OrdersResponse,
  type ReorderResponse,
} from '@apotheca/contract';
import { api, apiPath, change, listQuery, resentOnceUnanswered, STOCK_TAGS } from '../../lib/api';

/** One checkout attempt: its body, and the key that makes a resend of it answer the order already placed. */
export type PlaceOrder = { body: AddOrder; key: string };

export const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    myOrders: build.query<OrdersResponse, void>(listQuery('/orders/my-orders', 'Orders')),
    // The order is built from the cart on the server, which empties it; a new delivery
    // address may be saved to the address book on the way. Its key lets it be sent again when
    // the answer was lost, as an instance dying behind the load balancer loses it.
    addOrder: build.mutation<OrderResponse, PlaceOrder>(
      resentOnceUnanswered(
        ({ body, key }) => ({
          url: '/orders/add-order',
          method: 'POST',
          body,
          headers: { [IDEMPOTENCY_KEY_HEADER]: key },
        }),
        ['Orders', 'Cart', 'Addresses', ...STOCK_TAGS],
      ),
    ),
    // The address an order was placed without: the patient's orders, and the staff's copies of the
    // order, show it; a new address may be saved to the address book on the way.
    addOrderAddress: build.mutation<OrderResponse, { id: string; body: OrderAddressChoice }>(
      change(
        ({ id, body }) => ({ url: apiPath`/orders/${id}/address`, method: 'PUT', body }),
        ({ id }) => ['Orders', { type: 'Order', id }, 'Addresses'],
      ),
    ),
    // Order again: the past order's items go back in the cart.
    reorder: build.mutation<ReorderResponse, string>(
      change((id) => ({ url: apiPath`/orders/${id}/reorder`, method: 'POST' }), ['Cart']),
    ),
  }),
});

export const { useMyOrdersQuery, useAddOrderMutation, useAddOrderAddressMutation, useReorderMutation } = ordersApi;
