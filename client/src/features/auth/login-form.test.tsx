import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../test/render-with-store';
import { LoginForm } from './login-form';

describe('LoginForm', () => {
  it('requires the email and the password', async () => {
    const { user } = renderWithStore(<LoginForm onLoggedIn={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
  });

  it('rejects an address that does not look like one', async () => {
    const { user } = renderWithStore(<LoginForm onLoggedIn={vi.fn()} />);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Invalid email format.')).toBeInTheDocument();
    expect(screen.queryByText('Password is required.')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
  });
});
