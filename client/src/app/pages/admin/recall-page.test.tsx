import {
  adminMedicineUpdatePath,
  adminOrderPath,
  NOT_RECALLED_MESSAGE,
  ORDER_EVENT,
  ORDER_STATUS,
  PATHS,
  REPORT_PAGE_SIZE,
  ROLE,
  type User,
} from '@apotheca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Recall } from '../../../features/batches/batches.api';
import { useGetOrderQuery, useReplaceRecalledUnitsMutation } from '../../../features/orders/order-admin.api';
import { OrderHistoryTimeline } from '../../../features/orders/order-history-timeline';
import { order as orderOf } from '../../../test/order.fixture';
import { renderWithStore } from '../../../test/render-with-store';
import AdminOrderDetailPage from './admin-order-detail-page';
import RecallPage from './recall-page';
import { stubBrowserRequest } from '../../../test/browser-request';
import { recalledBatch } from '../../../test/batch.fixture';
import { json } from '../../../test/json-response';

/** A lot that reached `count` orders, newest (highest number) first, as the server lists them. */
const recallOf = (count: number, recalledAt: string | null = '2026-11-20T09:00:00.000Z'): Recall => ({
  batch: recalledBatch(recalledAt),
  medicine: { _id: 'med-1', name: 'Panadol' },
  reason: recalledAt ? 'Contaminated' : null,
  orders: Array.from({ length: count }, (_, i) => ({
    _id: `order-${i}`,
    number: `A-${100000 + count - i}`,
    patient: i === 1 ? null : { _id: `patient-${i}`, name: `Patient ${i}`, email: `p${i}@example.com` },
    units: 2,
    status: i === 0 ? ORDER_STATUS.pending : ORDER_STATUS.dispatched,
    flagged: i === 0,
    replacedBy: null,
  })),
  total: count,
});

/** Serves the recall a page at a time as the server does, and `notify` for the notify call; returns the calls made. */
function serve(recall: Recall, notify: () => Response = () => json(200, { notified: 2, alreadyNotified: 0 })) {
  const calls: string[] = [];
  stubBrowserRequest();
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const request = input as Request;
    const url = new URL(request.url);
    calls.push(`${request.method} ${url.pathname}`);
    if (request.method === 'POST') return Promise.resolve(notify());
    const page = Number(url.searchParams.get('page') ?? 1);
    const orders = recall.orders.slice((page - 1) * REPORT_PAGE_SIZE, page * REPORT_PAGE_SIZE);
    return Promise.resolve(json(200, { ...recall, orders }));
  });
  return calls;
}

/** The order page's replacement of recalled units, pressed beside the recall page. */
function ReplaceUnits({ orderId }: { orderId: string }) {
  const [replace] = useReplaceRecalledUnitsMutation();
  return (
    <button type="button" onClick={() => void replace(orderId)}>
      Replace recalled units
    </button>
  );
}

function renderAs(role: User['role'], path = '/admin/recalls/batch-1') {
  const view = renderWithStore(
    <>
      <Routes>
        <Route path="/admin/recalls/:batchId" element={<RecallPage />} />
      </Routes>
      <ReplaceUnits orderId="order-0" />
    </>,
    { path, signedInAs: role },
  );
  return view;
}

