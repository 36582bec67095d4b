import { lazy, Suspense, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/app-providers';
import { AppRoutes, preloadRoute } from './app/router';
import { createStore } from './app/store';
import { readServerState, serverStateLoaded } from './lib/api';
import { onFirstToast } from './lib/toast';

// The toaster comes with the first toast (lib/toast.ts), in a root of its own so that a server-rendered
// page hydrates exactly the markup the server sent.
const AppToaster = lazy(() => import('./components/ui/app-toaster'));

/** Marks the page as live (`<html data-hydrated>`): its controls answer from now on. */
function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

const store = createStore();
const app = (
  <AppProviders store={store}>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
    <MarkHydrated />
  </AppProviders>
);

const container = document.getElementById('root')!;
const serverState = readServerState(document);
if (serverState) {
  store.dispatch(serverStateLoaded(serverState));
  // With the page's chunk in hand, hydration is one pass: nothing suspends and nothing is drawn twice.
  await preloadRoute(window.location.pathname);
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}

onFirstToast(() =>
  createRoot(document.body.appendChild(document.createElement('div'))).render(
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>,
  ),
);
