import { StrictMode, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AuthBootstrap } from './auth-bootstrap';
import { CartAcrossTabs } from './cart-across-tabs';
import type { AppStore } from './store';

/** What every render of the app sits in, in the browser (main.tsx) and on the server (entry-server.tsx). */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <AuthBootstrap />
        <CartAcrossTabs />
        {children}
      </Provider>
    </StrictMode>
  );
}
