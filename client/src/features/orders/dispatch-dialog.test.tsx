import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@apotheca/contract';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { order } from '../../test/order.fixture';
import { DispatchDialog } from './dispatch-dialog';

const orders = [order({ _id: 'order-1', number: 'A-100001' }), order({ _id: 'order-2', number: 'A-100002' })];

/** A screen that opens the dialog for either order, as the order page does from one order to the next. */
function TwoOrders() {
  const [shown, setShown] = useState<Order | null>(null);
  return (
    <>
      {orders.map((each) => (
        <button key={each._id} type="button" onClick={() => setShown(each)}>
          Dispatch {each.number}
        </button>
      ))}
      <DispatchDialog order={shown} busy={false} onDispatch={() => setShown(null)} onCancel={() => setShown(null)} />
    </>
  );
}

describe('DispatchDialog', () => {
  it('opens empty after it was closed without dispatching, for the same order and for another', async () => {
    const user = userEvent.setup();
    render(<TwoOrders />);
    const typeParcelThenCancel = async () => {
      await user.type(await screen.findByLabelText('Carrier'), 'DHL');
      await user.type(screen.getByLabelText('Tracking number'), 'TRK-1');
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };
    const expectEmpty = async () => {
      expect(await screen.findByLabelText('Carrier')).toHaveValue('');
      expect(screen.getByLabelText('Tracking number')).toHaveValue('');
    };

    await user.click(screen.getByRole('button', { name: 'Dispatch A-100001' }));
    await typeParcelThenCancel();
    await user.click(screen.getByRole('button', { name: 'Dispatch A-100001' }));
    await expectEmpty();

    await typeParcelThenCancel();
    // A tracking number typed for one order is never offered for another.
    await user.click(screen.getByRole('button', { name: 'Dispatch A-100002' }));
    await expectEmpty();
  });
});
