import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { Toaster } from 'sonner';
import { AuthBootstrap } from './app/auth-bootstrap';
import { AppRoutes } from './app/router';
import { createStore } from './app/store';
import 'sonner/dist/styles.css';
import './index.css';

const store = createStore();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <AuthBootstrap />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toaster position="top-right" richColors closeButton />
    </Provider>
  </StrictMode>,
);
