import type { User } from '@apotheca/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readToken, storeSession } from '../../lib/auth-storage';
import { renderWithStore } from '../../test/render-with-store';
import { PrescriptionFile } from './prescription-file';

const pharmacist = { _id: 'u1', email: 'pat@example.com', role: 'pharmacist' } as User;
// The API client asks for '/api/…' as a browser would; Node's Request needs an origin to resolve it.
class BrowserRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
  }
}

function signedIn() {
  vi.stubGlobal('Request', BrowserRequest);
  storeSession('a-token', pharmacist);
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('PrescriptionFile', () => {
  it('shows the image the API sends, fetched with the bearer token', async () => {
    signedIn();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:prescription');
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response(new Blob(['png'], { type: 'image/png' }), { status: 200 }));
    renderWithStore(<PrescriptionFile id="rx-1" />);
    expect(await screen.findByRole('img', { name: 'Prescription' })).toHaveAttribute('src', 'blob:prescription');
    const request = fetch.mock.calls[0]![0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/prescriptions/rx-1/file');
    expect(request.headers.get('authorization')).toBe('Bearer a-token');
  });

  it('offers a link that saves a PDF, so it can be opened where the browser shows no PDF in the page', async () => {
    signedIn();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:prescription');
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response('%PDF-1.4', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    renderWithStore(<PrescriptionFile id="rx-1" />);
    const link = await screen.findByRole('link', { name: 'Download the prescription (PDF)' });
    expect(link).toHaveAttribute('href', 'blob:prescription');
    expect(link).toHaveAttribute('download', 'prescription.pdf');
    expect(screen.getByTitle('Prescription (PDF)')).toHaveAttribute('src', 'blob:prescription');
  });

  it('ends the session when the server no longer takes the token', async () => {
    signedIn();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ message: 'Token expired or invalid' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
    );
    const { store } = renderWithStore(<PrescriptionFile id="rx-1" />);
    expect(await screen.findByText('The prescription could not be loaded.')).toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ isAuth: false, user: null, loggedIn: false });
    expect(readToken()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });
});
