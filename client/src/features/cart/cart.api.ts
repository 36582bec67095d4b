import type {
  AddToCart,
  AddToCartResponse,
  CartItemParams,
  CartResponse,
  ClearCartResponse,
  DeletedCartItemResponse,
  UpdateCartItem,
  UpdatedCartItemResponse,
} from '@apotheca/contract';
import { api, listQuery } from '../../lib/api';

/** The card sends the whole medicine, a body the API accepts; the server reads only the id and the quantity. */
type AddToCartRequest = AddToCart & Record<string, unknown>;

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<CartResponse, void>(listQuery('/cart', 'Cart')),
    addToCart: build.mutation<AddToCartResponse, AddToCartRequest>({
      query: (body) => ({ url: '/cart/add', method: 'POST', body }),
      invalidatesTags: ['Cart'],
    }),
    updateCartItem: build.mutation<UpdatedCartItemResponse, UpdateCartItem & CartItemParams>({
      query: ({ cartItemId, operation }) => ({
        url: `/cart/update/${encodeURIComponent(cartItemId)}`,
        method: 'PATCH',
        body: { operation },
      }),
      invalidatesTags: ['Cart'],
    }),
    removeCartItem: build.mutation<DeletedCartItemResponse, string>({
      query: (cartItemId) => ({ url: `/cart/remove/${encodeURIComponent(cartItemId)}`, method: 'DELETE' }),
      invalidatesTags: ['Cart'],
    }),
    clearCart: build.mutation<ClearCartResponse, void>({
      query: () => ({ url: '/cart/clear', method: 'DELETE' }),
      invalidatesTags: ['Cart'],
    }),
  }),
});

export const {
  useGetCartQuery,
  useAddToCartMutation,
  useUpdateCartItemMutation,
  useRemoveCartItemMutation,
  useClearCartMutation,
} = cartApi;
