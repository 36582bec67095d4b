import { startTransition, useEffect, useState } from 'react';

let hydrating = false;
/** Components hydrated with `false` that switch to `true` once the whole page has hydrated. */
const waiting = new Set<() => void>();

/** main.tsx, before hydrating a server-rendered page: its first render must be the server's markup. */
export const hydrationStarts = (): void => {
  hydrating = true;
};

/**
 * The page's last part has hydrated (app/route-outlet.tsx: the page, inside its layout's Suspense
 * boundary, hydrates after the shell). Everything waiting re-renders as one transition, which yields
 * to the browser, so no long task stands before the first tap.
 */
export function hydrationEnds(): void {
  if (!hydrating) return;
  hydrating = false;
  startTransition(() => {
    for (const flip of waiting) flip();
  });
  waiting.clear();
}

/**
 * False while React hydrates a server-rendered page (and on the server), true from the next render on.
 * What the server cannot know, such as the session kept in browser storage, waits for it, so the
 * first render in the browser is the server's HTML exactly. Anything mounted later, or on a page the
 * browser renders alone, starts at true.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !hydrating);
  useEffect(() => {
    if (hydrated) return;
    const flip = () => setHydrated(true);
    if (!hydrating) {
      startTransition(flip);
      return;
    }
    waiting.add(flip);
    return () => void waiting.delete(flip);
  }, [hydrated]);
  return hydrated;
}
