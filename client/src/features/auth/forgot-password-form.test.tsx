import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { holdWrites, pressTwice } from '../../test/held-answers';
import { json } from '../../test/json-response';
import { renderWithStore } from '../../test/render-with-store';
import { ForgotPasswordForm } from './forgot-password-form';

describe('ForgotPasswordForm', () => {
  it('says so while the address is typed wrong, and toasts on an invalid submit', async () => {
    const { user } = renderWithStore(<ForgotPasswordForm />);
    await user.type(screen.getByLabelText('Email'), 'ann@example');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), '.com');
    expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
  });

  // On a slow connection a double click sent the form twice: the second came while the first was checked.
  it('sends once when Send is pressed twice before the first request is answered', async () => {
    const { sent, release } = holdWrites(() => json(200, { message: 'Sent' }));
    const { user } = renderWithStore(<ForgotPasswordForm />);
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    pressTwice(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    release();
    expect(await screen.findByText('Email sent successfully')).toBeInTheDocument();
    expect(sent).toEqual(['POST /api/auth/forgot-password']);
  });
});
