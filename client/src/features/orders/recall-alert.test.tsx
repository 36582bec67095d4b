import { ORDER_EVENT, ORDER_STATUS, type OrderHistoryEntry } from '@apotheca/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../test/browser-request';
import { json } from '../../test/json-response';
import { order } from '../../test/order.fixture';
import { renderWithStore } from '../../test/render-with-store';
import { RecallAlert } from './recall-alert';

const entry = (event: OrderHistoryEntry['event'], note: string | null): OrderHistoryEntry => ({
  at: '2026-11-27T08:00:00.000Z',
  actor: null,
  event,
  from: null,
  to: null,
  note,
});
const flagged = entry(ORDER_EVENT.recallFlagged, 'Lot L-7 of Advil recalled: wrong label');
const replaced = entry(ORDER_EVENT.stockTaken, 'Units of recalled lot L-7 of Advil replaced from lot L-9.');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('RecallAlert', () => {
  it('says the order cannot be dispatched, with the lot and reason, while the order has not been dispatched', () => {
    renderWithStore(<RecallAlert order={order({ status: ORDER_STATUS.accepted, history: [flagged] })} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'This order holds a recalled lot. It cannot be dispatched until its units of the lot are replaced from another lot, or it is canceled.',
    );
    expect(alert).toHaveTextContent('Lot L-7 of Advil recalled: wrong label');
  });

  it('says nothing once the order is dispatched or canceled, its units were taken again, or no recall touched it', () => {
    for (const props of [
      { status: ORDER_STATUS.dispatched, history: [flagged] },
      { status: ORDER_STATUS.canceled, history: [flagged] },
      { status: ORDER_STATUS.pending, history: [flagged, replaced] },
      { status: ORDER_STATUS.pending, history: [] },
    ]) {
      const { unmount } = renderWithStore(<RecallAlert order={order(props)} />);
      expect(screen.queryByRole('alert')).toBeNull();
      unmount();
    }
    // A recall after the replacement holds it again.
    renderWithStore(
      <RecallAlert order={order({ status: ORDER_STATUS.pending, history: [flagged, replaced, flagged] })} />,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('replaces the recalled units when asked, and says why when the server refuses', async () => {
    stubBrowserRequest();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json(409, { message: 'Only 1 of Advil left in stock.' }));
    const held = order({ status: ORDER_STATUS.accepted, history: [flagged] });
    const { user } = renderWithStore(<RecallAlert order={held} />);
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Replace recalled units' }));
    const request = fetch.mock.calls[0]![0] as Request;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe(`/api/orders/${held._id}/replace-recalled-units`);
    expect(await screen.findByText('Only 1 of Advil left in stock.')).toBeInTheDocument();
  });
});
