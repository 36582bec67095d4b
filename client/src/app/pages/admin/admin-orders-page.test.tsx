import {
  ACCOUNT_DELETED_ORDER_MESSAGE,
  ADMIN_ORDERS_PAGE_SIZE,
  ORDER_STATUS,
  PATHS,
  PAYMENT_STATUS,
  ROLE,
  SHORT_ORDER_NUMBER_HINT,
  type Order,
} from '@apotheca/contract';
import { screen, within } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../../test/browser-request';
import { json } from '../../../test/json-response';
import { savedAddress } from '../../../test/address.fixture';
import { medicineFixture } from '../../../test/medicine.fixture';
import { order } from '../../../test/order.fixture';
import { renderWithStore } from '../../../test/render-with-store';
import AdminOrdersPage from './admin-orders-page';
import DashboardPage from './dashboard-page';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('AdminOrdersPage', () => {
  it('shows the last page in place of a page past the end of the list', async () => {
    // One order more than a page: the list has two pages, and the server answers any later page empty.
    const total = ADMIN_ORDERS_PAGE_SIZE + 1;
    const last = order({ _id: 'order-last', number: 'A-100009' });
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const page = new URL((input as Request).url).searchParams.get('page');
      return Promise.resolve(json(200, { orders: page === '2' ? [last] : [], total }));
    });
    // An old link, or the last order of page 3 gone meanwhile.
    renderWithStore(<AdminOrdersPage />, { path: `${PATHS.adminOrders}?page=3`, signedInAs: ROLE.admin });

    expect(await screen.findByRole('rowheader', { name: 'A-100009' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.queryByText('No orders available.')).toBeNull();
  });

  // Digits too few for an order number (four short of a six-digit one) find nothing: the staff member
  // is told why, not left to think no such order exists.
  it('says to type more of the number when a number search finds nothing, and only then', async () => {
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.resolve(json(200, { orders: [], total: 0 })));
    const { unmount } = renderWithStore(<AdminOrdersPage />, {
      path: `${PATHS.adminOrders}?q=%2310`,
      signedInAs: ROLE.admin,
    });
    expect(await screen.findByText('No order matches.')).toBeInTheDocument();
    expect(screen.getByText(SHORT_ORDER_NUMBER_HINT)).toBeInTheDocument();
    unmount();

    renderWithStore(<AdminOrdersPage />, { path: `${PATHS.adminOrders}?q=Lovelace`, signedInAs: ROLE.admin });
    expect(await screen.findByText('No order matches.')).toBeInTheDocument();
    expect(screen.queryByText(SHORT_ORDER_NUMBER_HINT)).toBeNull();
  });
});

describe('the confirmation of a cancellation in the orders list', () => {
  /** Opens the confirmation of canceling `shown`, the list's one order; returns the dialog. */
  async function confirmationOf(shown: ReturnType<typeof order>) {
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { orders: [shown], total: 1 }));
    const { user } = renderWithStore(<AdminOrdersPage />, { path: PATHS.adminOrders, signedInAs: ROLE.admin });
    await user.selectOptions(
      await screen.findByRole('combobox', { name: `Update status of order ${shown.number}` }),
      ORDER_STATUS.canceled,
    );
    return screen.findByRole('dialog', { name: `Cancel order ${shown.number}?` });
  }

  // A deleted patient has no address: the shop mails no one, and an unpaid order has nothing to refund.
  it("says no mail goes out for a deleted patient's order, and no refund for an unpaid one", async () => {
    const dialog = await confirmationOf(order({ userId: null, paymentStatus: PAYMENT_STATUS.pending }));
    expect(dialog).toHaveTextContent(/no one is mailed/i);
    expect(dialog).not.toHaveTextContent(/told by e-mail/i);
    expect(dialog).not.toHaveTextContent(/refund/i);
  });

  it('tells that the patient is mailed and a paid order refunded', async () => {
    const dialog = await confirmationOf(order({ paymentStatus: PAYMENT_STATUS.paid }));
    expect(dialog).toHaveTextContent('The patient is told by e-mail, and the payment is refunded.');
  });
});

