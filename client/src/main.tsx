import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { AuthBootstrap } from './app/auth-bootstrap';
import { createRouter } from './app/router';
import { createStore } from './app/store';
import 'sonner/dist/styles.css';
import './index.css';

const store = createStore();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <AuthBootstrap />
      <RouterProvider router={router} />
      <Toaster position="top-right" richColors closeButton />
    </Provider>
  </StrictMode>,
);
