import { PRESCRIPTION_REVIEW, ROLE, type Order } from '@apotheca/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../../test/browser-request';
import { json } from '../../../test/json-response';
import { order as orderOf, orderPrescription } from '../../../test/order.fixture';
import { renderWithStore } from '../../../test/render-with-store';
import PrescriptionQueuePage from './prescription-queue-page';

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
});
