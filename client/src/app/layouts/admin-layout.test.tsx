import { PATHS, ROLE } from '@apotheca/contract';
import { screen, within } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { latePage } from '../../test/late-page';
import { renderWithStore } from '../../test/render-with-store';
import { serveLogout } from '../../test/serve-logout';
import { RequireStaff } from '../guards/require-auth';
import { LoginPage } from '../login-page.lazy';
import AdminLayout from './admin-layout';
import { BareLayout } from './bare-layout';
import { LEAVE_PAGE_WAIT_MS } from './leave-page.hook';

/**
 * The staff area behind its guard, reached from the home page, and the login page `login` in its
 * shell, as the router has them.
 */
const staffAreaWithLogin = (login: ReactElement) => (
  <Routes>
    <Route path={PATHS.home} element={<Link to={PATHS.admin}>Staff area</Link>} />
    <Route
      element={
        <RequireStaff>
          <AdminLayout />
        </RequireStaff>
      }
    >
      <Route path={PATHS.admin} element={<h1>Dashboard</h1>} />
    </Route>
    <Route element={<BareLayout />}>
      <Route path={PATHS.login} element={login} />
    </Route>
  </Routes>
);

// The session starts once the page is shown (renderWithStore), so the staff area is reached by a link.
const openStaffArea = async (user: ReturnType<typeof renderWithStore>['user']) => {
  await user.click(screen.getByRole('link', { name: 'Staff area' }));
  await screen.findByRole('heading', { name: 'Dashboard' });
};

describe('AdminLayout', () => {
  // Staff who log out left on purpose: the staff guard's "Please Login !!" notice is for someone who
  // arrives without a session, not for the one who just ended theirs.
  it('logs out to the login page without telling the member of staff to log in', async () => {
    serveLogout();
    const { user, store } = renderWithStore(staffAreaWithLogin(<LoginPage />), { signedInAs: ROLE.admin });
    await openStaffArea(user);
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await vi.waitFor(() => expect(store.getState().auth.isAuth).toBe(false));
    expect(screen.queryByText(/You need to login first/)).not.toBeInTheDocument();
  });

  // The login page's code comes late: the router shows its shell (a spinner) at once, so the staff area
  // and its guard are gone before the session ends, as when it comes at once.
  it('logs out to the login page without the login notice when its code arrives only after the session ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      serveLogout();
      const login = latePage('Login');
      const { user, store } = renderWithStore(staffAreaWithLogin(<login.Page />), { signedInAs: ROLE.admin });
      await openStaffArea(user);
      await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log Out' }));
      await vi.advanceTimersByTimeAsync(LEAVE_PAGE_WAIT_MS);
      await vi.waitFor(() => expect(store.getState().auth.isAuth).toBe(false));
      await login.arrive();
      expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
      expect(screen.queryByText(/You need to login first/)).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
