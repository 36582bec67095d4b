import { PATHS, ROLE, type Address } from '@apotheca/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../test/browser-request';
import { json } from '../../test/json-response';
import { renderWithStore } from '../../test/render-with-store';
import AddressesPage from './addresses-page';

const SAVED: Address = {
  _id: 'address-1',
  name: 'Ada Patient',
  phone: '0123456789',
  line1: '1 High Street',
  line2: '',
  city: 'London',
  postalCode: 'N1 1AA',
  country: 'United Kingdom',
  isDefault: true,
  createdAt: '2026-11-30T10:00:00.000Z',
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('AddressesPage', () => {
  it('keeps what the patient typed in a new address while the saved ones arrive', async () => {
    stubBrowserRequest();
    let answer!: () => void;
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      () => new Promise<Response>((resolve) => (answer = () => resolve(json(200, { addresses: [SAVED] })))),
    );
    const { user } = renderWithStore(<AddressesPage />, { path: PATHS.addresses, signedInAs: ROLE.user });

    await user.type(screen.getByLabelText('Full name'), 'Grace Hopper');
    answer();
    expect(await screen.findByText('1 High Street')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Grace Hopper');
  });

  it('starts the new-address form empty again once the address it sent is added', async () => {
    stubBrowserRequest();
    let saved: Address[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      if ((input as Request).method === 'POST') {
        saved = [SAVED];
        return Promise.resolve(json(201, { address: SAVED }));
      }
      return Promise.resolve(json(200, { addresses: saved }));
    });
    const { user } = renderWithStore(<AddressesPage />, { path: PATHS.addresses, signedInAs: ROLE.user });
    await screen.findByText('No saved addresses yet.');

    const fields: [string, string][] = [
      ['Full name', SAVED.name],
      ['Phone number', SAVED.phone],
      ['Address line 1', SAVED.line1],
      ['City', SAVED.city],
      ['Postal code', SAVED.postalCode],
      ['Country', SAVED.country],
    ];
    for (const [label, value] of fields) await user.type(screen.getByLabelText(label), value);
    await user.click(screen.getByRole('button', { name: 'Add address' }));

    expect(await screen.findByText('1 High Street')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByLabelText('Full name')).toHaveValue(''));
  });
});
