import { createListenerMiddleware, isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import { isStaff } from '@apotheca/contract';
import { authApi } from '../features/auth/auth.api';
import type { authSlice } from '../features/auth/auth.slice';
import { orderAdminApi } from '../features/orders/order-admin.api';
import { errorStatus } from '../lib/error-message';

type SessionState = { auth: ReturnType<typeof authSlice.reducer> };

/**
 * Whether a failed call is how the server answers someone it no longer takes as staff: a staff call
 * refused (403), or an order not found (404), since the order's read is a shopper's too and a shopper is
 * told that someone else's order does not exist. Any other missing record is just missing.
 */
const refusedAsStaff = (action: UnknownAction) => {
  const status = errorStatus(action.payload);
  return status === 403 || (status === 404 && orderAdminApi.endpoints.getOrder.matchRejected(action));
};

/**
 * An admin may change a member of staff's role while they are signed in, and the role the browser keeps
 * is the one their login gave. A call refused as above has the profile read again: the session then holds
 * the role the server holds, and the guards send its reader where that role may go (a shopper home, with
 * the unauthorized notice), instead of leaving them on a staff page that says an order was not found.
 */
export const roleCheck = createListenerMiddleware();

roleCheck.startListening({
  matcher: isRejectedWithValue,
  effect: (action, listenerApi) => {
    const { auth } = listenerApi.getState() as SessionState;
    if (!isStaff(auth.user?.role) || !refusedAsStaff(action)) return;
    // A read already under way is not sent again, so a page whose calls all fail asks once.
    void listenerApi.dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false }));
  },
});
