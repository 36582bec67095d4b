import { NOT_ADMIN_MESSAGE, PATHS, ROLE, type Role, type User } from '@apotheca/contract';
import { act, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../lib/auth-storage';
import { stubBrowserRequest } from '../test/browser-request';
import { json } from '../test/json-response';
import { renderWithStore } from '../test/render-with-store';
import { authApi } from '../features/auth/auth.api';
import { AuthBootstrap } from './auth-bootstrap';
import { RequireAdmin, RequireAuth, RequireStaff } from './guards/require-auth';

/** What another tab of the shop does to the storage both share: this tab hears of it as a storage event. */
function inAnotherTab(change: () => void) {
  change();
  act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'user', storageArea: localStorage })));
}

const cartScreen = (
  <>
    <AuthBootstrap />
    <Routes>
      <Route
        path={PATHS.cart}
        element={
          <RequireAuth>
            <h1>Your Cart</h1>
          </RequireAuth>
        }
      />
      <Route path={PATHS.login} element={<h1>Login</h1>} />
    </Routes>
  </>
);

const shopper: User = {
  _id: 'user-1',
  first_name: 'Ann',
  last_name: 'Shopper',
  email: 'ann@example.com',
  ph_no: '0123456789',
  role: ROLE.user,
  created_at: '2026-01-01T00:00:00.000Z',
};

/** This tab starts signed in as the shopper, whose token the start-up check confirms. */
function signedInTab() {
  storeSession('token-of-user-1', shopper);
  stubBrowserRequest();
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(json(200, { user: shopper })));
  return renderWithStore(cartScreen, { path: PATHS.cart });
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a session changed in another tab', () => {
  it('logs this tab out too when another tab logs out, rather than keep showing a cart it can no longer load', async () => {
    const { store } = signedInTab();
    expect(screen.getByRole('heading', { name: 'Your Cart' })).toBeInTheDocument();

    inAnotherTab(() => localStorage.clear());

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(store.getState().auth.isAuth).toBe(false);
  });

  it("follows another tab's login as someone else, so this tab never shows one person while acting as another", () => {
    const { store } = signedInTab();
    const other: User = { ...shopper, _id: 'user-2', email: 'other@example.com' };

    inAnotherTab(() => storeSession('token-of-user-2', other));

    expect(store.getState().auth.user).toEqual(other);
    expect(screen.getByRole('heading', { name: 'Your Cart' })).toBeInTheDocument();
  });
});

describe('a logout in this tab', () => {
  it('asks the server for no profile afterwards: the ended session has none, and the question only fails', async () => {
    const { store } = signedInTab();
    const profileReads = () =>
      vi.mocked(globalThis.fetch).mock.calls.filter(([input]) => (input as Request).url.endsWith('/api/auth/me'));
    await vi.waitFor(() => expect(profileReads()).toHaveLength(1));

    await act(async () => {
      await store.dispatch(authApi.endpoints.logout.initiate());
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));

    expect(store.getState().auth.isAuth).toBe(false);
    expect(profileReads()).toHaveLength(1);
  });
});

describe("a member of staff's tab looked at again", () => {
  const pharmacist: User = { ...shopper, _id: 'user-3', role: ROLE.pharmacist };

  it('reads their role again, so a pharmacist made a shopper meanwhile is no longer offered staff work', async () => {
    storeSession('token-of-user-3', pharmacist);
    stubBrowserRequest();
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(() => Promise.resolve(json(200, { user: pharmacist })))
      .mockImplementation(() => Promise.resolve(json(200, { user: { ...pharmacist, role: ROLE.user } })));
    const { store } = renderWithStore(cartScreen, { path: PATHS.cart });
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));

    act(() => void window.dispatchEvent(new Event('focus')));

    await vi.waitFor(() => expect(store.getState().auth.user?.role).toBe(ROLE.user));
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it("does not ask for a shopper's profile on each return to the tab", async () => {
    signedInTab();
    await vi.waitFor(() => expect(globalThis.fetch).toHaveBeenCalledTimes(1));

    act(() => void window.dispatchEvent(new Event('focus')));

    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
  });
});

describe('a user given a staff role since they signed in', () => {
  /** This tab starts signed in as the shopper, whom the server now holds to be `role`; it opens the staff area. */
  function staffAreaOpened(role: Role) {
    storeSession('token-of-user-1', shopper);
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(json(200, { user: { ...shopper, role } })));
    return renderWithStore(
      <>
        <AuthBootstrap />
        <Routes>
          <Route path={PATHS.home} element={<h1>Home</h1>} />
          <Route path={PATHS.adminOrders} element={<h1>Orders</h1>} />
          <Route
            path={PATHS.adminPrescriptions}
            element={
              <RequireStaff>
                <h1>Prescriptions</h1>
              </RequireStaff>
            }
          />
          <Route
            path={PATHS.adminUsers}
            element={
              <RequireStaff>
                <RequireAdmin>
                  <h1>Users</h1>
                </RequireAdmin>
              </RequireStaff>
            }
          />
        </Routes>
      </>,
      { path: role === ROLE.admin ? PATHS.adminUsers : PATHS.adminPrescriptions },
    );
  }

  // The guard judged by the role the browser kept from their login, before the start-up check had read
  // the new one: the shopper an admin had just made a pharmacist was sent home as unauthorized.
  it('lets a pharmacist into the staff area once the start-up check has read the role', async () => {
    staffAreaOpened(ROLE.pharmacist);
    expect(await screen.findByRole('heading', { name: 'Prescriptions' })).toBeInTheDocument();
    expect(screen.queryByText(NOT_ADMIN_MESSAGE)).not.toBeInTheDocument();
  });

  it('lets an admin into the pages of admins alone', async () => {
    staffAreaOpened(ROLE.admin);
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
  });
});
