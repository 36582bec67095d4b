import { PRESCRIPTION_REVIEW, type Order, type PrescriptionReview } from '@apotheca/contract';
import { vi } from 'vitest';
import { stubBrowserRequest } from './browser-request';
import { json } from './json-response';

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
  recallHold: null,
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

/** An order waiting for its prescription's review, placed by Sam Staff, `patientId`. */
export const awaitingReview = (patientId: string, overrides: Partial<Order> = {}): Order =>
  order({
    userId: { _id: patientId, first_name: 'Sam', last_name: 'Staff' },
    prescription: orderPrescription(PRESCRIPTION_REVIEW.pending),
    ...overrides,
  });

/**
 * Serves `reviewed` as the API does to the review page: the order, its decision, the prescription's
 * file and, for any list, `listed` (the patient's orders, or the queue) out of `total`.
 */
export function serveReview(
  reviewed: Order,
  { listed = [reviewed], total = listed.length }: { listed?: Order[]; total?: number } = {},
) {
  stubBrowserRequest();
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:prescription');
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const { pathname } = new URL((input as Request).url);
    if (pathname.endsWith('/file'))
      return Promise.resolve(new Response('png', { status: 200, headers: { 'content-type': 'image/png' } }));
    if (pathname.startsWith('/api/orders/single-product/') || pathname.endsWith('/prescription-review'))
      return Promise.resolve(json(200, { order: reviewed }));
    return Promise.resolve(json(200, { orders: listed, total }));
  });
}
