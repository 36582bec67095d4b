import {
  ADDRESS_NEEDED_MESSAGE,
  adminOrderPath,
  AWAITING_REVIEW_MESSAGE,
  ORDER_STATUS,
  ORDER_STATUS_CHANGED_MESSAGE,
  OWN_ORDER_MESSAGE,
  OWN_PRESCRIPTION_ORDER_MESSAGE,
  PATHS,
  PRESCRIPTION_REJECTED_MESSAGE,
  PRESCRIPTION_REVIEW,
  recalledLotHeldMessage,
  REPEAT_REVIEW_NOTE,
  ROLE,
  type Order,
  type Role,
} from '@apotheca/contract';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../../test/browser-request';
import { json } from '../../../test/json-response';
import { order as orderOf, orderPrescription } from '../../../test/order.fixture';
import { renderWithStore, signedInUserId } from '../../../test/render-with-store';
import AdminOrderDetailPage from './admin-order-detail-page';
import AdminOrdersPage from './admin-orders-page';

/** The signed-in pharmacist of renderWithStore. */
const PHARMACIST_ID = signedInUserId(ROLE.pharmacist);

/** A prescription order placed by `patientId`, approved, so that any other member of staff may move it on. */
const prescriptionOrder = (patientId: string, number: string): Order =>
  orderOf({
    _id: `order-${number}`,
    number,
    userId: { _id: patientId, first_name: 'Sam', last_name: 'Staff' },
    prescription: orderPrescription(PRESCRIPTION_REVIEW.approved),
  });

/** Answers the order screens' calls with `orders`, as the API does. */
function serve(orders: Order[]) {
  stubBrowserRequest();
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const { pathname } = new URL((input as Request).url);
    if (pathname.startsWith('/api/orders/single-product/')) return Promise.resolve(json(200, { order: orders[0] }));
    return Promise.resolve(json(200, { orders, total: orders.length }));
  });
}

