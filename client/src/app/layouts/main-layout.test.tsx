import { LOGGED_OUT_MESSAGE, PATHS, ROLE } from '@apotheca/contract';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { ReactElement } from 'react';
import { describe, expect, it, vi, type MockInstance } from 'vitest';
import { latePage } from '../../test/late-page';
import { renderWithStore } from '../../test/render-with-store';
import { serveLogout } from '../../test/serve-logout';
import { RequireAuth } from '../guards/require-auth';
import { LoginPage } from '../login-page.lazy';
import { lazyPage } from '../lazy-page';
import { BareLayout } from './bare-layout';
import { LEAVE_PAGE_WAIT_MS } from './leave-page.hook';
import { MainLayout } from './main-layout';

// The session starts once the page is shown (renderWithStore), so the cart is reached by its link.
const openCart = async (user: ReturnType<typeof renderWithStore>['user']) => {
  await user.click(within(screen.getByRole('banner')).getAllByRole('link', { name: /Cart/ })[0]!);
  expect(await screen.findByRole('heading', { name: 'Your Cart' })).toBeInTheDocument();
};

describe('MainLayout', () => {
  it('keeps focus in the header after a logout from the phone menu on the home page, not lost at the document start', async () => {
    serveLogout();
    const { user } = renderWithStore(
      <Routes>
        <Route element={<MainLayout />}>
          <Route path={PATHS.home} element={<h1>Your trusted online pharmacy</h1>} />
        </Route>
      </Routes>,
      { signedInAs: ROLE.user },
    );
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(document.getElementById('mobile-menu')!).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText(LOGGED_OUT_MESSAGE)).toBeInTheDocument();
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' }));
  });

  // A patient who logs out from their cart left it on purpose: the guard's "Please Login !!" notice is
  // for someone who arrives without a session, not for the one who just ended theirs. The login page
  // is the app's own lazy one: while its chunk loads, the cart stays on screen.
  const cartWithLogin = (
    <Routes>
      <Route element={<MainLayout />}>
        <Route path={PATHS.home} element={<h1>Your trusted online pharmacy</h1>} />
        <Route path={PATHS.cart} element={<RequireAuth>{<h1>Your Cart</h1>}</RequireAuth>} />
      </Route>
      <Route path={PATHS.login} element={<LoginPage />} />
    </Routes>
  );

  it('logs out from a page behind login to the login page without telling the patient to log in', async () => {
    serveLogout();
    const { user, store } = renderWithStore(cartWithLogin, { signedInAs: ROLE.user });
    await openCart(user);
    await user.click(within(screen.getByRole('banner')).getAllByRole('button', { name: 'Log Out' })[0]!);
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await vi.waitFor(() => expect(store.getState().auth.isAuth).toBe(false));
    expect(screen.queryByText(/You need to login first/)).not.toBeInTheDocument();
  });

  it('logs out from the phone menu on a page behind login to the home page with only the logged-out toast', async () => {
    serveLogout();
    const { user } = renderWithStore(cartWithLogin, { signedInAs: ROLE.user });
    await openCart(user);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(document.getElementById('mobile-menu')!).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText(LOGGED_OUT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your trusted online pharmacy' })).toBeInTheDocument();
    expect(screen.queryByText(/You need to login first/)).not.toBeInTheDocument();
  });
});

describe('MainLayout logout when the next page cannot load', () => {
  // The login page in the bare shell, as the router has it, but its chunk never arrives (a connection that
  // hangs) or fails (offline): the session must end all the same, here and at the shop.
  const NeverLoads = lazyPage(() => new Promise<never>(() => undefined));
  const FailsToLoad = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
  const shopWithLogin = (login: ReactElement) => (
    <Routes>
      <Route element={<MainLayout />}>
        <Route path={PATHS.home} element={<h1>Your trusted online pharmacy</h1>} />
        <Route path={PATHS.cart} element={<RequireAuth>{<h1>Your Cart</h1>}</RequireAuth>} />
      </Route>
      <Route element={<BareLayout />}>
        <Route path={PATHS.login} element={login} />
      </Route>
    </Routes>
  );
  const logoutsSent = (fetch: MockInstance<typeof globalThis.fetch>) =>
    fetch.mock.calls.filter(([input]) => new URL((input as Request).url).pathname.endsWith('/auth/logout')).length;

  // The login page is in another shell than the cart: the router shows that shell (its spinner) at once,
  // so the cart and its guard are gone before the session ends, and the guard's notice for someone
  // arriving without a session never greets the patient who just logged out.
  it('ends the session here and at the shop while the login page’s code has not arrived, and lands there without the login notice once it does', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetch = serveLogout();
      const login = latePage('Login');
      const { user, store } = renderWithStore(shopWithLogin(<login.Page />), { signedInAs: ROLE.user });
      await openCart(user);
      await user.click(within(screen.getByRole('banner')).getAllByRole('button', { name: 'Log Out' })[0]!);
      await vi.advanceTimersByTimeAsync(LEAVE_PAGE_WAIT_MS);
      await vi.waitFor(() => expect(store.getState().auth.isAuth).toBe(false));
      expect(logoutsSent(fetch)).toBe(1);
      await login.arrive();
      expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
      expect(screen.queryByText(/You need to login first/)).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends the session here and at the shop when the page a phone’s logout goes to never arrives, in the same shell', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const fetch = serveLogout();
      // The shell's main region already shows a page, so the router keeps it on screen while the next loads.
      const { user, store } = renderWithStore(
        <Routes>
          <Route element={<MainLayout />}>
            <Route path={PATHS.home} element={<NeverLoads />} />
            <Route path={PATHS.medicines} element={<h1>Medicines</h1>} />
          </Route>
        </Routes>,
        { path: PATHS.medicines, signedInAs: ROLE.user },
      );
      await user.click(screen.getByRole('button', { name: 'Open menu' }));
      await user.click(within(document.getElementById('mobile-menu')!).getByRole('button', { name: 'Log Out' }));
      await vi.advanceTimersByTimeAsync(LEAVE_PAGE_WAIT_MS);
      await vi.waitFor(() => expect(store.getState().auth.isAuth).toBe(false));
      expect(logoutsSent(fetch)).toBe(1);
      expect(await screen.findByText(LOGGED_OUT_MESSAGE)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends the session and shows the page’s error in the shell when the login page’s code fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fetch = serveLogout();
    const { user, store } = renderWithStore(shopWithLogin(<FailsToLoad />), { signedInAs: ROLE.user });
    await openCart(user);
    await user.click(within(screen.getByRole('banner')).getAllByRole('button', { name: 'Log Out' })[0]!);
    expect(await screen.findByRole('heading', { name: 'This page could not be shown' })).toBeInTheDocument();
    await vi.waitFor(() => expect(store.getState().auth.isAuth).toBe(false));
    expect(logoutsSent(fetch)).toBe(1);
  });
});
