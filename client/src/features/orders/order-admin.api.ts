import type { Order, UpdateOrder } from '@apotheca/contract';
import { api } from '../../lib/api';

/** The admin's order calls: every order, one order, and a status change (SPEC.md §7). */
export const orderAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    listOrders: build.query<{ orders: Order[] }, void>({
      query: () => '/orders',
      providesTags: ['Orders'],
    }),
    getOrder: build.query<{ order: Order }, string>({
      query: (id) => `/orders/single-product/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [{ type: 'Order', id }],
    }),
    // After a status update the order is re-fetched (SPEC.md §4): both the list and the detail.
    updateOrderStatus: build.mutation<{ order: Order }, UpdateOrder & { id: string }>({
      query: ({ id, status }) => ({
        url: `/orders/update-order/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { status },
      }),
      invalidatesTags: (_result, _error, { id }) => ['Orders', { type: 'Order', id }],
    }),
  }),
});

export const { useListOrdersQuery, useGetOrderQuery, useUpdateOrderStatusMutation } = orderAdminApi;
