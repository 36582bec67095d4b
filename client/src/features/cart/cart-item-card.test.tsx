import type { CartItem } from '@apotheca/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../test/render-with-store';
import { CartItemCard } from './cart-item-card';

const item: CartItem = {
  _id: 'item-1',
  cartItemId: 'item-1',
  medicineId: { _id: 'med-1', name: 'Amoxicillin' },
  name: 'Amoxicillin',
  price: 10.99,
  qty: 2,
  quantity: 2,
  imageUrl: '/uploads/medicines/amoxicillin-detail.webp',
  developedBy: 'Pfizer',
  maxMonthsExpiry: 24,
  category: 'Antibiotic',
  stock: 5,
  prescriptionRequired: false,
  maxPerOrder: null,
};

describe('CartItemCard', () => {
  it("says 'Please login to remove medicine from cart' and sends nothing when no token is stored", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { user } = renderWithStore(<CartItemCard item={item} />);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Please login to remove medicine from cart')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});
