import type { CartItem } from '@apotheca/contract';

/** One cart line as the cart's answer lists it, for component tests; a test overrides what it is about. */
export function cartItemFixture(overrides: Partial<CartItem> = {}): CartItem {
  return {
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
    ...overrides,
  };
}
