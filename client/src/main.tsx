import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { AuthBootstrap } from './app/auth-bootstrap';
import { AppRoutes } from './app/router';
import { createStore } from './app/store';
import './index.css';

// Toasts are never part of the first paint: sonner arrives after it (lib/toast.ts).
const AppToaster = lazy(() => import('./components/ui/app-toaster'));

const store = createStore();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <AuthBootstrap />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Suspense fallback={null}>
        <AppToaster />
      </Suspense>
    </Provider>
  </StrictMode>,
);
