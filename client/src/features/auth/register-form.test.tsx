import { EMAIL_TAKEN_MESSAGE } from '@apotheca/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../test/browser-request';
import { renderWithStore } from '../../test/render-with-store';
import { RegisterForm } from './register-form';

describe('RegisterForm', () => {
  it('checks each field while the user types, with its own message', async () => {
    const { user } = renderWithStore(<RegisterForm onRegistered={vi.fn()} />);
    await user.type(screen.getByLabelText('First name'), 'Ann1');
    expect(await screen.findByText('First name should contain only letters.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Last name'), 'O-Neil');
    expect(await screen.findByText('Last name should contain only letters.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ann@');
    expect(await screen.findByText('Invalid email format.')).toBeInTheDocument();
    const password = screen.getByLabelText('Password');
    await user.type(password, 'abc');
    expect(await screen.findByText('Password must be at least 8 characters long.')).toBeInTheDocument();
    await user.type(password, 'defghi');
    expect(await screen.findByText('Password must contain at least one uppercase letter.')).toBeInTheDocument();
    await user.type(password, 'A1');
    expect(
      await screen.findByText('Password must contain at least one special character (@, $, !, %, *, ?, &).'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Phone number'), '12345');
    expect(await screen.findByText('Phone number must be exactly 10 digits.')).toBeInTheDocument();
    // Errors are announced and tied to their field.
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByRole('alert').length).toBeGreaterThanOrEqual(5);
  });

  it('shows every required message on an empty submit and sends nothing', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const onRegistered = vi.fn();
    const { user } = renderWithStore(<RegisterForm onRegistered={onRegistered} />);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('Last name is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required.')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(onRegistered).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('shows a taken e-mail at the e-mail field, takes focus there and keeps the toast', async () => {
    stubBrowserRequest();
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message: EMAIL_TAKEN_MESSAGE }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const onRegistered = vi.fn();
    const { user } = renderWithStore(<RegisterForm onRegistered={onRegistered} />);
    await user.type(screen.getByLabelText('First name'), 'Ann');
    await user.type(screen.getByLabelText('Last name'), 'Lee');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'Abcdefg1!');
    await user.type(screen.getByLabelText('Phone number'), '0123456789');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(EMAIL_TAKEN_MESSAGE);
    expect(email).toHaveFocus();
    expect(email).toHaveValue('ann@example.com');
    expect(onRegistered).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});
