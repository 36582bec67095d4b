import { CANNOT_REACH_SHOP_MESSAGE, ROLE, type User } from '@apotheca/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../test/browser-request';
import { cartItemFixture } from '../../test/cart-item.fixture';
import { renderWithStore } from '../../test/render-with-store';
import { CartItemCard } from './cart-item-card';
import { storeSession } from '../../lib/auth-storage';

const item = cartItemFixture();
const shopper = { _id: 'user-1', email: 'pat@example.com', role: ROLE.user } as User;

describe('CartItemCard', () => {
  it("says 'Please login to remove medicine from cart' and sends nothing when no token is stored", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { user } = renderWithStore(<CartItemCard item={item} />);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Please login to remove medicine from cart')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says the shop cannot be reached when a proxy answers in the shop's place while it is down", async () => {
    stubBrowserRequest();
    // The load balancer's own page when no instance of the shop answers: HTML, not the shop's JSON.
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(
        new Response('<html><body><h1>503 Service Unavailable</h1>No server is available.</body></html>', {
          status: 503,
          headers: { 'content-type': 'text/html' },
        }),
      ),
    );
    const { user } = renderWithStore(<CartItemCard item={item} />);
    await user.click(screen.getByRole('button', { name: `Increase quantity of ${item.name}` }));
    expect(await screen.findByText(CANNOT_REACH_SHOP_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(/SyntaxError|JSON/)).toBeNull();
  });

  it('stops the plus button at the medicine’s limit per order, which the server would refuse past', () => {
    for (const [quantity, maxPerOrder, stopped] of [
      [2, 2, 'true'],
      [3, 2, 'true'],
      [2, 3, null],
    ] as const) {
      const { unmount } = renderWithStore(
        <CartItemCard item={cartItemFixture({ quantity, qty: quantity, maxPerOrder })} />,
      );
      const plus = screen.getByRole('button', { name: `Increase quantity of ${item.name}` });
      if (stopped) expect(plus, `${quantity} of at most ${maxPerOrder}`).toHaveAttribute('aria-disabled', stopped);
      else expect(plus, `${quantity} of at most ${maxPerOrder}`).not.toHaveAttribute('aria-disabled');
      unmount();
    }
  });

  it('says why the plus button stops when a line is exactly at its limit per order or its stock, and nothing otherwise', () => {
    for (const [quantity, stock, maxPerOrder, reason] of [
      [2, 10, 2, 'Limit of 2 per order reached'],
      [3, 3, null, 'All 3 in stock are in your cart'],
      [1, 1, null, 'The last one in stock is in your cart'],
      [1, 10, null, null],
    ] as const) {
      const { unmount } = renderWithStore(
        <CartItemCard item={cartItemFixture({ quantity, qty: quantity, stock, maxPerOrder })} />,
      );
      const plus = screen.getByRole('button', { name: `Increase quantity of ${item.name}` });
      if (reason) expect(plus).toHaveAccessibleDescription(reason);
      else expect(plus).not.toHaveAccessibleDescription();
      unmount();
    }
  });

  it('waits busy, not disabled, while the item is removed, and a second press sends nothing', async () => {
    stubBrowserRequest();
    storeSession('token-1', shopper);
    let removals = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => {
      removals += 1;
      // The removal is not answered: it stays on its way.
      return new Promise<Response>(() => undefined);
    });
    const { user } = renderWithStore(<CartItemCard item={item} />);

    const remove = screen.getByRole('button', { name: 'Remove' });
    await user.click(remove);
    await vi.waitFor(() => expect(removals).toBe(1));
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toBeEnabled();
    await user.click(remove);
    expect(removals).toBe(1);
  });

  it('sends none of the presses still waiting once the item is removed: the line they were for is gone', async () => {
    stubBrowserRequest();
    storeSession('token-1', shopper);
    const sent: string[] = [];
    let answerFirstStep: () => void = () => undefined;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const request = input as Request;
      sent.push(request.method);
      if (request.method === 'PATCH' && sent.length === 1)
        // The first step waits for the test, so the presses after it queue behind it.
        return new Promise<Response>((resolve) => {
          answerFirstStep = () => resolve(Response.json({ updatedItem: { ...item, quantity: 2, qty: 2 } }));
        });
      return Promise.resolve(Response.json({ message: 'done' }));
    });
    const { user } = renderWithStore(<CartItemCard item={cartItemFixture({ stock: 10 })} />);
    const plus = screen.getByRole('button', { name: `Increase quantity of ${item.name}` });
    await user.click(plus);
    await user.click(plus);
    await user.click(plus);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await vi.waitFor(() => expect(sent).toEqual(['PATCH', 'DELETE']));
    answerFirstStep();
    // The steps done, the card reads the cart again; a step still queued would have been sent before.
    await vi.waitFor(() => expect(sent).toContain('GET'));
    expect(sent.filter((method) => method === 'PATCH')).toHaveLength(1);
  });
});
