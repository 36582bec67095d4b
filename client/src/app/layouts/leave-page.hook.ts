import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * `leave(path)` goes to `path` and resolves once the router shows it, or once this layout is gone
 * (the page is in another shell). The router renders a navigation as a transition, so until then the
 * page being left is still on screen: work that page must not see, such as ending the session under a
 * page behind login, waits for it.
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
    const shown = new Promise<void>((arrived) => (arrival.current = { path, arrived }));
    await navigate(path);
    await shown;
  };
}
