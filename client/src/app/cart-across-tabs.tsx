import { createListenerMiddleware, isFulfilled, type UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import type { cartApi } from '../features/cart/cart.api';
import type { ordersApi } from '../features/orders/orders.api';
import { api } from '../lib/api';

/** The channel the shop's tabs of one browser tell each other on that the patient's cart changed. */
const CART_CHANNEL = 'apotheca-cart';

type Endpoint = keyof typeof cartApi.endpoints | keyof typeof ordersApi.endpoints;
/**
 * Every change of the cart a tab makes: its lines, an order that empties it, an order put back in it.
 * Named rather than matched by their endpoints, so the shell does not download the orders' endpoints.
 */
const CART_CHANGES: ReadonlySet<string> = new Set<Endpoint>([
  'addToCart',
  'updateCartItem',
  'removeCartItem',
  'clearCart',
  'addOrder',
  'reorder',
]);
const cartChanged = (action: UnknownAction) =>
  isFulfilled(action) && CART_CHANGES.has((action.meta.arg as { endpointName?: string }).endpointName ?? '');

/** This tab's end of the channel, open while the app runs in a browser that has one. */
let channel: BroadcastChannel | null = null;

/** Tells the shop's other tabs of each change of the cart this tab makes. */
export const cartAcrossTabs = createListenerMiddleware();

cartAcrossTabs.startListening({ predicate: cartChanged, effect: () => channel?.postMessage(null) });

/**
 * The tabs of one browser share the patient's session, so they share one cart on the server, but each
 * keeps its own reading of it. A change made in one tab has the others read the cart (and the orders)
 * again: a checkout left open elsewhere would otherwise show a summary and a total the server no longer
 * holds, and Pay now would place an order of lines the patient never saw there.
 */
export function CartAcrossTabs() {
  const dispatch = useDispatch();
  useEffect(() => {
    // A browser without the channel keeps each tab to its own reading, as before.
    if (typeof BroadcastChannel === 'undefined') return;
    const opened = new BroadcastChannel(CART_CHANNEL);
    // A channel never hears its own messages: this tab's change already re-read what it made stale.
    opened.onmessage = () => dispatch(api.util.invalidateTags(['Cart', 'Orders']));
    channel = opened;
    return () => {
      channel = null;
      opened.close();
    };
  }, [dispatch]);
  return null;
}
