import type {
  AddToCart,
  AddToCartResponse,
  CartItem,
  CartItemParams,
  CartResponse,
  ClearCartResponse,
  DeletedCartItemResponse,
  UpdateCartItem,
  UpdatedCartItemResponse,
} from '@apotheca/contract';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api, apiPath, change, listQuery } from '../../lib/api';

/** The card sends the whole medicine, a body the API accepts; the server reads only the id and the quantity. */
type AddToCartRequest = AddToCart & Record<string, unknown>;

export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<CartResponse, void>(listQuery('/cart', 'Cart')),
    addToCart: build.mutation<AddToCartResponse, AddToCartRequest>({
      ...change((body: AddToCartRequest) => ({ url: '/cart/add', method: 'POST', body }), ['Cart']),
      // The answer is the whole cart: it is the cached cart at once, so a press made before the cart is read
      // again (late on a slow connection) finds the medicine in it instead of adding it a second time.
      onQueryStarted: async (_body, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) void dispatch(cartApi.util.upsertQueryData('getCart', undefined, { cart: data.cart }));
      },
    }),
    // One step of a line's quantity. It marks no read stale: the card that sends it reads the cart once its
    // steps are done, since a reading between two steps would put the shop's quantity in place of the one
    // shown, which counts the presses still on their way.
    updateCartItem: build.mutation<UpdatedCartItemResponse, UpdateCartItem & CartItemParams>({
      query: ({ cartItemId, operation }) => ({
        url: apiPath`/cart/update/${cartItemId}`,
        method: 'PATCH',
        body: { operation },
      }),
    }),
    removeCartItem: build.mutation<DeletedCartItemResponse, string>(
      change((cartItemId) => ({ url: apiPath`/cart/remove/${cartItemId}`, method: 'DELETE' }), ['Cart']),
    ),
    clearCart: build.mutation<ClearCartResponse, void>(
      change(() => ({ url: '/cart/clear', method: 'DELETE' }), ['Cart']),
    ),
  }),
});

/** A dispatch that takes this API's thunks, for a component that changes the cached cart itself. */
export type CartDispatch = ThunkDispatch<never, unknown, UnknownAction>;

/**
 * Changes one line of the cached cart, which the cart's cards, its summary and the header's count all read:
 * a quantity written there is the one every figure on the screen shows.
 */
export const changeCachedLine = (cartItemId: string, edit: (line: CartItem) => void) =>
  cartApi.util.updateQueryData('getCart', undefined, (draft) => {
    const line = draft.cart?.items.find((item) => item.cartItemId === cartItemId);
    if (line) edit(line);
  });

export const {
  useGetCartQuery,
  useAddToCartMutation,
  useUpdateCartItemMutation,
  useRemoveCartItemMutation,
  useClearCartMutation,
} = cartApi;
