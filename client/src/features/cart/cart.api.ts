import type { AddToCart, Cart, CartItem, CartOperation } from '@apotheca/contract';
import { api } from '../../lib/api';

/** The card sends the whole medicine, a body the API accepts; the server reads only the id and the quantity. */
export type AddToCartRequest = AddToCart & Record<string, unknown>;

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<{ cart: Cart | null }, void>({
      query: () => '/cart',
      providesTags: ['Cart'],
    }),
    addToCart: build.mutation<{ message: string; cart: Cart }, AddToCartRequest>({
      query: (body) => ({ url: '/cart/add', method: 'POST', body }),
      invalidatesTags: ['Cart'],
    }),
    updateCartItem: build.mutation<{ updatedItem: CartItem }, { cartItemId: string; operation: CartOperation }>({
      query: ({ cartItemId, operation }) => ({
        url: `/cart/update/${encodeURIComponent(cartItemId)}`,
        method: 'PATCH',
        body: { operation },
      }),
      invalidatesTags: ['Cart'],
    }),
    removeCartItem: build.mutation<{ deletedItem: CartItem }, string>({
      query: (cartItemId) => ({ url: `/cart/remove/${encodeURIComponent(cartItemId)}`, method: 'DELETE' }),
      invalidatesTags: ['Cart'],
    }),
    clearCart: build.mutation<{ message: string; cart: null }, void>({
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