/** The order page of `order`, served as the API answers it, as `signedInAs` sees it. */
function renderOrderPage(order: Order, signedInAs: Role = ROLE.pharmacist) {
  serve([order]);
  return renderWithStore(
    <Routes>
      <Route path={PATHS.adminOrder} element={<AdminOrderDetailPage />} />
    </Routes>,
    { path: adminOrderPath(order._id), signedInAs },
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("a member of staff's own prescription order", () => {
  it('shows on its page why its status is not theirs to change, instead of the status form', async () => {
    renderOrderPage(prescriptionOrder(PHARMACIST_ID, 'A-100001'));
    expect(await screen.findByRole('note')).toHaveTextContent(OWN_PRESCRIPTION_ORDER_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Update Status' })).not.toBeInTheDocument();
  });

  it("keeps the status form for another patient's order", async () => {
    renderOrderPage(prescriptionOrder('user-1', 'A-100002'));
    expect(await screen.findByRole('button', { name: 'Update Status' })).toBeInTheDocument();
    expect(screen.queryByText(OWN_PRESCRIPTION_ORDER_MESSAGE)).not.toBeInTheDocument();
  });

  it('has its status select disabled in the orders list, saying why, while the others stay open', async () => {
    serve([prescriptionOrder(PHARMACIST_ID, 'A-100001'), prescriptionOrder('user-1', 'A-100002')]);
    renderWithStore(<AdminOrdersPage />, { path: PATHS.adminOrders, signedInAs: ROLE.pharmacist });
    const own = await screen.findByRole('combobox', { name: 'Update status of order A-100001' });
    expect(own).toBeDisabled();
    expect(own).toHaveAccessibleDescription(OWN_PRESCRIPTION_ORDER_MESSAGE);
    expect(screen.getByRole('combobox', { name: 'Update status of order A-100002' })).toBeEnabled();
  });
});

describe("a member of staff's own order without a prescription", () => {
  const ownOrder = orderOf({
    _id: 'order-A-100003',
    number: 'A-100003',
    userId: { _id: PHARMACIST_ID, first_name: 'Sam', last_name: 'Staff' },
  });

  it('shows on its page that another member of staff must change its status, instead of the status form', async () => {
    renderOrderPage(ownOrder);
    expect(await screen.findByRole('note')).toHaveTextContent(OWN_ORDER_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Update Status' })).not.toBeInTheDocument();
  });

  it('has its status select disabled in the orders list, saying why', async () => {
    serve([ownOrder, prescriptionOrder('user-1', 'A-100002')]);
    renderWithStore(<AdminOrdersPage />, { path: PATHS.adminOrders, signedInAs: ROLE.pharmacist });
    const own = await screen.findByRole('combobox', { name: 'Update status of order A-100003' });
    expect(own).toBeDisabled();
    expect(own).toHaveAccessibleDescription(OWN_ORDER_MESSAGE);
    expect(screen.getByRole('combobox', { name: 'Update status of order A-100002' })).toBeEnabled();
  });

  it('says in the orders list, on screen beside the disabled select, why it cannot change it', async () => {
    serve([ownOrder, prescriptionOrder('user-1', 'A-100002')]);
    renderWithStore(<AdminOrdersPage />, { path: PATHS.adminOrders, signedInAs: ROLE.pharmacist });
    const own = await screen.findByRole('combobox', { name: 'Update status of order A-100003' });
    // A disabled select's title shows only to a mouse resting on it, never on a touch screen.
    expect(own.closest('td')).toHaveTextContent(OWN_ORDER_MESSAGE);
    expect(screen.getAllByText(OWN_ORDER_MESSAGE)).toHaveLength(1);
  });
});

describe("an order's prescription awaiting review, on the order's page", () => {
  const pending = (patientId: string, status: Order['status']) =>
    orderOf({
      userId: { _id: patientId, first_name: 'Sam', last_name: 'Staff' },
      status,
      prescription: orderPrescription(PRESCRIPTION_REVIEW.pending),
    });

  it("links a patient's order to its review", async () => {
    renderOrderPage(pending('user-1', ORDER_STATUS.pending));
    expect(await screen.findByRole('link', { name: 'Awaiting review: review it' })).toBeInTheDocument();
  });

  it("says the pharmacist's own order awaits another pharmacist, with no link to a review they may not make", async () => {
    renderOrderPage(pending(PHARMACIST_ID, ORDER_STATUS.pending));
    expect(await screen.findByText("Awaiting another pharmacist's review")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /review/i })).not.toBeInTheDocument();
  });

  it('says a canceled order waits for no review, and still links to one', async () => {
    renderOrderPage(pending('user-1', ORDER_STATUS.canceled));
    expect(
      await screen.findByText('Not reviewed: the order is canceled, so it waits for no review unless it is reopened.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review it anyway' })).toBeInTheDocument();
    expect(screen.queryByText(/Awaiting/)).not.toBeInTheDocument();
  });

  it("says the pharmacist's own canceled order is not reviewed, with no link", async () => {
    renderOrderPage(pending(PHARMACIST_ID, ORDER_STATUS.canceled));
    expect(
      await screen.findByText('Not reviewed: the order is canceled, so it waits for no review unless it is reopened.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /review/i })).not.toBeInTheDocument();
  });
});

describe("the order page's way back to the orders list", () => {
  it('leads to the list as it was left: its status filter and search', async () => {
    serve([prescriptionOrder('user-1', 'A-100002')]);
    const { user } = renderWithStore(
      <Routes>
        <Route path={PATHS.adminOrders} element={<AdminOrdersPage />} />
        <Route path={PATHS.adminOrder} element={<AdminOrderDetailPage />} />
      </Routes>,
      { path: `${PATHS.adminOrders}?status=Pending&q=Staff`, signedInAs: ROLE.pharmacist },
    );
    await user.click(await screen.findByRole('link', { name: 'View items of order A-100002' }));
    expect(await screen.findByRole('link', { name: '← All orders' })).toHaveAttribute(
      'href',
      `${PATHS.adminOrders}?status=Pending&q=Staff`,
    );
  });
});

describe('a status change on an order someone else changed meanwhile', () => {
  it('sends the status the page showed, and on the refusal shows the order as it is now', async () => {
    const pending = orderOf({ _id: 'order-A-100004', number: 'A-100004' });
    // Another admin cancels the order after this page read it.
    let stored = pending;
    const sent: unknown[] = [];
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const request = input as Request;
      if (request.method === 'PATCH') {
        sent.push(await request.json());
        return json(409, { message: ORDER_STATUS_CHANGED_MESSAGE });
      }
      return json(200, { order: stored });
    });
    const { user } = renderWithStore(
      <Routes>
        <Route path={PATHS.adminOrder} element={<AdminOrderDetailPage />} />
      </Routes>,
      { path: adminOrderPath('order-A-100004'), signedInAs: ROLE.admin },
    );
    await user.selectOptions(await screen.findByRole('combobox', { name: 'New status' }), ORDER_STATUS.accepted);
    stored = { ...pending, status: ORDER_STATUS.canceled };
    await user.click(screen.getByRole('button', { name: 'Update Status' }));

    expect(await screen.findByText(ORDER_STATUS_CHANGED_MESSAGE)).toBeInTheDocument();
    expect(sent).toEqual([{ status: ORDER_STATUS.accepted, fromStatus: ORDER_STATUS.pending }]);
    await vi.waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'New status' })).toHaveValue(ORDER_STATUS.canceled),
    );
  });
});

