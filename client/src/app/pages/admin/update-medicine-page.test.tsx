import { MEDICINE_CHANGED_MESSAGE, type Medicine } from '@apotheca/contract';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../test/render-with-store';
import { medicineFixture } from '../../../test/medicine.fixture';
import UpdateMedicinePage from './update-medicine-page';

const loaded = medicineFixture({
  developedBy: 'Acme Pharma',
  stock: 10,
  imageUrl: 'https://example.com/p.png',
  version: 1,
});
// What the server holds once an order of 3 has taken stock.
const afterSale: Medicine = { ...loaded, stock: 7, version: 2 };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('UpdateMedicinePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says why a stale form was refused and reloads the medicine, so the sold units stay sold', async () => {
    // Node's Request, unlike a browser's, needs an absolute URL.
    vi.stubGlobal(
      'Request',
      class extends Request {
        constructor(input: RequestInfo | URL, init?: RequestInit) {
          super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
        }
      },
    );
    const calls: string[] = [];
    let current = loaded;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const request = input as Request;
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      if (request.method === 'PATCH') {
        current = afterSale;
        return json(409, { message: MEDICINE_CHANGED_MESSAGE });
      }
      return json(200, { medicine: current });
    });
    const { user } = renderWithStore(
      <Routes>
        <Route path="/admin/update/:id" element={<UpdateMedicinePage />} />
      </Routes>,
      { path: '/admin/update/med-1' },
    );
    const stock = await screen.findByLabelText('Stock');
    expect(stock).toHaveValue('10');

    const price = screen.getByLabelText('Price ($)');
    await user.clear(price);
    await user.type(price, '6.5');
    await user.click(screen.getByRole('button', { name: 'Update Medicine' }));

    expect(await screen.findAllByText(MEDICINE_CHANGED_MESSAGE)).not.toHaveLength(0);
    expect(calls).toEqual([
      'GET /api/medicines/med-1',
      'PATCH /api/medicines/update-medicine/med-1',
      'GET /api/medicines/med-1',
    ]);
    // The form now shows the medicine as it is, with the stock the sale left.
    await waitFor(() => expect(screen.getByLabelText('Stock')).toHaveValue('7'));
    expect(screen.getByLabelText('Price ($)')).toHaveValue('4.5');
  });
});
