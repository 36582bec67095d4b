import { ITEM_ADDED_MESSAGE, ALREADY_IN_CART_MESSAGE, ROLE } from '@apotheca/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../test/browser-request';
import { json } from '../../test/json-response';
import { medicineFixture } from '../../test/medicine.fixture';
import { renderWithStore } from '../../test/render-with-store';
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
