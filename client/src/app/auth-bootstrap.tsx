import { useEffect, useState } from 'react';
import { isStaff } from '@apotheca/contract';
import { authApi, useMeQuery } from '../features/auth/auth.api';
import { loggedIn } from '../features/auth/auth.slice';
import { api, sessionEnded } from '../lib/api';
import { onStoredSessionChange, readStoredUser, readToken } from '../lib/auth-storage';
import { useSession } from './session.hook';
import { useAppDispatch } from './store';

/**
 * On app start, a stored token fetches the profile; a failure logs the user out, so no screen trusts a dead session.
 * Later, a login or logout in another tab is followed here: every call reads the token the tabs share,
 * so a tab left showing the old session would act as someone else, or as no one, while showing them.
 * A member of staff's profile is read again whenever the tab is looked at again: an admin may have changed
 * their role meanwhile, and a screen left open should not go on offering staff work the server now refuses.
 */
export function AuthBootstrap() {
  const [tokenAtStart] = useState(() => readToken() !== null);
  const dispatch = useAppDispatch();
  const { user } = useSession();
  const signedInAs = user?._id;
  const staff = isStaff(user?.role);
  // Once the session has ended (its token gone: this renders again as the session changes), the check is
  // over too: a logout resets the API's cache, which would otherwise ask again, tokenless, for a profile
  // the server can only refuse.
  useMeQuery(undefined, { skip: !tokenAtStart || readToken() === null });
  useEffect(
    () =>
      onStoredSessionChange(() => {
        const stored = readStoredUser();
        // The same person (another tab refreshed their profile, or is halfway through storing or clearing).
        if (stored?._id === signedInAs) return;
        // What was read for the previous person (their cart, their orders) is not the new one's.
        dispatch(api.util.resetApiState());
        dispatch(stored && readToken() ? loggedIn(stored) : sessionEnded());
      }),
    [dispatch, signedInAs],
  );
  useEffect(() => {
    if (!staff) return;
    // A read already under way is not sent again, so the focus and visibility of one return ask once.
    const readRoleAgain = () => {
      if (document.visibilityState === 'visible')
        void dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false }));
    };
    document.addEventListener('visibilitychange', readRoleAgain);
    window.addEventListener('focus', readRoleAgain);
    return () => {
      document.removeEventListener('visibilitychange', readRoleAgain);
      window.removeEventListener('focus', readRoleAgain);
    };
  }, [dispatch, staff]);
  return null;
}
