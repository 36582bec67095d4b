import { ORDER_EVENT, ORDER_STATUS, type OrderHistoryEntry } from '@apotheca/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { order } from '../../test/order.fixture';
import { RecallAlert } from './recall-alert';

const flagged: OrderHistoryEntry = {
  at: '2026-11-27T08:00:00.000Z',
  actor: null,
  event: ORDER_EVENT.recallFlagged,
  from: null,
  to: null,
  note: 'Lot L-7 of Advil recalled: wrong label',
};

describe('RecallAlert', () => {
  it('warns staff with the lot and reason while the order has not been dispatched', () => {
    render(<RecallAlert order={order({ status: ORDER_STATUS.accepted, history: [flagged] })} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'This order holds a recalled lot. It cannot be dispatched until its units of the lot are replaced from another lot, or it is canceled.',
    );
    expect(alert).toHaveTextContent('Lot L-7 of Advil recalled: wrong label');
  });

  it('says nothing once the order is dispatched or canceled, or when no recall touched it', () => {
    for (const props of [
      { status: ORDER_STATUS.dispatched, history: [flagged] },
      { status: ORDER_STATUS.canceled, history: [flagged] },
      { status: ORDER_STATUS.pending, history: [] },
    ]) {
      const { unmount } = render(<RecallAlert order={order(props)} />);
      expect(screen.queryByRole('alert')).toBeNull();
      unmount();
    }
  });
});
