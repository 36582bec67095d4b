import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a server-rendered page (and on the server), true from the next render on.
 * What the server cannot know, such as the session kept in browser storage, waits for it, so the
 * first render in the browser is the server's HTML exactly.
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
