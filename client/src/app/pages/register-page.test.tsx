import { PATHS, ROLE, type User } from '@apotheca/contract';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../test/browser-request';
import { json } from '../../test/json-response';
import { renderWithStore } from '../../test/render-with-store';
import { PageMain } from '../layouts/page-main';
import LoginPage from './login-page';
import RegisterPage from './register-page';

const EMAIL = 'ann.lee@example.com';
const PASSWORD = 'Shopper@123';

const registeredUser: User = {
  _id: 'user-1',
  first_name: 'Ann',
  last_name: 'Lee',
  email: EMAIL,
  ph_no: '0123456789',
  role: ROLE.user,
  created_at: '2026-01-01T00:00:00.000Z',
};

const renderRegistration = () =>
  renderWithStore(
    <Routes>
      <Route element={<PageMain className="" />}>
        <Route path={PATHS.register} element={<RegisterPage />} />
        <Route path={PATHS.login} element={<LoginPage />} />
      </Route>
    </Routes>,
    { path: PATHS.register },
  );

describe('RegisterPage', () => {
  it('goes on to the login page with the e-mail just registered filled in, and never the password', async () => {
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(201, { message: 'Registered', user: registeredUser }));
    const { user } = renderRegistration();
    await user.type(screen.getByLabelText('First name'), 'Ann');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.type(screen.getByLabelText('Password'), PASSWORD);
    await user.type(screen.getByLabelText('Phone number'), '0123456789');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await screen.findByRole('heading', { name: 'Login' });
    expect(screen.getByLabelText('Email')).toHaveValue(EMAIL);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    // The password is what the patient types next: the keyboard starts there, not at the heading.
    expect(screen.getByLabelText('Password')).toHaveFocus();
    // Carried by the navigation alone: nothing of it is left in the browser's storage.
    for (const storage of [localStorage, sessionStorage]) {
      expect(Object.values({ ...storage }).join(' ')).not.toContain(EMAIL);
    }
  });

  it("leaves the focus on the login page's heading when no registration carried an e-mail to it", async () => {
    const { user } = renderRegistration();
    await user.click(screen.getByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });
});