describe('the statuses the server would refuse for an order', () => {
  const address = {
    name: 'Pat Ient',
    phone: '+441234567890',
    line1: '1 High Street',
    line2: '',
    city: 'London',
    postalCode: 'SW1A 1AA',
    country: 'United Kingdom',
  };
  const awaiting = orderOf({
    _id: 'order-A-100005',
    number: 'A-100005',
    address,
    prescription: orderPrescription(PRESCRIPTION_REVIEW.pending),
  });
  const rejected = orderOf({
    _id: 'order-A-100006',
    number: 'A-100006',
    status: ORDER_STATUS.canceled,
    address,
    prescription: orderPrescription(PRESCRIPTION_REVIEW.rejected),
  });
  const addressless = orderOf({ _id: 'order-A-100007', number: 'A-100007', prescription: null });
  const option = (select: HTMLElement, status: string) => within(select).getByRole('option', { name: status });

  it('are not offered in the orders list, and the list says why beside the select', async () => {
    serve([awaiting, rejected, addressless]);
    renderWithStore(<AdminOrdersPage />, { path: PATHS.adminOrders, signedInAs: ROLE.admin });

    const waiting = await screen.findByRole('combobox', { name: 'Update status of order A-100005' });
    expect(option(waiting, ORDER_STATUS.accepted)).toBeDisabled();
    expect(option(waiting, ORDER_STATUS.dispatched)).toBeDisabled();
    expect(option(waiting, ORDER_STATUS.canceled)).toBeEnabled();
    expect(waiting.closest('td')).toHaveTextContent(AWAITING_REVIEW_MESSAGE);
    expect(waiting).toHaveAccessibleDescription(AWAITING_REVIEW_MESSAGE);

    const refused = screen.getByRole('combobox', { name: 'Update status of order A-100006' });
    expect(option(refused, ORDER_STATUS.accepted)).toBeDisabled();
    expect(option(refused, ORDER_STATUS.pending)).toBeEnabled();
    expect(refused.closest('td')).toHaveTextContent(PRESCRIPTION_REJECTED_MESSAGE);

    const noAddress = screen.getByRole('combobox', { name: 'Update status of order A-100007' });
    expect(option(noAddress, ORDER_STATUS.dispatched)).toBeDisabled();
    expect(option(noAddress, ORDER_STATUS.accepted)).toBeEnabled();
    expect(noAddress.closest('td')).toHaveTextContent(ADDRESS_NEEDED_MESSAGE);
  });

  const held = orderOf({
    _id: 'order-A-100008',
    number: 'A-100008',
    status: ORDER_STATUS.accepted,
    address,
    prescription: null,
    recallHold: { lot: 'L-7', medicine: 'Insulin' },
  });
  const heldMessage = recalledLotHeldMessage('Insulin', 'L-7');

  it('do not include Dispatched for an order a recall holds, in the list and on its page, saying why', async () => {
    serve([held]);
    const list = renderWithStore(<AdminOrdersPage />, { path: PATHS.adminOrders, signedInAs: ROLE.admin });
    const listed = await screen.findByRole('combobox', { name: 'Update status of order A-100008' });
    expect(option(listed, ORDER_STATUS.dispatched)).toBeDisabled();
    expect(option(listed, ORDER_STATUS.canceled)).toBeEnabled();
    expect(listed).toHaveAccessibleDescription(heldMessage);
    list.unmount();
    vi.restoreAllMocks();

    renderOrderPage(held, ROLE.admin);
    const select = await screen.findByRole('combobox', { name: 'New status' });
    expect(option(select, ORDER_STATUS.dispatched)).toBeDisabled();
    expect(option(select, ORDER_STATUS.pending)).toBeEnabled();
    expect(select).toHaveAccessibleDescription(heldMessage);
    expect(screen.getByText(heldMessage)).toBeVisible();
    // What to do about it is beside it: the recall alert's button.
    expect(within(screen.getByRole('alert')).getByRole('button', { name: 'Replace recalled units' })).toBeVisible();
  });

  it("are not offered by the order page's status form, which says why", async () => {
    renderOrderPage(rejected, ROLE.admin);
    const select = await screen.findByRole('combobox', { name: 'New status' });
    expect(option(select, ORDER_STATUS.accepted)).toBeDisabled();
    expect(option(select, ORDER_STATUS.dispatched)).toBeDisabled();
    expect(option(select, ORDER_STATUS.pending)).toBeEnabled();
    expect(select).toHaveAccessibleDescription(PRESCRIPTION_REJECTED_MESSAGE);
    expect(screen.getByText(PRESCRIPTION_REJECTED_MESSAGE)).toBeVisible();
  });
});

describe("an order's delivery and prescription, as its page tells them", () => {
  /** The value the page's details list gives under `label`. */
  const detail = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

  it('says once that an order has no delivery address: in its Delivery section, and why Dispatched is off', async () => {
    renderOrderPage(orderOf({ prescription: null }), ROLE.admin);
    await screen.findByRole('combobox', { name: 'New status' });
    expect(detail('Delivery')).toHaveTextContent('None yet: waiting for the patient to add one.');
    expect(screen.getByText(ADDRESS_NEEDED_MESSAGE)).toBeVisible();
    expect(screen.getAllByText(/dispatched/)).toHaveLength(1);
  });

  it('says a repeat was approved by the shop itself, as the repeat of an earlier approval, not by a former pharmacist', async () => {
    const repeat = { ...orderPrescription(PRESCRIPTION_REVIEW.approved), repeat: true, note: REPEAT_REVIEW_NOTE };
    renderOrderPage(orderOf({ prescription: repeat }), ROLE.admin);
    await screen.findByRole('combobox', { name: 'New status' });
    expect(detail('Prescription')).toHaveTextContent(`Approved automatically: ${REPEAT_REVIEW_NOTE}`);
    expect(screen.queryByText(/former pharmacist/)).not.toBeInTheDocument();
  });
});