/** The dispatch dialog as staff open it: `shown` listed alone, Dispatched chosen in its status select. */
async function dispatchDialogOf(shown: Order) {
  stubBrowserRequest();
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { orders: [shown], total: 1 }));
  const { user } = renderWithStore(<AdminOrdersPage />, { path: PATHS.adminOrders, signedInAs: ROLE.admin });
  await user.selectOptions(
    await screen.findByRole('combobox', { name: `Update status of order ${shown.number}` }),
    ORDER_STATUS.dispatched,
  );
  return { user, dialog: await screen.findByRole('dialog', { name: 'Dispatch this order' }) };
}

describe("a deleted patient's order in the orders list", () => {
  // No one is left to pay for it, receive it or be told: the list offers it Canceled alone, saying why.
  it('offers only Canceled, and says why beside the select', async () => {
    stubBrowserRequest();
    const shown = order({ userId: null, status: ORDER_STATUS.accepted, address: savedAddress });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { orders: [shown], total: 1 }));
    renderWithStore(<AdminOrdersPage />, { path: PATHS.adminOrders, signedInAs: ROLE.admin });
    const select = await screen.findByRole('combobox', { name: `Update status of order ${shown.number}` });
    const option = (status: string) => within(select).getByRole('option', { name: status });
    expect(option(ORDER_STATUS.pending)).toBeDisabled();
    expect(option(ORDER_STATUS.dispatched)).toBeDisabled();
    expect(option(ORDER_STATUS.canceled)).toBeEnabled();
    expect(select).toHaveAccessibleDescription(ACCOUNT_DELETED_ORDER_MESSAGE);
  });
});

describe('the dispatch dialog in the orders list, by keyboard', () => {
  // It opened with the keyboard on its frame: the carrier typed at once went nowhere, and the parcel
  // left without it unless staff looked up and typed it again.
  it('takes the carrier typed as soon as it opens', async () => {
    const shown = order({ status: ORDER_STATUS.accepted, address: savedAddress });
    const { user, dialog } = await dispatchDialogOf(shown);
    await user.keyboard('Royal Mail');
    expect(within(dialog).getByRole('textbox', { name: 'Carrier' })).toHaveValue('Royal Mail');
  });
});

describe('a canceled order on the dashboard', () => {
  it('shows the stock its cancellation put back when the admin returns to the dashboard', async () => {
    // The shop's stock of the order's medicine: the cancellation puts its 3 units back.
    let stock = 5;
    const pending = order({ items: [{ ...order({}).items[0]!, quantity: 3 }] });
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const request = input as Request;
      const { pathname } = new URL(request.url);
      if (pathname === '/api/medicines')
        return Promise.resolve(json(200, { medicines: [medicineFixture({ name: 'Insulin', stock })], total: 1 }));
      // The dashboard's notice of medicines stored twice: none here.
      if (pathname === '/api/medicines/duplicates')
        return Promise.resolve(json(200, { groups: [], total: 0, medicineCount: 0 }));
      if (request.method === 'PATCH') {
        stock += 3;
        return Promise.resolve(json(200, { order: { ...pending, status: ORDER_STATUS.canceled } }));
      }
      return Promise.resolve(json(200, { orders: [pending], total: 1 }));
    });
    const { user } = renderWithStore(
      <>
        <nav>
          <Link to={PATHS.admin}>Dashboard</Link>
          <Link to={PATHS.adminOrders}>Orders</Link>
        </nav>
        <Routes>
          <Route path={PATHS.admin} element={<DashboardPage />} />
          <Route path={PATHS.adminOrders} element={<AdminOrdersPage />} />
        </Routes>
      </>,
      { path: PATHS.admin, signedInAs: ROLE.admin },
    );
    const stockCell = async () => within(await screen.findByRole('row', { name: /Insulin/ })).getAllByRole('cell')[4]!;
    expect(await stockCell()).toHaveTextContent('5');

    await user.click(screen.getByRole('link', { name: 'Orders' }));
    await user.selectOptions(
      await screen.findByRole('combobox', { name: `Update status of order ${pending.number}` }),
      ORDER_STATUS.canceled,
    );
    // A cancellation is confirmed first.
    await user.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    await screen.findByText(`Order status updated to ${ORDER_STATUS.canceled}`);
    await user.click(screen.getByRole('link', { name: 'Dashboard' }));

    await vi.waitFor(async () => expect(await stockCell()).toHaveTextContent('8'));
  });
});
