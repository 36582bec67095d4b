import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { replayEarlyActions } from '../lib/early-input';
import { useHydrated } from '../lib/hydration.hook';
import { AppProviders } from './app-providers';
import { AppRoutes } from './router';
import type { AppStore } from './store';

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

/** The whole app in the browser: what main.tsx hydrates or renders. */
export function App({ store }: { store: AppStore }) {
  return (
    <AppProviders store={store}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <MarkHydrated />
    </AppProviders>
  );
}