const orderNumbers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('RecallPage', () => {
  it('writes when the lot was recalled as its expiry is written, the month in words and to the minute', async () => {
    serve(recallOf(1));
    renderAs(ROLE.admin);
    const label = await screen.findByText('Recalled', { selector: 'dt' });
    const recalled = label.nextElementSibling?.textContent ?? '';
    const expires = screen.getByText('Expires', { selector: 'dt' }).nextElementSibling?.textContent ?? '';
    // The browser's default wrote "11/20/2026, 9:00:00 AM" beside "Jan 1, 2099".
    expect(expires).toMatch(/^[A-Z][a-z]{2} 1, 2099$/);
    expect(recalled).toMatch(/^[A-Z][a-z]{2} 20, 2026, \d{1,2}:\d{2}\s[AP]M$/);
  });

  it('names the lot, its medicine and reason, and links every order that drew from it, a page at a time', async () => {
    serve(recallOf(60));
    const { user } = renderAs(ROLE.admin);
    expect(await screen.findByRole('heading', { name: 'Recall of lot L-42' })).toBeInTheDocument();
    expect(screen.getByText('Contaminated')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '60 orders drew from this lot' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Orders that drew from lot L-42' });
    expect(orderNumbers(table)).toHaveLength(REPORT_PAGE_SIZE);
    const first = within(table).getByRole('link', { name: 'A-100060' });
    expect(first).toHaveAttribute('href', adminOrderPath('order-0'));
    const firstRow = first.closest('tr')!;
    expect(
      within(firstRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Patient 0', 'p0@example.com', '2', 'PendingOn hold']);
    expect(
      within(within(table).getByRole('link', { name: 'A-100059' }).closest('tr')!).getByText('Deleted'),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await screen.findByRole('link', { name: 'A-100020' });
    expect(orderNumbers(screen.getByRole('table', { name: 'Orders that drew from lot L-42' }))).toEqual(
      Array.from({ length: 20 }, (_, i) => `A-${100020 - i}`),
    );
  });

  // Before any order with the lot is dispatched a press mails no one: "0 patients notified now; 0
  // patients had been notified already" left the admin wondering whether the mails had failed.
  it('says why a press mailed no one when no order with the lot has been dispatched', async () => {
    serve(recallOf(2), () => json(200, { notified: 0, alreadyNotified: 0 }));
    const { user } = renderAs(ROLE.admin);
    await user.click(await screen.findByRole('button', { name: 'Notify patients' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'No order with this lot has been dispatched: no patient needed a notice.',
    );
  });

  it("tells an admin how many patients a press notified, and shows the server's message when it fails", async () => {
    let answer = json(200, { notified: 1, alreadyNotified: 0 });
    const calls = serve(recallOf(2), () => answer);
    const { user } = renderAs(ROLE.admin);
    const notify = await screen.findByRole('button', { name: 'Notify patients' });
    await user.click(notify);
    expect(await screen.findByRole('status')).toHaveTextContent(
      '1 patient notified now; 0 patients had been notified already.',
    );
    answer = json(200, { notified: 0, alreadyNotified: 1 });
    await user.click(notify);
    expect(
      await screen.findByText('0 patients notified now; 1 patient had been notified already.'),
    ).toBeInTheDocument();
    answer = json(409, { message: NOT_RECALLED_MESSAGE });
    await user.click(notify);
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_RECALLED_MESSAGE);
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual(Array(3).fill('POST /api/recalls/batch-1/notify'));
  });

  it('lets a pharmacist read the recall without notifying', async () => {
    serve(recallOf(2));
    renderAs(ROLE.pharmacist);
    await screen.findByRole('table', { name: 'Orders that drew from lot L-42' });
    expect(screen.queryByRole('button', { name: 'Notify patients' })).not.toBeInTheDocument();
  });

  // The medicine's page is an admin's: a pharmacist sent there was turned away, with no way back.
  it("leads an admin back to the lot's medicine, and a pharmacist to the stock reports they may open", async () => {
    serve(recallOf(1));
    const admin = renderAs(ROLE.admin);
    expect(await screen.findByRole('link', { name: '← Panadol' })).toHaveAttribute(
      'href',
      adminMedicineUpdatePath('med-1'),
    );
    admin.unmount();
    renderAs(ROLE.pharmacist);
    await screen.findByRole('table', { name: 'Orders that drew from lot L-42' });
    expect(screen.queryByRole('link', { name: '← Panadol' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Stock reports' })).toHaveAttribute('href', PATHS.adminReports);
  });

  // Its units replaced, an order still drew from the lot: the page keeps it, dealt with, not on hold.
  it('marks an order whose units of the lot were replaced, naming the lots that replaced them', async () => {
    const recall = recallOf(2);
    recall.orders[0] = { ...recall.orders[0]!, flagged: false, replacedBy: ['SOON', 'LATE'] };
    recall.orders[1] = { ...recall.orders[1]!, replacedBy: ['SOON'] };
    serve(recall);
    renderAs(ROLE.pharmacist);
    const table = await screen.findByRole('table', { name: 'Orders that drew from lot L-42' });
    const statusOf = (number: string) =>
      within(within(table).getByRole('link', { name: number }).closest('tr')!)
        .getAllByRole('cell')
        .at(-1)!.textContent;
    expect(statusOf('A-100002')).toBe('PendingReplaced from lots SOON, LATE');
    expect(statusOf('A-100001')).toBe('DispatchedReplaced from lot SOON');
  });

  // Back from the order page within the cache's minute, the page showed the order still on hold.
  it('reads the recall again once an order is changed, as a replacement changes its row', async () => {
    const calls = serve(recallOf(2));
    const { user } = renderAs(ROLE.pharmacist);
    await screen.findByRole('table', { name: 'Orders that drew from lot L-42' });
    await user.click(screen.getByRole('button', { name: 'Replace recalled units' }));
    await waitFor(() =>
      expect(calls).toEqual([
        'GET /api/recalls/batch-1',
        'POST /api/orders/order-0/replace-recalled-units',
        'GET /api/recalls/batch-1',
      ]),
    );
  });

  // Staff work a recall's held orders one after another: the order page led to the orders list,
  // so each order done meant finding the recall, and its page, again.
  it('leads an order opened from the recall back to the recall, at the page it was opened from', async () => {
    const recall = recallOf(60);
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = new URL((input as Request).url);
      if (url.pathname.startsWith('/api/orders/single-product/'))
        return Promise.resolve(json(200, { order: orderOf({ _id: 'order-20', number: 'A-100040' }) }));
      const page = Number(url.searchParams.get('page') ?? 1);
      const orders = recall.orders.slice((page - 1) * REPORT_PAGE_SIZE, page * REPORT_PAGE_SIZE);
      return Promise.resolve(json(200, { ...recall, orders }));
    });
    const { user } = renderWithStore(
      <Routes>
        <Route path={PATHS.adminRecall} element={<RecallPage />} />
        <Route path={PATHS.adminOrder} element={<AdminOrderDetailPage />} />
      </Routes>,
      { path: '/admin/recalls/batch-1?page=2', signedInAs: ROLE.pharmacist },
    );
    await user.click(await screen.findByRole('link', { name: 'A-100040' }));
    expect(await screen.findByRole('heading', { name: 'Order details' })).toBeInTheDocument();
    const back = screen.getByRole('link', { name: '← Recall of lot L-42' });
    expect(back).toHaveAttribute('href', '/admin/recalls/batch-1?page=2');
    await user.click(back);
    expect(await screen.findByRole('link', { name: 'A-100040' })).toBeInTheDocument();
  });

  it('says so of a lot that is not recalled, and that no order drew from it', async () => {
    serve(recallOf(0, null));
    renderAs(ROLE.admin);
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_RECALLED_MESSAGE);
    expect(screen.getByText('No order drew from this lot: nobody needs to be told.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Notify patients' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the lot cannot be found", async () => {
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(404, { message: 'Batch not found' }));
    renderAs(ROLE.admin);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: Batch not found');
  });
});

/** An order's history as its page shows it, read beside the recall page as a page still cached would be. */
function OrderHistory({ id }: { id: string }) {
  const { data } = useGetOrderQuery(id);
  return data ? <OrderHistoryTimeline order={data.order} /> : null;
}

describe('a press of Notify patients', () => {
  // Each mailed patient's dispatched order gets a history row: an order opened before the press, and
  // opened again from the recall, showed its history without the notice until the page was reloaded.
  it("reads the orders again, so an order's history shows the notice its patient was mailed", async () => {
    let notified = false;
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const request = input as Request;
      const { pathname } = new URL(request.url);
      if (request.method === 'POST') {
        notified = true;
        return Promise.resolve(json(200, { notified: 1, alreadyNotified: 0 }));
      }
      if (pathname.endsWith('/orders/single-product/order-1')) {
        const notice = {
          at: '2026-11-21T09:00:00.000Z',
          actor: { _id: 'admin-1', name: 'Store Admin', role: ROLE.admin },
          event: ORDER_EVENT.recallNotified,
          from: null,
          to: null,
          note: 'A lot of Panadol in this order was recalled (lot L-42).',
        };
        return Promise.resolve(
          json(200, { order: orderOf({ status: ORDER_STATUS.dispatched, history: notified ? [notice] : [] }) }),
        );
      }
      return Promise.resolve(json(200, recallOf(2)));
    });
    const { user } = renderWithStore(
      <>
        <Routes>
          <Route path="/admin/recalls/:batchId" element={<RecallPage />} />
        </Routes>
        <OrderHistory id="order-1" />
      </>,
      { path: '/admin/recalls/batch-1', signedInAs: ROLE.admin },
    );
    await user.click(await screen.findByRole('button', { name: 'Notify patients' }));
    expect(await screen.findByText('Patient mailed about a recalled lot')).toBeInTheDocument();
  });
});
