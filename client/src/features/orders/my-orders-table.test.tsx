import { REPEAT_REVIEW_NOTE } from '@apotheca/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { order, orderPrescription } from '../../test/order.fixture';
import { renderWithStore } from '../../test/render-with-store';
import { MyOrdersTable } from './my-orders-table';

const review = (outcome: 'approved' | 'rejected', note: string) => ({
  _id: 'rx-1',
  review: outcome,
  note,
  reviewedBy: { _id: 'ph-1', name: 'Phil Macist' },
  reviewedAt: '2026-11-21T10:00:00.000Z',
  repeat: false,
  validUntil: null,
  repeatsLeft: null,
});

describe('MyOrdersTable', () => {
  it("shows an approved order's review beside its Pending status, and the pharmacist's note", async () => {
    const { user } = renderWithStore(
      <MyOrdersTable orders={[order({ prescription: review('approved', 'Valid until March.') })]} />,
    );
    const row = screen.getByRole('button', { name: 'A-100001' }).closest('tr')!;
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(within(row).getByText('Prescription approved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'A-100001' }));
    expect(screen.getByText('Pharmacist’s note')).toBeInTheDocument();
    expect(screen.getByText('Valid until March.')).toBeInTheDocument();
    expect(screen.getByText('Paid')).toBeInTheDocument();
  });

  it('says a rejected, canceled order charged nothing', async () => {
    const { user } = renderWithStore(
      <MyOrdersTable
        orders={[
          order({
            status: 'Canceled',
            paymentStatus: 'Not charged',
            prescription: review('rejected', 'The prescription has expired.'),
          }),
        ]}
      />,
    );
    expect(screen.getByText('Prescription rejected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'A-100001' }));
    expect(screen.getByText('Not charged')).toBeInTheDocument();
    expect(screen.getByText('The prescription has expired.')).toBeInTheDocument();
  });

  it("shows an open order's total beside its items, as a phone shows no Total column", async () => {
    const items = [
      ...order({}).items,
      {
        _id: 'item-2',
        medicineId: { _id: 'med-2', name: 'Aspirin' },
        name: 'Aspirin',
        price: 3.5,
        quantity: 2,
        prescriptionRequired: false,
      },
    ];
    const { user } = renderWithStore(<MyOrdersTable orders={[order({ items, totalPrice: 19 })]} />);
    await user.click(screen.getByRole('button', { name: 'A-100001' }));
    const details = screen.getByText('Aspirin').closest('tr')!;
    expect(within(details).getByText('Total')).toBeInTheDocument();
    expect(within(details).getByText('$19.00')).toBeInTheDocument();
  });

  it('says no review is awaited for a canceled order whose prescription was never reviewed', async () => {
    const { user } = renderWithStore(
      <MyOrdersTable
        orders={[order({ status: 'Canceled', paymentStatus: 'Refunded', prescription: orderPrescription('pending') })]}
      />,
    );
    const row = screen.getByRole('button', { name: 'A-100001' }).closest('tr')!;
    expect(within(row).getByText('Canceled')).toBeInTheDocument();
    expect(within(row).queryByText('Prescription awaiting review')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'A-100001' }));
    expect(screen.queryByText('Awaiting prescription review')).not.toBeInTheDocument();
  });

  it('says a standing order still awaits its review', async () => {
    const { user } = renderWithStore(
      <MyOrdersTable orders={[order({ prescription: orderPrescription('pending') })]} />,
    );
    expect(screen.getByText('Prescription awaiting review')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'A-100001' }));
    expect(screen.getByText('Awaiting prescription review')).toBeInTheDocument();
  });

  it("tells a repeat's note as the shop's, not as a pharmacist's", async () => {
    const repeat = { ...orderPrescription('approved'), repeat: true, note: REPEAT_REVIEW_NOTE };
    const { user } = renderWithStore(<MyOrdersTable orders={[order({ prescription: repeat })]} />);
    await user.click(screen.getByRole('button', { name: 'A-100001' }));
    expect(screen.getByText(REPEAT_REVIEW_NOTE)).toBeInTheDocument();
    expect(screen.queryByText('Pharmacist’s note')).not.toBeInTheDocument();
  });
});
