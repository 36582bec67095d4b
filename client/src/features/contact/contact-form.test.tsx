import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '../../test/render-with-store';
import { ContactForm } from './contact-form';

describe('ContactForm', () => {
  it('requires every field', async () => {
    const { user } = renderWithStore(<ContactForm />);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Subject is required.')).toBeInTheDocument();
    expect(screen.getByText('Message is required.')).toBeInTheDocument();
  });

  it('applies the character rules and the 100-word limit', async () => {
    const { user } = renderWithStore(<ContactForm />);
    await user.type(screen.getByLabelText('Name'), 'Ann #1');
    expect(await screen.findByText('Name should not contain special characters.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Subject'), 'Order?');
    expect(await screen.findByText(/^Subject should contain only/)).toBeInTheDocument();
    const message = screen.getByLabelText('Message');
    await user.click(message);
    await user.paste(Array.from({ length: 101 }, () => 'word').join(' '));
    expect(await screen.findByText('Message must be 100 words or less.')).toBeInTheDocument();
  });
});
