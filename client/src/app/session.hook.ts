import { SIGNED_OUT } from '../features/auth/auth.slice';
import { useHydrated } from '../lib/hydration.hook';
import { useAppSelector } from './store';

/**
 * The session as a server-rendered page may show it: signed out until hydration is over, because the
 * session lives in browser storage, which the server never sees. `hydrated` says whether
 * it is known yet, so a page can keep session-dependent parts out of sight until then.
 */
export function useSession() {
  const hydrated = useHydrated();
  // The one place the app reads the session; everything else asks this hook.
  const auth = useAppSelector((state) => state.auth);
  return { ...(hydrated ? auth : SIGNED_OUT), hydrated };
}
