import { ORDER_EVENT, ORDER_STATUS, ROLE, type OrderHistoryEntry, type Role } from '@apotheca/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { order } from '../../test/order.fixture';
import { OrderHistoryTimeline } from './order-history-timeline';

const entry = (event: OrderHistoryEntry['event'], from: string | null = null, to: string | null = null) => ({
  at: '2026-11-29T08:00:00.000Z',
  actor: null,
  event,
  from,
  to,
  note: null,
});

describe('OrderHistoryTimeline', () => {
  it("tells staff, not the patient, that a dispatched order's cancellation put no stock back", () => {
    const canceled = order({
      status: ORDER_STATUS.canceled,
      history: [
        entry(ORDER_EVENT.statusChanged, ORDER_STATUS.dispatched, ORDER_STATUS.canceled),
        entry(ORDER_EVENT.stockKeptOut),
      ],
    });
    const { unmount } = render(<OrderHistoryTimeline order={canceled} />);
    expect(screen.getByRole('list', { name: 'Order history' })).toHaveTextContent(
      'Stock not put back: the parcel had left the shop',
    );
    unmount();
    render(<OrderHistoryTimeline order={canceled} forShopper />);
    expect(screen.getByRole('list', { name: 'Order history' })).not.toHaveTextContent('Stock not put back');
  });

  it('tells staff that the patient was mailed about a recalled lot, with the medicine and the lot', () => {
    const note = 'A lot of Insulin in this order was recalled (lot L-7).';
    render(
      <OrderHistoryTimeline
        order={order({ status: ORDER_STATUS.dispatched, history: [{ ...entry(ORDER_EVENT.recallNotified), note }] })}
      />,
    );
    const history = screen.getByRole('list', { name: 'Order history' });
    expect(history).toHaveTextContent('Patient mailed about a recalled lot');
    expect(history).toHaveTextContent(note);
  });

  it('names to staff who made each change with the role they had then, in words', () => {
    const actor = (name: string, role: Role) => ({ _id: name, name, role });
    render(
      <OrderHistoryTimeline
        order={order({
          status: ORDER_STATUS.dispatched,
          history: [
            { ...entry(ORDER_EVENT.placed, null, ORDER_STATUS.pending), actor: actor('Pat Ient', ROLE.user) },
            {
              ...entry(ORDER_EVENT.statusChanged, ORDER_STATUS.pending, ORDER_STATUS.accepted),
              actor: actor('Phil Macist', ROLE.pharmacist),
            },
            {
              ...entry(ORDER_EVENT.statusChanged, ORDER_STATUS.accepted, ORDER_STATUS.dispatched),
              actor: actor('Ada Admin', ROLE.admin),
            },
          ],
        })}
      />,
    );
    const history = screen.getByRole('list', { name: 'Order history' });
    expect(history).toHaveTextContent('Pat Ient (Shopper)');
    expect(history).toHaveTextContent('Phil Macist (Pharmacist)');
    expect(history).toHaveTextContent('Ada Admin (Admin)');
  });
});
