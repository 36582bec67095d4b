import { PATHS, PRESCRIPTION_REVIEW, ROLE, SHORT_ORDER_NUMBER_HINT } from '@apotheca/contract';
import { screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../../test/browser-request';
import { json } from '../../../test/json-response';
import { awaitingReview, orderPrescription, serveReview } from '../../../test/order.fixture';
import { renderWithStore, signedInUserId } from '../../../test/render-with-store';
import PrescriptionQueuePage from './prescription-queue-page';
import PrescriptionReviewPage from './prescription-review-page';

const PHARMACIST_ID = signedInUserId(ROLE.pharmacist);

/** An order number `number`'s order waiting for review, placed by `patientId`, Sam `lastName`. */
const waiting = (patientId: string, number: string, lastName: string) =>
  awaitingReview(patientId, {
    _id: `order-${number}`,
    number,
    userId: { _id: patientId, first_name: 'Sam', last_name: lastName },
  });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('PrescriptionQueuePage', () => {
  it('says to type more of the number when a number search finds nothing, as the orders list does', async () => {
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(json(200, { orders: [], total: 0 })));
    renderWithStore(<PrescriptionQueuePage />, {
      path: `${PATHS.adminPrescriptions}?q=%2310`,
      signedInAs: ROLE.pharmacist,
    });
    expect(await screen.findByText('No waiting prescription matches.')).toBeInTheDocument();
    expect(screen.getByText(SHORT_ORDER_NUMBER_HINT)).toBeInTheDocument();
  });

  it("offers a patient's prescription for review, and says the pharmacist's own one awaits another pharmacist", async () => {
    const orders = [waiting(PHARMACIST_ID, 'A-100001', 'Staff'), waiting('user-1', 'A-100002', 'Ient')];
    serveReview(orders[1]!, { listed: orders });
    renderWithStore(<PrescriptionQueuePage />, { path: PATHS.adminPrescriptions, signedInAs: ROLE.pharmacist });

    expect(await screen.findByRole('link', { name: 'Review the prescription of Sam Ient' })).toBeInTheDocument();
    const own = screen.getByRole('row', { name: /A-100001/ });
    expect(within(own).queryByRole('link')).not.toBeInTheDocument();
    expect(own).toHaveTextContent("Awaiting another pharmacist's review");
  });

  it('returns the pharmacist, after a review, to the queue as they left it: its search and its page', async () => {
    const order = waiting('user-1', 'A-100002', 'Ient');
    serveReview(order, { total: 20 });
    function Location() {
      const { pathname, search } = useLocation();
      return <output aria-label="Location">{pathname + search}</output>;
    }
    const { user } = renderWithStore(
      <>
        <Routes>
          <Route path={PATHS.adminPrescriptions} element={<PrescriptionQueuePage />} />
          <Route path={PATHS.adminPrescription} element={<PrescriptionReviewPage />} />
        </Routes>
        <Location />
      </>,
      { path: `${PATHS.adminPrescriptions}?q=Ient&page=2`, signedInAs: ROLE.pharmacist },
    );

    await user.click(await screen.findByRole('link', { name: 'Review the prescription of Sam Ient' }));
    expect(await screen.findByRole('link', { name: '← All prescriptions' })).toHaveAttribute(
      'href',
      `${PATHS.adminPrescriptions}?q=Ient&page=2`,
    );
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('link', { name: 'Review the prescription of Sam Ient' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(
      `${PATHS.adminPrescriptions}?q=Ient&page=2`,
    );
  });

  // Another pharmacist approved the order while this one had the queue open: the review page said so,
  // and the way back led to the queue as it was first read, the order still waiting in it.
  it('reads the queue again when the pharmacist comes back to it, without a decided order', async () => {
    const order = waiting('user-1', 'A-100002', 'Ient');
    let decided = false;
    stubBrowserRequest();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:prescription');
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const { pathname, searchParams } = new URL((input as Request).url);
      if (pathname.endsWith('/file'))
        return Promise.resolve(new Response('png', { status: 200, headers: { 'content-type': 'image/png' } }));
      if (pathname.startsWith('/api/orders/single-product/')) {
        decided = true;
        const approved = { ...order, prescription: orderPrescription(PRESCRIPTION_REVIEW.approved) };
        return Promise.resolve(json(200, { order: approved }));
      }
      const queue = searchParams.get('review') === PRESCRIPTION_REVIEW.pending;
      const listed = queue && decided ? [] : [order];
      return Promise.resolve(json(200, { orders: listed, total: listed.length }));
    });
    const { user } = renderWithStore(
      <Routes>
        <Route path={PATHS.adminPrescriptions} element={<PrescriptionQueuePage />} />
        <Route path={PATHS.adminPrescription} element={<PrescriptionReviewPage />} />
      </Routes>,
      { path: PATHS.adminPrescriptions, signedInAs: ROLE.pharmacist },
    );

    await user.click(await screen.findByRole('link', { name: 'Review the prescription of Sam Ient' }));
    await user.click(await screen.findByRole('link', { name: '← All prescriptions' }));
    expect(await screen.findByText('No prescription is waiting for review.')).toBeInTheDocument();
  });
});
