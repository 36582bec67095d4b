import { useEffect, useState } from 'react';
import { useMeQuery } from '../features/auth/auth.api';
import { loggedIn } from '../features/auth/auth.slice';
import { api, sessionEnded } from '../lib/api';
import { onStoredSessionChange, readStoredUser, readToken } from '../lib/auth-storage';
import { useSession } from './session.hook';
import { useAppDispatch } from './store';

/**
 * On app start, a stored token fetches the profile; a failure logs the user out, so no screen trusts a dead session.
 * Later, a login or logout in another tab is followed here: every call reads the token the tabs share,
 * so a tab left showing the old session would act as someone else, or as no one, while showing them.
 */
export function AuthBootstrap() {
  const [tokenAtStart] = useState(() => readToken() !== null);
  const dispatch = useAppDispatch();
  const signedInAs = useSession().user?._id;
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
  return null;
}
