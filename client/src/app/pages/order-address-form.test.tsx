import { ORDER_HAS_ADDRESS_MESSAGE, type OrderAddress } from '@apotheca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MyOrdersTable } from '../../features/orders/my-orders-table';
import { savedAddress } from '../../test/address.fixture';
import { stubBrowserRequest } from '../../test/browser-request';
import { json } from '../../test/json-response';
import { order, orderPrescription } from '../../test/order.fixture';
import { renderWithStore } from '../../test/render-with-store';
import { OrderAddressForm } from './order-address-form';

beforeEach(() => stubBrowserRequest());

describe('an order placed without a delivery address, on its patient’s page', () => {
  const home = savedAddress;
  const copied: OrderAddress = {
    name: home.name,
    phone: home.phone,
    line1: home.line1,
    line2: '',
    city: home.city,
    postalCode: home.postalCode,
    country: home.country,
  };
  /** A server whose address book holds `home`, and whose address call answers `answer`; returns the bodies it was sent. */
  function serve(answer: (body: unknown) => Response) {
    const sent: { method: string; path: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const request = input as Request;
      const path = new URL(request.url).pathname;
      if (path === '/api/addresses') return json(200, { addresses: [home] });
      const body: unknown = await request.json();
      sent.push({ method: request.method, path, body });
      return answer(body);
    });
    return sent;
  }
  const withAddress = (address: OrderAddress) => order({ prescription: null, address });

  it('says on its row that it needs one, offers the saved address and sends the chosen one', async () => {
    const sent = serve(() => json(200, { order: withAddress(copied) }));
    const { user } = renderWithStore(
      <MyOrdersTable orders={[order({ prescription: null })]} AddressForm={OrderAddressForm} />,
    );
    const row = screen.getByRole('button', { name: 'A-100001' }).closest('tr')!;
    expect(within(row).getByText('Needs a delivery address')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'A-100001' }));
    expect(screen.getByRole('note')).toHaveTextContent('This order has no delivery address yet');
    const saved = await screen.findByRole('radio', { name: /1 Main Street/ });
    await waitFor(() => expect(saved).toBeChecked());
    await user.click(screen.getByRole('button', { name: 'Send the order to this address' }));
    await screen.findByText('Order A-100001 will be sent to this address');
    expect(sent).toEqual([{ method: 'PUT', path: '/api/orders/order-1/address', body: { addressId: 'address-1' } }]);
  });

  it("tells the server's refusal", async () => {
    serve(() => json(409, { message: ORDER_HAS_ADDRESS_MESSAGE }));
    const { user } = renderWithStore(
      <MyOrdersTable orders={[order({ prescription: null })]} AddressForm={OrderAddressForm} />,
    );
    await user.click(screen.getByRole('button', { name: 'A-100001' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: /1 Main Street/ })).toBeChecked());
    await user.click(screen.getByRole('button', { name: 'Send the order to this address' }));
    await screen.findByText(ORDER_HAS_ADDRESS_MESSAGE);
  });

  it('offers no form once the order is dispatched, canceled or rejected, nor when it has an address', async () => {
    const orders = [
      order({ _id: 'o-1', number: 'A-1', prescription: null, status: 'Dispatched' }),
      order({ _id: 'o-2', number: 'A-2', prescription: null, status: 'Canceled', paymentStatus: 'Refunded' }),
      order({ _id: 'o-3', number: 'A-3', prescription: orderPrescription('rejected') }),
      order({ _id: 'o-4', number: 'A-4', prescription: null, address: copied }),
    ];
    const { user } = renderWithStore(<MyOrdersTable orders={orders} AddressForm={OrderAddressForm} />);
    expect(screen.queryByText('Needs a delivery address')).not.toBeInTheDocument();
    for (const { _id, number, address } of orders) {
      await user.click(screen.getByRole('button', { name: number }));
      const details = within(document.getElementById(`order-items-${_id}`)!);
      expect(details.queryByRole('region', { name: 'Delivery address' })).not.toBeInTheDocument();
      expect(details.getByRole('heading', { name: 'Delivery address' }).nextElementSibling).toHaveTextContent(
        address ? '1 Main Street' : 'No delivery address given.',
      );
    }
  });
});
