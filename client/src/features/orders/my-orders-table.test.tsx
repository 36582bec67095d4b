import {
  ORDER_EVENT,
  ORDER_STATUS,
  RECALL_HOLD_PATIENT_NOTE,
  RECALL_NOTICE_ADVICE,
  RECALL_NOTICE_MARK,
  recallNoticeNote,
  REPEAT_REVIEW_NOTE,
} from '@apotheca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../test/browser-request';
import { json } from '../../test/json-response';
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

beforeEach(() => stubBrowserRequest());

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

describe('a recalled lot, on its patient’s order', () => {
  const notified = (note: string) => ({
    at: '2026-11-28T09:00:00.000Z',
    actor: { _id: 'admin-1', name: 'Ada Admin', role: 'admin' as const },
    event: ORDER_EVENT.recallNotified,
    from: null,
    to: null,
    note,
  });
  const dispatched = (history: ReturnType<typeof notified>[]) =>
    order({ status: ORDER_STATUS.dispatched, prescription: null, history });

  it('warns on its row, and in the open order names the medicine and the lot and says what to do', async () => {
    const { user } = renderWithStore(
      <MyOrdersTable orders={[dispatched([notified(recallNoticeNote('Insulin', 'L-7'))])]} />,
    );
    const row = screen.getByRole('button', { name: 'A-100001' }).closest('tr')!;
    expect(within(row).getByText(RECALL_NOTICE_MARK)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'A-100001' }));
    const notice = screen.getByRole('note', { name: 'Recall notice' });
    expect(notice).toHaveTextContent('A lot of Insulin in this order was recalled (lot L-7).');
    expect(notice).toHaveTextContent(RECALL_NOTICE_ADVICE);
    expect(screen.getByRole('list', { name: 'Order history' })).toHaveTextContent('Recall notice mailed to you');
  });

  it('names each recalled lot of the order, and says nothing of a recall to an order no recall touched', async () => {
    const { user, unmount } = renderWithStore(
      <MyOrdersTable
        orders={[
          dispatched([notified(recallNoticeNote('Insulin', 'L-7')), notified(recallNoticeNote('Aspirin', 'A-2'))]),
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'A-100001' }));
    const notice = screen.getByRole('note', { name: 'Recall notice' });
    expect(notice).toHaveTextContent('(lot L-7)');
    expect(notice).toHaveTextContent('(lot A-2)');
    unmount();

    const other = renderWithStore(<MyOrdersTable orders={[dispatched([])]} />);
    await other.user.click(screen.getByRole('button', { name: 'A-100001' }));
    expect(screen.queryByRole('note', { name: 'Recall notice' })).toBeNull();
    expect(screen.queryByText(RECALL_NOTICE_MARK)).toBeNull();
  });
});

describe('an order a recall holds, on its patient’s page', () => {
  it('keeps its status as Pending and says on its row why it waits, naming no lot', () => {
    const held = order({ prescription: null, recallHold: { lot: 'L-7', medicine: 'Insulin' } });
    renderWithStore(
      <MyOrdersTable orders={[held, order({ _id: 'order-2', number: 'A-100002', prescription: null })]} />,
    );
    const row = screen.getByRole('button', { name: 'A-100001' }).closest('tr')!;
    expect(within(row).getByText(ORDER_STATUS.pending)).toBeInTheDocument();
    expect(within(row).getByText(RECALL_HOLD_PATIENT_NOTE)).toBeVisible();
    expect(row).not.toHaveTextContent('L-7');
    const other = screen.getByRole('button', { name: 'A-100002' }).closest('tr')!;
    expect(within(other).queryByText(RECALL_HOLD_PATIENT_NOTE)).toBeNull();
  });
});

describe('MyOrdersTable Order again', () => {
  it("waits busy, not disabled, for its own order only: a second press sends nothing, another order's is free", async () => {
    const reorders: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const { pathname } = new URL((input as Request).url);
      if (!pathname.endsWith('/reorder')) return Promise.resolve(json(200, { addresses: [] }));
      reorders.push(pathname);
      // The order again is not answered: it stays on its way.
      return new Promise<Response>(() => undefined);
    });
    const orders = [order({ _id: 'o-1', number: 'A-1' }), order({ _id: 'o-2', number: 'A-2' })];
    const { user } = renderWithStore(<MyOrdersTable orders={orders} />);

    await user.click(screen.getByRole('button', { name: 'A-1' }));
    const first = screen.getByRole('button', { name: 'Order again' });
    await user.click(first);
    await waitFor(() => expect(reorders).toHaveLength(1));
    expect(first).toHaveAttribute('aria-disabled', 'true');
    expect(first).toBeEnabled();
    await user.click(first);
    expect(reorders).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'A-2' }));
    const second = screen.getByRole('button', { name: 'Order again' });
    expect(second).not.toHaveAttribute('aria-disabled');
    await user.click(second);
    await waitFor(() => expect(reorders).toEqual(['/api/orders/o-1/reorder', '/api/orders/o-2/reorder']));
  });
});
