import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '../../test/render-with-store';
import ResetPasswordPage from './reset-password-page';

describe('ResetPasswordPage', () => {
  it('says the link is invalid when it carries no user or token', () => {
    renderWithStore(<ResetPasswordPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid link');
  });
});
