import type { User } from '@apotheca/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authApi } from '../features/auth/auth.api';
import { loggedIn } from '../features/auth/auth.slice';
import { cartApi } from '../features/cart/cart.api';
import { readToken, storeSession } from '../lib/auth-storage';
import { createStore } from './store';
import { stubBrowserRequest } from '../test/browser-request';

const shopper = { _id: 'u1', email: 'ann@example.com', role: 'user' } as User;
const answer = (status: number, body: object) =>
  vi
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

function loggedInStore() {
  stubBrowserRequest();
  storeSession('stale-token', shopper);
  const store = createStore();
  store.dispatch(loggedIn(shopper));
  return store;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a session the server no longer takes', () => {
  it('logs the shopper out on a 401 from any call, as the start-up check does', async () => {
    const store = loggedInStore();
    answer(401, { message: 'Token expired or invalid' });
    await store.dispatch(cartApi.endpoints.getCart.initiate());
    expect(store.getState().auth).toMatchObject({ isAuth: false, user: null });
    expect(readToken()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps the session on a refused login, whose 401 means a wrong password', async () => {
    const store = loggedInStore();
    answer(401, { message: 'Invalid email or password.' });
    await store.dispatch(authApi.endpoints.login.initiate({ email: shopper.email, password: 'wrong-one' }));
    expect(store.getState().auth.isAuth).toBe(true);
    expect(readToken()).toBe('stale-token');
  });

  it('keeps the session on other refusals', async () => {
    const store = loggedInStore();
    answer(403, { message: "You're unauthorized to access this page." });
    await store.dispatch(cartApi.endpoints.getCart.initiate());
    expect(store.getState().auth.isAuth).toBe(true);
  });
});
