import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cartItemFixture } from '../../test/cart-item.fixture';
import { renderWithStore } from '../../test/render-with-store';
import { CartItemCard } from './cart-item-card';

const item = cartItemFixture();

describe('CartItemCard', () => {
  it("says 'Please login to remove medicine from cart' and sends nothing when no token is stored", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { user } = renderWithStore(<CartItemCard item={item} />);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Please login to remove medicine from cart')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
