import { ITEM_ADDED_MESSAGE, ALREADY_IN_CART_MESSAGE, ROLE } from '@apotheca/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../test/browser-request';
import { json } from '../../test/json-response';
import { medicineFixture } from '../../test/medicine.fixture';
import { renderWithStore } from '../../test/render-with-store';
import { cartItemFixture } from '../../test/cart-item.fixture';
import HomePage from './home-page';

const medicine = medicineFixture();
const pathOf = (input: unknown) => new URL((input as Request).url).pathname;

describe('HomePage', () => {
  it('adds a medicine once on a double click, its button waiting for the answer', async () => {
    stubBrowserRequest();
    let answerAdd: (response: Response) => void = () => undefined;
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      if (pathOf(input) === '/api/medicines') return Promise.resolve(json(200, { medicines: [medicine], total: 1 }));
      if (pathOf(input) === '/api/cart') return Promise.resolve(json(200, { cart: null }));
      // The add waits until the test answers it, as a slow server would.
      return new Promise<Response>((resolve) => (answerAdd = resolve));
    });
    const { user } = renderWithStore(<HomePage />, { signedInAs: ROLE.user });

    const button = await screen.findByRole('button', { name: 'Add to cart' });
    await user.dblClick(button);
    // It waits busy, not disabled: a browser drops a disabled button's focus at the page's start.
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toBeEnabled();
    answerAdd(json(201, { item: { medicineId: medicine._id, quantity: 1 } }));

    await screen.findByText(ITEM_ADDED_MESSAGE);
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    const adds = fetchMock.mock.calls.filter(([input]) => pathOf(input) === '/api/cart/add');
    expect(adds).toHaveLength(1);
    expect(screen.queryByText(ALREADY_IN_CART_MESSAGE)).toBeNull();
  });

  // On a slow connection the cart is read again well after the add's answer: a second press in between found
  // the medicine missing from the cart as last read and sent a second add, and one action raised two toasts.
  it('answers a second press from the cart the add returned, still with one toast on screen', async () => {
    stubBrowserRequest();
    const adds: string[] = [];
    let cartReads = 0;
    const line = cartItemFixture({ medicineId: { _id: medicine._id, name: medicine.name }, quantity: 1, qty: 1 });
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      if (pathOf(input) === '/api/medicines') return Promise.resolve(json(200, { medicines: [medicine], total: 1 }));
      if (pathOf(input) === '/api/cart') {
        cartReads += 1;
        // The read after the add never arrives, as on a slow connection.
        return cartReads === 1 ? Promise.resolve(json(200, { cart: null })) : new Promise<Response>(() => undefined);
      }
      adds.push(pathOf(input));
      return Promise.resolve(
        adds.length === 1
          ? json(201, { message: ITEM_ADDED_MESSAGE, cart: { _id: 'cart-1', items: [line], totalPrice: 10.99 } })
          : json(409, { message: ALREADY_IN_CART_MESSAGE }),
      );
    });
    const { user } = renderWithStore(<HomePage />, { signedInAs: ROLE.user });

    const button = await screen.findByRole('button', { name: 'Add to cart' });
    await user.click(button);
    await screen.findByText(ITEM_ADDED_MESSAGE);
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    await user.click(button);

    await screen.findByText(ALREADY_IN_CART_MESSAGE);
    expect(adds).toEqual(['/api/cart/add']);
    await waitFor(() => expect(screen.queryByText(ITEM_ADDED_MESSAGE)).toBeNull());
  });

  it("adds a second card's medicine while the first card's add is on its way, only the first card waiting", async () => {
    stubBrowserRequest();
    const second = medicineFixture({ _id: 'med-2', name: 'Ibuprofen' });
    const added: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      if (pathOf(input) === '/api/medicines') return json(200, { medicines: [medicine, second], total: 2 });
      if (pathOf(input) === '/api/cart') return json(200, { cart: null });
      added.push(((await (input as Request).json()) as { medicineId: string }).medicineId);
      // Neither add is answered: both stay on their way.
      return new Promise<Response>(() => undefined);
    });
    const { user } = renderWithStore(<HomePage />, { signedInAs: ROLE.user });

    const [firstButton, secondButton] = await screen.findAllByRole('button', { name: 'Add to cart' });
    await user.click(firstButton!);
    await waitFor(() => expect(added).toEqual([medicine._id]));
    expect(secondButton).not.toHaveAttribute('aria-disabled');
    await user.click(secondButton!);
    await waitFor(() => expect(added).toEqual([medicine._id, second._id]));
    expect(firstButton).toHaveAttribute('aria-disabled', 'true');
    expect(secondButton).toHaveAttribute('aria-disabled', 'true');
  });
});
