import { screen } from '@testing-library/react';
import type { ContactConfig } from '@apotheca/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../test/browser-request';
import { json } from '../../test/json-response';
import { renderWithStore } from '../../test/render-with-store';
import { ContactForm } from './contact-form';

describe('ContactForm', () => {
  // The form asks where to post on mount: the shop's own endpoint, as without a third-party service.
  const config: ContactConfig = { formUrl: null, accessKey: null };
  beforeEach(() => {
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(json(200, config)));
  });

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
