import { PATHS } from '@apotheca/contract';
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authSlice } from '../../features/auth/auth.slice';
import { renderWithStore } from '../../test/render-with-store';
import { HeaderCartLink } from './header-cart-link';
import { stubBrowserRequest } from '../../test/browser-request';
import { json } from '../../test/json-response';
import { cartItemFixture } from '../../test/cart-item.fixture';

const item = (id: string, quantity: number) =>
  cartItemFixture({
    _id: id,
    cartItemId: id,
    medicineId: { _id: `med-${id}`, name: id },
    name: id,
    price: 2,
    qty: quantity,
    quantity,
    imageUrl: '',
    developedBy: 'Acme Pharma',
    category: 'Pain Relief',
    stock: 10,
  });

describe('HeaderCartLink', () => {
  it('links to the cart with the number of units in it once signed in', async () => {
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(json(200, { cart: { _id: 'cart-1', totalPrice: 6, items: [item('a', 2), item('b', 1)] } })),
    );
    const { store } = renderWithStore(<HeaderCartLink />);
    expect(screen.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', PATHS.cart);
    act(() => {
      store.dispatch(
        authSlice.actions.loggedIn({
          _id: 'user-1',
          first_name: 'Ada',
          last_name: 'Shopper',
          email: 'ada@example.com',
          ph_no: '5550100',
          role: 'user',
          created_at: '2026-11-20T10:00:00.000Z',
        }),
      );
    });
    const link = await screen.findByRole('link', { name: 'Cart, 3 items' });
    expect(link).toHaveAttribute('href', PATHS.cart);
    expect(link).toHaveTextContent('3');
  });
});
