import type * as contract from '@apotheca/contract';
import { api, apiPath, change, pagedListQuery, shownWhileSaved, STOCK_TAGS } from '../../lib/api';

/**
 * The staff's order calls: a page of orders searched and filtered on the server, one order, a status
 * change, a prescription review and the replacement of a recalled lot's units.
 */
export const orderAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    listOrders: build.query<contract.OrderListResponse, contract.OrderListQuery>(pagedListQuery('/orders', 'Orders')),
    getOrder: build.query<contract.OrderResponse, string>({
      query: (id) => apiPath`/orders/single-product/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Order', id }],
    }),
    // After a status update the order is re-fetched, so both the list and the detail show what was stored,
    // and so is the stock it took or gave back.
    updateOrderStatus: build.mutation<contract.OrderResponse, contract.UpdateOrder & contract.IdParams>({
      ...change(
        ({ id, ...body }) => ({ url: apiPath`/orders/update-order/${id}`, method: 'PATCH', body }),
        ({ id }) => ['Orders', { type: 'Order', id }, ...STOCK_TAGS],
      ),
      // The list's select and badge show the new status at once; a failure puts the old one back.
      async onQueryStarted({ id, status }, lifecycle) {
        await shownWhileSaved(
          lifecycle.queryFulfilled,
          orderAdminApi.util.selectCachedArgsForQuery(lifecycle.getState(), 'listOrders'),
          (args) =>
            lifecycle.dispatch(
              orderAdminApi.util.updateQueryData('listOrders', args, (draft) => {
                const order = draft.orders.find((candidate) => candidate._id === id);
                if (order) order.status = status;
              }),
            ),
        );
      },
    }),
    // A rejection cancels the order and puts its stock back.
    reviewPrescription: build.mutation<contract.OrderResponse, contract.PrescriptionReviewInput & contract.IdParams>(
      change(
        ({ id, ...body }) => ({ url: apiPath`/orders/${id}/prescription-review`, method: 'POST', body }),
        ({ id }) => ['Orders', { type: 'Order', id }, ...STOCK_TAGS],
      ),
    ),
    // A replacement moves stock between the order's lots; the order is read again with its new history.
    replaceRecalledUnits: build.mutation<contract.OrderResponse, string>(
      change(
        (id) => ({ url: apiPath`/orders/${id}/replace-recalled-units`, method: 'POST' }),
        (id) => ['Orders', { type: 'Order', id }, ...STOCK_TAGS],
      ),
    ),
  }),
});

export const {
  useListOrdersQuery,
  useGetOrderQuery,
  useUpdateOrderStatusMutation,
  useReviewPrescriptionMutation,
  useReplaceRecalledUnitsMutation,
} = orderAdminApi;
