import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@apotheca/contract';
import { sessionEnded } from '../../lib/api';
import { readStoredUser, readToken } from '../../lib/auth-storage';

/**
 * Auth state: isAuth, user, the registered and logged-in flags that send the user on, and whether the
 * user's role is the server's (`confirmed`): not yet for a session kept from an earlier visit, whose
 * role an admin may have changed since, until the start-up check has read the profile.
 */
type AuthState = { isAuth: boolean; user: User | null; registered: boolean; loggedIn: boolean; confirmed: boolean };

export const SIGNED_OUT: AuthState = { isAuth: false, user: null, registered: false, loggedIn: false, confirmed: true };

/**
 * The session the browser kept, read once when its store is made: the user counts as logged in at
 * load if a stored user exists; the start-up check confirms it (a stored token is what it checks).
 */
export function storedAuthState(): AuthState {
  const user = readStoredUser();
  return user ? { ...SIGNED_OUT, isAuth: true, user, loggedIn: true, confirmed: readToken() === null } : SIGNED_OUT;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: SIGNED_OUT,
  reducers: {
    loggedIn(state, action: PayloadAction<User>) {
      state.isAuth = true;
      state.loggedIn = true;
      state.user = action.payload;
      state.confirmed = true;
    },
    userRefreshed(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.confirmed = true;
    },
    registered(state, action: PayloadAction<boolean>) {
      state.registered = action.payload;
    },
  },
  // However it ends (logout, the start-up check, a 401 on any later call), the session ends the same way.
  extraReducers: (builder) =>
    builder.addCase(sessionEnded, (state) => {
      state.isAuth = false;
      state.loggedIn = false;
      state.user = null;
      state.confirmed = true;
    }),
});

export const { loggedIn, userRefreshed, registered } = authSlice.actions;
