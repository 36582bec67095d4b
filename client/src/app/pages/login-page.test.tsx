import { PATHS, ROLE, type User } from '@apotheca/contract';
import { screen } from '@testing-library/react';
import { Link, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../test/browser-request';
import { json } from '../../test/json-response';
import { renderWithStore } from '../../test/render-with-store';
import LoginPage from './login-page';

const shopper: User = {
  _id: 'user-1',
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann.lee@example.com',
  ph_no: '0123456789',
  role: ROLE.user,
  created_at: '2026-01-01T00:00:00.000Z',
};

/** The browser's Back button, as a page the test can press. */
function Back() {
  const navigate = useNavigate();
  return <button onClick={() => void navigate(-1)}>Back</button>;
}

describe('LoginPage', () => {
  it('takes the place of the login form in the history: Back after logging in returns to the page before it', async () => {
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      json(200, { message: 'Logged in', token: 'token-1', role: shopper.role, user: shopper }),
    );
    const { user } = renderWithStore(
      <>
        <Routes>
          <Route path={PATHS.medicines} element={<Link to={PATHS.login}>Login/Sign Up</Link>} />
          <Route path={PATHS.login} element={<LoginPage />} />
          <Route path={PATHS.home} element={<h1>Home</h1>} />
        </Routes>
        <Back />
      </>,
      { path: PATHS.medicines },
    );
    await user.click(screen.getByRole('link', { name: 'Login/Sign Up' }));
    await user.type(await screen.findByLabelText('Email'), shopper.email);
    await user.type(screen.getByLabelText('Password'), 'Shopper@123');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByRole('heading', { name: 'Home' });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('link', { name: 'Login/Sign Up' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});
