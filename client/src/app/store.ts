import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { authSlice, storedAuthState } from '../features/auth/auth.slice';
import { api, type ServerTransport } from '../lib/api';
import { cartAcrossTabs } from './cart-across-tabs';
import { roleCheck } from './role-check.listener';

/**
 * The store; on the server it is made per rendered page, with the transport its queries go through,
 * and signed out, since the session lives in browser storage. In the browser it starts from that storage.
 */
export function createStore(server?: ServerTransport) {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, auth: authSlice.reducer },
    preloadedState: server ? undefined : { auth: storedAuthState() },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: server } }).concat(
        api.middleware,
        roleCheck.middleware,
        cartAcrossTabs.middleware,
      ),
    // The API's cache changes reach the screen at the end of the task that made them, not at the next frame:
    // a cart press writes its quantity there, and the next press is bounded by what the first one showed.
    enhancers: (getDefault) => getDefault({ autoBatch: { type: 'tick' } }),
  });
}

export type AppStore = ReturnType<typeof createStore>;
type RootState = ReturnType<AppStore['getState']>;
type AppDispatch = AppStore['dispatch'];
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
