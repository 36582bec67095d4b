import type { Order, PrescriptionReviewInput, UpdateOrder } from '@apotheca/contract';
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
      query: ({ id, ...body }) => ({
        url: `/orders/update-order/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: (_result, _error, { id }) => ['Orders', { type: 'Order', id }],
      // The list's select and badge show the new status at once; a failure puts the old one back.
      async onQueryStarted({ id, status }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          orderAdminApi.util.updateQueryData('listOrders', undefined, (draft) => {
            const order = draft.orders.find((candidate) => candidate._id === id);
            if (order) order.status = status;
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
    // A rejection cancels the order and puts its stock back.
    reviewPrescription: build.mutation<{ order: Order }, PrescriptionReviewInput & { id: string }>({
      query: ({ id, ...body }) => ({
        url: `/orders/${encodeURIComponent(id)}/prescription-review`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_result, _error, { id }) => ['Orders', { type: 'Order', id }, 'Medicines', 'Medicine'],
    }),
  }),
});

export const { useListOrdersQuery, useGetOrderQuery, useUpdateOrderStatusMutation, useReviewPrescriptionMutation } =
  orderAdminApi;
