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
import { api, apiPath, change, listQuery } from '../../lib/api';

/** The card sends the whole medicine, a body the API accepts; the server reads only the id and the quantity. */
type AddToCartRequest = AddToCart & Record<string, unknown>;

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<CartResponse, void>(listQuery('/cart', 'Cart')),
    addToCart: build.mutation<AddToCartResponse, AddToCartRequest>(
      change((body) => ({ url: '/cart/add', method: 'POST', body }), ['Cart']),
    ),
    updateCartItem: build.mutation<UpdatedCartItemResponse, UpdateCartItem & CartItemParams>({
      ...change(
        ({ cartItemId, operation }) => ({
          url: apiPath`/cart/update/${cartItemId}`,
          method: 'PATCH',
          body: { operation },
        }),
        ['Cart'],
      ),
      // The line takes the quantity the shop answered at once, before the cart is read again: the next
      // of a patient's quick steps, and the summary's totals, start from it rather than from the old copy.
      async onQueryStarted({ cartItemId }, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => null);
        if (!answer) return;
        const { quantity } = answer.data.updatedItem;
        dispatch(
          cartApi.util.updateQueryData('getCart', undefined, (draft) => {
            const line = draft.cart?.items.find((item) => item.cartItemId === cartItemId);
            if (line) Object.assign(line, { quantity, qty: quantity });
          }),
        );
      },
    }),
    removeCartItem: build.mutation<DeletedCartItemResponse, string>(
      change((cartItemId) => ({ url: apiPath`/cart/remove/${cartItemId}`, method: 'DELETE' }), ['Cart']),
    ),
    clearCart: build.mutation<ClearCartResponse, void>(
      change(() => ({ url: '/cart/clear', method: 'DELETE' }), ['Cart']),
    ),
  }),
});

export const {
  useGetCartQuery,
  useAddToCartMutation,
  useUpdateCartItemMutation,
  useRemoveCartItemMutation,
  useClearCartMutation,
} = cartApi;
