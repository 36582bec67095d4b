import { PATHS, PASSWORD_RESET_MESSAGE, resetPasswordPath } from '@apotheca/contract';
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../test/browser-request';
import { json } from '../../test/json-response';
import { renderWithStore } from '../../test/render-with-store';
import { LoginPage } from '../login-page.lazy';
import ResetPasswordPage from './reset-password-page';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Where the router is, to check what the address bar would show. */
function WhereAmI() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

describe('ResetPasswordPage', () => {
  it('says the link is invalid when it carries no user or token', () => {
    renderWithStore(<ResetPasswordPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid link');
  });

  it('leads to the login page with the account’s e-mail filled in, never the password, and none of it in the address', async () => {
    stubBrowserRequest();
    const email = 'pat@example.com';
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) =>
      Promise.resolve(
        new URL((input as Request).url).pathname.includes('/validate-token/')
          ? json(200, { status: true })
          : json(200, { message: PASSWORD_RESET_MESSAGE, email }),
      ),
    );
    const { user } = renderWithStore(
      <>
        <Routes>
          <Route path={PATHS.resetPassword} element={<ResetPasswordPage />} />
          <Route path={PATHS.login} element={<LoginPage />} />
        </Routes>
        <WhereAmI />
      </>,
      { path: resetPasswordPath('user-1', 'token-1') },
    );
    await user.type(await screen.findByLabelText('New password'), 'Changed@2026');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(email);
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByTestId('where')).toHaveTextContent(new RegExp(`^${PATHS.login}$`));
  });
});
