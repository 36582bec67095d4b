import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * How long `leave` waits for the next page at most. A page whose code never arrives (a connection that
 * hangs) keeps the router on the page being left, and what waits for the leaving (ending the session at
 * logout) must not wait forever: past this it goes on, on the page being left.
 */
export const LEAVE_PAGE_WAIT_MS = 3000;

/**
 * `leave(path)` goes to `path` and resolves once the router shows it, once this layout is gone
 * (the page is in another shell), or after LEAVE_PAGE_WAIT_MS. The router renders a navigation as a
 * transition, so until then the page being left is still on screen: work that page must not see, such
 * as ending the session under a page behind login, waits for it.
 */
export function useLeavePage() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const arrival = useRef<{ path: string; arrived: () => void } | null>(null);
  useEffect(() => {
    if (arrival.current?.path === pathname) arrival.current.arrived();
  }, [pathname]);
  useEffect(() => () => arrival.current?.arrived(), []);
  return async (path: string) => {
    if (path === pathname) return;
    let waited: ReturnType<typeof setTimeout> | undefined;
    const shown = new Promise<void>((arrived) => {
      arrival.current = { path, arrived };
      waited = setTimeout(arrived, LEAVE_PAGE_WAIT_MS);
    });
    await navigate(path);
    await shown;
    clearTimeout(waited);
  };
}
