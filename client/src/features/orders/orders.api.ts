import type { AddOrder, OrderResponse, OrdersResponse, ReorderResponse } from '@apotheca/contract';
import { api, apiPath, change, listQuery, STOCK_TAGS } from '../../lib/api';

const ordersApi = api.injectEndpoints({
  endpoints: (build) => ({
    myOrders: build.query<OrdersResponse, void>(listQuery('/orders/my-orders', 'Orders')),
    // The order is built from the cart on the server, which empties it; a new delivery
    // address may be saved to the address book on the way.
    addOrder: build.mutation<OrderResponse, AddOrder>(
      change(
        (body) => ({ url: '/orders/add-order', method: 'POST', body }),
        ['Orders', 'Cart', 'Addresses', ...STOCK_TAGS],
      ),
    ),
    // Order again: the past order's items go back in the cart.
    reorder: build.mutation<ReorderResponse, string>(
      change((id) => ({ url: apiPath`/orders/${id}/reorder`, method: 'POST' }), ['Cart']),
    ),
  }),
});

export const { useMyOrdersQuery, useAddOrderMutation, useReorderMutation } = ordersApi;
