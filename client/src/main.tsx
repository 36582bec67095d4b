import { lazy, startTransition, Suspense, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/app-providers';
import { AppRoutes, preloadRoute } from './app/router';
import { createStore } from './app/store';
import { readServerState, serverStateLoaded } from './lib/api';
import { replayEarlyActions } from './lib/early-input';
import { hydrationStarts, useHydrated } from './lib/hydration.hook';
import { onFirstToast } from './lib/toast';

// The toaster comes with the first toast (lib/toast.ts), in a root of its own so that a server-rendered
// page hydrates exactly the markup the server sent.
const AppToaster = lazy(() => import('./components/ui/app-toaster'));

/**
 * Marks the page as live (`<html data-hydrated>`): its controls answer from now on, and the taps kept
 * before (lib/early-input.ts) are carried out. It waits for the render after hydration, in which the
 * session from browser storage is known.
 */
function MarkHydrated() {
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    document.documentElement.dataset.hydrated = 'true';
    replayEarlyActions();
  }, [hydrated]);
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
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page: a tap meanwhile is answered (lib/early-input.ts) and no task is long.
  hydrationStarts();
  startTransition(() => {
    hydrateRoot(container, app);
  });
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
