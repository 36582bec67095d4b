import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
