import { PATHS, ROLE } from '@apotheca/contract';
import { screen, within } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../test/browser-request';
import { json } from '../../test/json-response';
import { renderWithStore } from '../../test/render-with-store';
import { RequireStaff } from '../guards/require-auth';
import { LoginPage } from '../login-page.lazy';
import AdminLayout from './admin-layout';

describe('AdminLayout', () => {
  // Staff who log out left on purpose: the staff guard's "Please Login !!" notice is for someone who
  // arrives without a session, not for the one who just ended theirs.
  it('logs out to the login page without telling the member of staff to log in', async () => {
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(json(200, { message: 'Logged out' })));
    const { user, store } = renderWithStore(
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
        <Route path={PATHS.login} element={<LoginPage />} />
      </Routes>,
      { signedInAs: ROLE.admin },
    );
    // The session starts once the page is shown (renderWithStore), so the staff area is reached by a link.
    await user.click(screen.getByRole('link', { name: 'Staff area' }));
    await screen.findByRole('heading', { name: 'Dashboard' });
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    await vi.waitFor(() => expect(store.getState().auth.isAuth).toBe(false));
    expect(screen.queryByText(/You need to login first/)).not.toBeInTheDocument();
  });
});
