import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@apotheca/contract';
import { sessionEnded } from '../../lib/api';
import { readStoredUser } from '../../lib/auth-storage';

/** Auth state: isAuth, user, and the registered and logged-in flags that send the user on. */
type AuthState = { isAuth: boolean; user: User | null; registered: boolean; loggedIn: boolean };

export const SIGNED_OUT: AuthState = { isAuth: false, user: null, registered: false, loggedIn: false };

/**
 * The session the browser kept, read once when its store is made: the user counts as logged in at
 * load if a stored user exists; the start-up check confirms it.
 */
export function storedAuthState(): AuthState {
  const user = readStoredUser();
  return user ? { ...SIGNED_OUT, isAuth: true, user, loggedIn: true } : SIGNED_OUT;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: SIGNED_OUT,
  reducers: {
    loggedIn(state, action: PayloadAction<User>) {
      state.isAuth = true;
      state.loggedIn = true;
      state.user = action.payload;
    },
    userRefreshed(state, action: PayloadAction<User>) {
      state.user = action.payload;
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
    }),
});

export const { loggedIn, userRefreshed, registered } = authSlice.actions;
