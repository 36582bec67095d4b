import { BATCH_STATE, MEDICINE_CHANGED_MESSAGE, ROLE, type ListedBatch, type Medicine } from '@apotheca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../../test/browser-request';
import { renderWithStore } from '../../../test/render-with-store';
import { medicineFixture } from '../../../test/medicine.fixture';
import UpdateMedicinePage from './update-medicine-page';
import { json } from '../../../test/json-response';

const loaded = medicineFixture({
  developedBy: 'Acme Pharma',
  stock: 10,
  imageUrl: 'https://example.com/p.png',
  version: 1,
});
// What the server holds once an order of 3 has taken stock.
const afterSale: Medicine = { ...loaded, stock: 7, version: 2 };

function renderPage() {
  const view = renderWithStore(
    <Routes>
      <Route path="/admin/update/:id" element={<UpdateMedicinePage />} />
      <Route path="/admin" element={<p>Admin home</p>} />
    </Routes>,
    { path: '/admin/update/med-1', signedInAs: ROLE.admin },
  );
  return view;
}

/**
 * A server holding the medicine and its batches: a delivery adds to the stock and raises the version,
 * as the server's batches do, and a save is refused (409) unless based on the current version.
 * Returns the saves it was sent.
 */
function serveMedicineWithBatches() {
  const saves: string[] = [];
  let medicine = loaded;
  const batches: ListedBatch[] = [];
  stubBrowserRequest();
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const { pathname } = new URL(request.url);
    if (request.method === 'POST' && pathname.endsWith('/batches')) {
      const { lot, expiresOn, quantity } = (await request.json()) as {
        lot: string;
        expiresOn: string;
        quantity: number;
      };
      const batch: ListedBatch = {
        _id: `batch-${lot}`,
        lot,
        expiresOn,
        quantity,
        receivedOn: '2026-11-27',
        recalledAt: null,
        writtenOffAt: null,
        state: BATCH_STATE.sellable,
      };
      batches.push(batch);
      medicine = { ...medicine, stock: medicine.stock + quantity, version: medicine.version + 1 };
      return json(201, { batch });
    }
    if (request.method === 'PATCH') {
      const form = await request.formData();
      saves.push(
        `version ${form.get('version') as string}, stock ${form.get('stock') as string}, price ${form.get('price') as string}`,
      );
      if (Number(form.get('version')) !== medicine.version) return json(409, { message: MEDICINE_CHANGED_MESSAGE });
      medicine = { ...medicine, price: Number(form.get('price')), version: medicine.version + 1 };
      return json(200, { updatedMedicine: medicine });
    }
    if (pathname.endsWith('/batches')) return json(200, { batches });
    return json(200, { medicine });
  });
  return saves;
}

async function addBatch(user: ReturnType<typeof renderPage>['user'], quantity: string) {
  const form = await screen.findByRole('form', { name: 'Add a batch' });
  await user.type(within(form).getByLabelText('Lot number'), 'NEW-1');
  await user.type(within(form).getByLabelText('Expiry date'), '2099-05-01');
  await user.type(within(form).getByLabelText('Quantity'), quantity);
  await user.click(within(form).getByRole('button', { name: 'Add batch' }));
  expect(await screen.findByRole('rowheader', { name: /^NEW-1/ })).toBeInTheDocument();
}

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
        calls.push(`version ${form.get('version') as string}, stock ${form.get('stock') as string}`);
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

  it('shows the stock a batch added on the page, and saves onto it with no conflict', async () => {
    const saves = serveMedicineWithBatches();
    const { user } = renderPage();
    expect(await screen.findByLabelText('Stock')).toHaveValue('10');
    await addBatch(user, '5');
    await waitFor(() => expect(screen.getByLabelText('Stock')).toHaveValue('15'));

    await user.click(screen.getByRole('button', { name: 'Update Medicine' }));
    expect(await screen.findByText('Admin home')).toBeInTheDocument();
    expect(saves).toEqual(['version 2, stock 15, price 4.5']);
  });

  it('keeps an edit typed before a batch was added, and saves it with the new stock and version', async () => {
    const saves = serveMedicineWithBatches();
    const { user } = renderPage();
    const price = await screen.findByLabelText('Price ($)');
    await user.clear(price);
    await user.type(price, '6.5');
    await addBatch(user, '5');
    await waitFor(() => expect(screen.getByLabelText('Stock')).toHaveValue('15'));
    expect(screen.getByLabelText('Price ($)')).toHaveValue('6.5');

    await user.click(screen.getByRole('button', { name: 'Update Medicine' }));
    expect(await screen.findByText('Admin home')).toBeInTheDocument();
    expect(screen.queryByText(MEDICINE_CHANGED_MESSAGE)).not.toBeInTheDocument();
    expect(saves).toEqual(['version 2, stock 15, price 6.5']);
  });
});
