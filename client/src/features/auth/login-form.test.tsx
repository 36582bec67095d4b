import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { holdWrites, pressTwice } from '../../test/held-answers';
import { json } from '../../test/json-response';
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

  it('logs in once when Login is pressed twice before the first attempt is answered', async () => {
    const { sent, release } = holdWrites(() => json(401, { message: 'Invalid email or password' }));
    const { user } = renderWithStore(<LoginForm onLoggedIn={vi.fn()} />);
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'Secret1!');
    pressTwice(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    release();
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(sent).toEqual(['POST /api/auth/login']);
  });
});
