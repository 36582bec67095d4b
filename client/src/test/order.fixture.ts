import type { Order, PrescriptionReview } from '@apotheca/contract';

/** A shopper's order of one prescription medicine, as the API answers it; `overrides` change any field. */
export const order = (overrides: Partial<Order>): Order => ({
  _id: 'order-1',
  number: 'A-100001',
  userId: { _id: 'user-1', first_name: 'Pat', last_name: 'Ient' },
  items: [
    {
      _id: 'item-1',
      medicineId: { _id: 'med-1', name: 'Insulin' },
      name: 'Insulin',
      price: 12,
      quantity: 1,
      prescriptionRequired: true,
    },
  ],
  totalPrice: 12,
  status: 'Pending',
  paymentStatus: 'Paid',
  createdAt: '2026-11-20T10:00:00.000Z',
  prescription: null,
  history: [],
  address: null,
  carrier: null,
  trackingNumber: null,
  dispatchedAt: null,
  deliveryEstimate: null,
  ...overrides,
});

/** An order's prescription as the API answers it, with its review `review` and nothing else decided. */
export const orderPrescription = (review: PrescriptionReview): NonNullable<Order['prescription']> => ({
  _id: 'rx-1',
  review,
  note: null,
  reviewedBy: null,
  reviewedAt: null,
  repeat: false,
  validUntil: null,
  repeatsLeft: null,
});
