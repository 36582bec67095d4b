import { PRESCRIPTION_REVIEW, ROLE, type Order } from '@apotheca/contract';
import { screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../../test/browser-request';
import { json } from '../../../test/json-response';
import { order as orderOf, orderPrescription } from '../../../test/order.fixture';
import { renderWithStore } from '../../../test/render-with-store';
import PrescriptionQueuePage from './prescription-queue-page';
import PrescriptionReviewPage from './prescription-review-page';

/** The signed-in pharmacist of renderWithStore. */
const PHARMACIST_ID = `user-${ROLE.pharmacist}`;

/** An order waiting for its prescription's review, placed by `patientId`. */
const awaitingReview = (patientId: string, number: string, lastName: string): Order =>
  orderOf({
    _id: `order-${number}`,
    number,
    userId: { _id: patientId, first_name: 'Sam', last_name: lastName },
    prescription: orderPrescription(PRESCRIPTION_REVIEW.pending),
  });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('PrescriptionQueuePage', () => {
  it("offers a patient's prescription for review, and says the pharmacist's own one awaits another pharmacist", async () => {
    const orders = [awaitingReview(PHARMACIST_ID, 'A-100001', 'Staff'), awaitingReview('user-1', 'A-100002', 'Ient')];
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { orders, total: orders.length }));
    renderWithStore(<PrescriptionQueuePage />, { path: '/admin/prescriptions', signedInAs: ROLE.pharmacist });

    expect(await screen.findByRole('link', { name: 'Review the prescription of Sam Ient' })).toBeInTheDocument();
    const own = screen.getByRole('row', { name: /A-100001/ });
    expect(within(own).queryByRole('link')).not.toBeInTheDocument();
    expect(own).toHaveTextContent("Awaiting another pharmacist's review");
  });

  it('returns the pharmacist, after a review, to the queue as they left it: its search and its page', async () => {
    const order = awaitingReview('user-1', 'A-100002', 'Ient');
    stubBrowserRequest();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:prescription');
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const { pathname } = new URL((input as Request).url);
      if (pathname.endsWith('/file'))
        return Promise.resolve(new Response('png', { status: 200, headers: { 'content-type': 'image/png' } }));
      if (pathname.startsWith('/api/orders/single-product/')) return Promise.resolve(json(200, { order }));
      if (pathname.endsWith('/prescription-review')) return Promise.resolve(json(200, { order }));
      return Promise.resolve(json(200, { orders: [order], total: 20 }));
    });
    function Location() {
      const { pathname, search } = useLocation();
      return <output aria-label="Location">{pathname + search}</output>;
    }
    const { user } = renderWithStore(
      <>
        <Routes>
          <Route path="/admin/prescriptions" element={<PrescriptionQueuePage />} />
          <Route path="/admin/prescriptions/:id" element={<PrescriptionReviewPage />} />
        </Routes>
        <Location />
      </>,
      { path: '/admin/prescriptions?q=Ient&page=2', signedInAs: ROLE.pharmacist },
    );

    await user.click(await screen.findByRole('link', { name: 'Review the prescription of Sam Ient' }));
    expect(await screen.findByRole('link', { name: '← All prescriptions' })).toHaveAttribute(
      'href',
      '/admin/prescriptions?q=Ient&page=2',
    );
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('link', { name: 'Review the prescription of Sam Ient' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('/admin/prescriptions?q=Ient&page=2');
  });
});
