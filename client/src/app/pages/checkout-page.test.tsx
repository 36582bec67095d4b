import { maxPerOrderMessage, prescriptionNeededMessage, type Cart } from '@apotheca/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../test/render-with-store';
import CheckoutPage from './checkout-page';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const cart: Cart = {
  _id: 'cart-1',
  totalPrice: 9,
  items: [
    {
      _id: 'item-1',
      cartItemId: 'item-1',
      medicineId: { _id: 'med-1', name: 'Paracetamol' },
      name: 'Paracetamol',
      price: 4.5,
      qty: 2,
      quantity: 2,
      imageUrl: '/uploads/medicines/paracetamol-detail.webp',
      developedBy: 'Acme Pharma',
      maxMonthsExpiry: 24,
      category: 'Pain Relief',
      stock: 12,
      prescriptionRequired: false,
      maxPerOrder: null,
    },
  ],
};

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

/** Renders the checkout against a server whose add-order answers `refusal`, then pays. */
async function payAgainst(refusal: Response) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    if (path === '/api/orders/add-order') return refusal;
    if (path === '/api/cart') return json(200, { cart });
    return json(404, { message: 'Not found' });
  });
  const { user } = renderWithStore(<CheckoutPage />, { path: '/checkout' });
  await user.type(await screen.findByLabelText('Cardholder name'), 'Jane Doe');
  await user.type(screen.getByLabelText('Card number'), '123456789012');
  await user.type(screen.getByLabelText('CVV'), '123');
  await user.type(screen.getByLabelText('Expiration (MM/YY)'), `01${nextYear}`);
  await user.click(screen.getByRole('button', { name: 'Pay now' }));
}

describe('CheckoutPage', () => {
  beforeEach(() => {
    // Node's Request, unlike a browser's, needs an absolute URL.
    vi.stubGlobal(
      'Request',
      class extends Request {
        constructor(input: RequestInfo | URL, init?: RequestInit) {
          super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
        }
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    ['a shortage', 409, 'Only 1 of Paracetamol left in stock.'],
    ['a limit per order', 409, maxPerOrderMessage(1, 'Paracetamol')],
    ['a missing prescription', 400, prescriptionNeededMessage(['Paracetamol'])],
  ])('shows the server’s reason for %s', async (_reason, status, message) => {
    await payAgainst(json(status, { message }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong. Please try again.')).not.toBeInTheDocument();
  });

  it('falls back to the general failure when the server gives no reason', async () => {
    await payAgainst(json(500, {}));
    expect(await screen.findAllByText('Something went wrong. Please try again.')).not.toHaveLength(0);
  });
});
