import { ORDER_EVENT, ORDER_STATUS, OWN_ORDER_REPLACEMENT_MESSAGE, type OrderHistoryEntry } from '@apotheca/contract';
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
/** What the server answers of an order a recall holds. */
const recallHold = { lot: 'L-7', medicine: 'Advil' };

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('RecallAlert', () => {
  it('says the order cannot be dispatched, with the lot and reason, while the order has not been dispatched', () => {
    renderWithStore(<RecallAlert order={order({ status: ORDER_STATUS.accepted, history: [flagged], recallHold })} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'This order holds a recalled lot. It cannot be dispatched until its units of the lot are replaced from another lot, or it is canceled.',
    );
    expect(alert).toHaveTextContent('Lot L-7 of Advil recalled: wrong label');
  });

  it("offers no replacement to the member of staff whose own order it is, saying why in the button's place", () => {
    renderWithStore(
      <RecallAlert order={order({ status: ORDER_STATUS.pending, history: [flagged], recallHold })} ownOrder />,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).queryByRole('button', { name: 'Replace recalled units' })).toBeNull();
    expect(alert).toHaveTextContent(OWN_ORDER_REPLACEMENT_MESSAGE);
  });

  it('says nothing of an order the server says no recall holds: dispatched, canceled, or its units replaced', () => {
    for (const props of [
      { status: ORDER_STATUS.dispatched, history: [flagged] },
      { status: ORDER_STATUS.canceled, history: [flagged] },
      { status: ORDER_STATUS.pending, history: [flagged, replaced] },
      { status: ORDER_STATUS.pending, history: [] },
      // Flagged, but the server, which judges its draws, answers no hold: nothing to replace.
      { status: ORDER_STATUS.pending, history: [flagged] },
    ]) {
      const { unmount } = renderWithStore(<RecallAlert order={order({ ...props, recallHold: null })} />);
      expect(screen.queryByRole('alert')).toBeNull();
      unmount();
    }
    // A recall after the replacement holds it again, and the alert names that recall only.
    renderWithStore(
      <RecallAlert
        order={order({
          status: ORDER_STATUS.pending,
          history: [flagged, replaced, { ...flagged, note: 'Lot L-8' }],
          recallHold,
        })}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Lot L-8');
    expect(screen.getByRole('alert')).not.toHaveTextContent('wrong label');
  });

  it('replaces the recalled units when asked, and says why when the server refuses', async () => {
    stubBrowserRequest();
    const fetch = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(json(409, { message: 'Only 1 of Advil left in stock.' }));
    const held = order({ status: ORDER_STATUS.accepted, history: [flagged], recallHold });
    const { user } = renderWithStore(<RecallAlert order={held} />);
    await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Replace recalled units' }));
    const request = fetch.mock.calls[0]![0] as Request;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toBe(`/api/orders/${held._id}/replace-recalled-units`);
    expect(await screen.findByText('Only 1 of Advil left in stock.')).toBeInTheDocument();
  });
});
