import {
  ORDER_STATUS,
  OWN_PRESCRIPTION_ORDER_MESSAGE,
  PRESCRIPTION_REVIEW,
  REPEATS_NEED_DATE_MESSAGE,
  ROLE,
  type Order,
} from '@apotheca/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../../test/browser-request';
import { json } from '../../../test/json-response';
import { order as orderOf, orderPrescription } from '../../../test/order.fixture';
import { renderWithStore } from '../../../test/render-with-store';
import PrescriptionReviewPage from './prescription-review-page';

/** The signed-in pharmacist of renderWithStore. */
const PHARMACIST_ID = `user-${ROLE.pharmacist}`;

/** An order waiting for its prescription's review, placed by `patientId`. */
const awaitingReview = (patientId: string): Order =>
  orderOf({
    userId: { _id: patientId, first_name: 'Sam', last_name: 'Staff' },
    prescription: orderPrescription(PRESCRIPTION_REVIEW.pending),
  });

/** Serves the order, the patient's order list and the prescription's file as the API does. */
function serve(order: Order) {
  stubBrowserRequest();
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:prescription');
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const { pathname } = new URL((input as Request).url);
    if (pathname.endsWith('/file'))
      return Promise.resolve(new Response('png', { status: 200, headers: { 'content-type': 'image/png' } }));
    if (pathname.startsWith('/api/orders/single-product/')) return Promise.resolve(json(200, { order }));
    return Promise.resolve(json(200, { orders: [order], total: 1 }));
  });
}

const renderPage = () =>
  renderWithStore(
    <Routes>
      <Route path="/admin/prescriptions/:id" element={<PrescriptionReviewPage />} />
    </Routes>,
    { path: '/admin/prescriptions/order-1', signedInAs: ROLE.pharmacist },
  );

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('PrescriptionReviewPage', () => {
  it("offers a patient's prescription for approval or rejection", async () => {
    serve(awaitingReview('user-1'));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeEnabled();
    expect(screen.queryByText(OWN_PRESCRIPTION_ORDER_MESSAGE)).not.toBeInTheDocument();
  });

  it("says why instead of offering a decision on the pharmacist's own prescription order", async () => {
    serve(awaitingReview(PHARMACIST_ID));
    renderPage();
    expect(await screen.findByRole('note')).toHaveTextContent(OWN_PRESCRIPTION_ORDER_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it('keeps the repeats a pharmacist typed without a date, saying the date is needed, instead of approving none', async () => {
    serve(awaitingReview('user-1'));
    renderPage();
    const user = userEvent.setup();
    const repeats = await screen.findByLabelText('Repeats allowed');
    await user.clear(repeats);
    await user.type(repeats, '3');
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText(REPEATS_NEED_DATE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Repeats allowed')).toHaveValue(3);
    const reviews = vi
      .mocked(globalThis.fetch)
      .mock.calls.filter(([input]) => (input as Request).url.endsWith('/prescription-review'));
    expect(reviews).toEqual([]);
  });

  it('says that a canceled order waits for no review, above a decision kept should it be reopened', async () => {
    serve({ ...awaitingReview('user-1'), status: ORDER_STATUS.canceled });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(screen.getByRole('note')).toHaveTextContent(
      'The order is canceled, so it waits for no review; a decision made now stays with it if it is reopened.',
    );
  });
});
