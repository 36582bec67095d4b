import { MEDICINE_CHANGED_MESSAGE, type Medicine } from '@apotheca/contract';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../test/render-with-store';
import { medicineFixture } from '../../../test/medicine.fixture';
import UpdateMedicinePage from './update-medicine-page';
import { stubBrowserRequest } from '../../../test/browser-request';

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
  it('keeps what the admin typed after a refused save, shows the differences in one message, and saves again', async () => {
    stubBrowserRequest();
    const calls: string[] = [];
    let current = loaded;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const request = input as Request;
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      if (request.method === 'PATCH') {
        const form = await request.formData();
        calls.push(`version ${String(form.get('version'))}, stock ${String(form.get('stock'))}`);
        // The first save was based on the form loaded before a sale took 3.
        if (current === loaded) {
          current = afterSale;
          return json(409, { message: MEDICINE_CHANGED_MESSAGE });
        }
        current = { ...current, stock: Number(form.get('stock')), price: Number(form.get('price')), version: 3 };
        return json(200, { updatedMedicine: current });
      }
      return json(200, { medicine: current });
    });
    const { user } = renderWithStore(
      <Routes>
        <Route path="/admin/update/:id" element={<UpdateMedicinePage />} />
        <Route path="/admin" element={<p>Admin home</p>} />
      </Routes>,
      { path: '/admin/update/med-1' },
    );
    const stock = await screen.findByLabelText('Stock');
    expect(stock).toHaveValue('10');
    await user.clear(stock);
    await user.type(stock, '55');
    const price = screen.getByLabelText('Price ($)');
    await user.clear(price);
    await user.type(price, '6.5');
    await user.click(screen.getByRole('button', { name: 'Update Medicine' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MEDICINE_CHANGED_MESSAGE);
    await waitFor(() => expect(alert).toHaveTextContent('Stock: yours 55, now 7'));
    expect(alert).toHaveTextContent('Price ($): yours 6.5, now 4.5');
    expect(alert).not.toHaveTextContent('Developed By');
    // One message: not a "Please try again" beside it.
    expect(screen.queryByText('Failed to update medicine. Please try again.')).not.toBeInTheDocument();
    // What the admin typed is still there.
    expect(screen.getByLabelText('Stock')).toHaveValue('55');
    expect(screen.getByLabelText('Price ($)')).toHaveValue('6.5');

    await user.click(screen.getByRole('button', { name: 'Update Medicine' }));
    expect(await screen.findByText('Admin home')).toBeInTheDocument();
    // Saved again onto the medicine as the admin saw it in the message.
    expect(calls.filter((call) => call.startsWith('version'))).toEqual(['version 1, stock 55', 'version 2, stock 55']);
  });
});
