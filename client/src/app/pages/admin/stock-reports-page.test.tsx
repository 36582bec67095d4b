import {
  adminMedicineUpdatePath,
  BATCH_WRITTEN_OFF_MESSAGE,
  medicinePath,
  REASON_REQUIRED_MESSAGE,
  REORDER_LEVEL_MESSAGE,
  ROLE,
  type ReportBatch,
  type Role,
  type StockLevel,
} from '@apotheca/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '../../../test/render-with-store';
import StockReportsPage from './stock-reports-page';
import { json } from '../../../test/json-response';

const batch = (lot: string, expiresOn: string, name: string): ReportBatch => ({
  _id: `batch-${lot}`,
  lot,
  expiresOn,
  quantity: 6,
  receivedOn: '2026-01-01',
  recalledAt: null,
  writtenOffAt: null,
  medicine: { _id: `med-${name}`, name },
});
// Today is 2026-11-27 for this shop: one batch expires in each window, one has expired.
const IN_20 = batch('L20', '2026-12-17', 'Amoxil');
const IN_50 = batch('L50', '2027-01-16', 'Brufen');
const IN_80 = batch('L80', '2027-02-15', 'Cetrizin');
const EXPIRED = batch('OLD', '2026-11-17', 'Dolo');
const WINDOWS = { 30: [IN_20], 60: [IN_20, IN_50], 90: [IN_20, IN_50, IN_80] } as Record<string, ReportBatch[]>;

/** A shop's reports as the server answers them, with each call it received. */
function fakeServer() {
  const calls: string[] = [];
  const state = {
    expired: [EXPIRED],
    low: [{ _id: 'med-Ezy', name: 'Ezy', stock: 2, reorderLevel: 10 }] as StockLevel[],
    /** What the next write-off answers: a refusal, or null to write off. */
    writeOffRefusal: null as string | null,
    lowStockFailure: null as string | null,
    /** While set, the low-stock report answers only once it resolves: a slow re-read. */
    lowStockHeld: null as Promise<void> | null,
    /** While set, the low-stock report reads this level, as another admin's later change. */
    levelElsewhere: null as number | null,
  };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const url = new URL(request.url);
    const body = request.method === 'GET' ? '' : ` ${await request.text()}`;
    calls.push(`${request.method} ${url.pathname}${url.search}${body}`);
    if (url.pathname === '/api/reports/expiry') {
      const expiring = WINDOWS[url.searchParams.get('days')!]!;
      const days = Number(url.searchParams.get('days'));
      // Every window fits one page: a later one lists nothing, beside the window's total.
      return json(200, {
        days,
        expiring: url.searchParams.get('expiringPage') === '1' ? expiring : [],
        expired: state.expired,
        expiringTotal: expiring.length,
        expiredTotal: state.expired.length,
      });
    }
    if (url.pathname === '/api/reports/low-stock') {
      await state.lowStockHeld;
      return state.lowStockFailure
        ? json(503, { message: state.lowStockFailure })
        : json(200, {
            medicines: state.low.map((medicine) => ({
              ...medicine,
              reorderLevel: state.levelElsewhere ?? medicine.reorderLevel,
            })),
            total: state.low.length,
          });
    }
    if (url.pathname.endsWith('/write-off')) {
      if (state.writeOffRefusal) return json(409, { message: state.writeOffRefusal });
      state.expired = [];
      return json(200, { batch: { ...EXPIRED, writtenOffAt: '2026-11-27T10:00:00.000Z' } });
    }
    if (url.pathname.endsWith('/reorder-level')) {
      const { reorderLevel } = JSON.parse(body) as { reorderLevel: number };
      state.low = state.low.map((medicine) => ({ ...medicine, reorderLevel }));
      return json(200, { medicine: state.low[0] });
    }
    return json(404, { message: 'Not found' });
  });
  return { calls, state };
}

/** The address the page is at, as the browser's bar and its back button know it. */
function Location() {
  const { search } = useLocation();
  return <output aria-label="Location">{search}</output>;
}

function renderPage(role: Role, path = '/admin/reports') {
  const view = renderWithStore(
    <>
      <StockReportsPage />
      <Location />
    </>,
    { path, signedInAs: role },
  );
  return view;
}

const table = (name: string) => screen.findByRole('table', { name });
const rowNames = (found: HTMLElement) =>
  within(found)
    .queryAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('StockReportsPage', () => {
  beforeEach(() => {
    // Node's Request, unlike a browser's, needs an absolute URL.
    vi.stubGlobal(
      'Request',
      class extends Request {
        constructor(input: RequestInfo | URL, init?: RequestInit) {
          super(typeof input === 'string' ? new URL(input, window.location.origin) : input, init);
        }
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('lists the batches expiring within 30, 60 or 90 days as the window is chosen, each medicine linked to its admin page', async () => {
    fakeServer();
    const { user } = renderPage(ROLE.admin);
    expect(rowNames(await table('Batches expiring within 30 days'))).toEqual(['Amoxil']);
    expect(screen.getByRole('link', { name: 'Amoxil' })).toHaveAttribute('href', adminMedicineUpdatePath('med-Amoxil'));
    await user.click(screen.getByRole('radio', { name: '60 days' }));
    expect(rowNames(await table('Batches expiring within 60 days'))).toEqual(['Amoxil', 'Brufen']);
    expect(screen.getByRole('heading', { name: 'Expiring within 60 days' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '90 days' }));
    expect(rowNames(await table('Batches expiring within 90 days'))).toEqual(['Amoxil', 'Brufen', 'Cetrizin']);
    expect(screen.getByRole('radio', { name: '90 days' })).toBeChecked();
  });

  it('keeps the chosen window in the address, so that coming back to the page (a medicine opened, then Back) shows it again', async () => {
    fakeServer();
    const { user } = renderPage(ROLE.admin, '/admin/reports?days=60');
    expect(rowNames(await table('Batches expiring within 60 days'))).toEqual(['Amoxil', 'Brufen']);
    expect(screen.getByRole('radio', { name: '60 days' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '90 days' }));
    expect(rowNames(await table('Batches expiring within 90 days'))).toEqual(['Amoxil', 'Brufen', 'Cetrizin']);
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent('?days=90');
  });

  // A lot written off or recalled from its medicine's page, or sold out, can empty the last page of
  // the window the admin came from: Back showed the window's count beside "Nothing in stock expires"
  // and no pages to leave it by.
  it('shows the last page of expiring batches when the page in the address has none left', async () => {
    fakeServer();
    renderPage(ROLE.admin, '/admin/reports?expiringPage=3');
    expect(rowNames(await table('Batches expiring within 30 days'))).toEqual(['Amoxil']);
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(/^$/);
  });

  it('writes off an expired batch with a reason, shows a refusal in the server’s words, and the batch leaves the list', async () => {
    const { calls, state } = fakeServer();
    const { user } = renderPage(ROLE.admin);
    const expired = await table('Expired batches not yet written off');
    expect(rowNames(expired)).toEqual(['Dolo']);
    await user.click(within(expired).getByRole('button', { name: 'Write off lot OLD of Dolo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write off lot OLD of Dolo' });
    await user.click(within(dialog).getByRole('button', { name: 'Write off' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REASON_REQUIRED_MESSAGE);

    state.writeOffRefusal = BATCH_WRITTEN_OFF_MESSAGE;
    await user.type(within(dialog).getByLabelText('Reason'), 'Expired on the shelf');
    await user.click(within(dialog).getByRole('button', { name: 'Write off' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(BATCH_WRITTEN_OFF_MESSAGE));

    state.writeOffRefusal = null;
    await user.click(within(dialog).getByRole('button', { name: 'Write off' }));
    expect(await screen.findByText('No expired stock waits to be written off.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/medicines/med-Dolo/batches/batch-OLD/write-off {"reason":"Expired on the shelf"}',
      'POST /api/medicines/med-Dolo/batches/batch-OLD/write-off {"reason":"Expired on the shelf"}',
    ]);
  });

  it('lets the admin edit a reorder level in its row, refusing one that is not a whole number', async () => {
    const { calls } = fakeServer();
    const { user } = renderPage(ROLE.admin);
    const low = await table('Medicines below their reorder level');
    expect(rowNames(low)).toEqual(['Ezy']);
    const level = within(low).getByRole('spinbutton', { name: 'Reorder level of Ezy' });
    expect(level).toHaveValue(10);
    await user.clear(level);
    await user.type(level, '2.5');
    await user.click(within(low).getByRole('button', { name: 'Save' }));
    expect(await within(low).findByRole('alert')).toHaveTextContent(REORDER_LEVEL_MESSAGE);
    expect(level).toHaveAccessibleDescription(REORDER_LEVEL_MESSAGE);
    expect(calls.some((call) => call.startsWith('PATCH'))).toBe(false);

    await user.clear(level);
    await user.type(level, '40');
    await user.click(within(low).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toContain('PATCH /api/medicines/med-Ezy/reorder-level {"reorderLevel":40}'));
    expect(within(low).queryByRole('alert')).not.toBeInTheDocument();
    // The report is read again after the change.
    await waitFor(() => expect(calls.filter((call) => call.startsWith('GET /api/reports/low-stock'))).toHaveLength(2));
    expect(await screen.findByText('Reorder level of Ezy set to 40.')).toBeInTheDocument();
  });

  it('keeps the next level the admin types while their last save is read again, and shows a level changed elsewhere', async () => {
    const { calls, state } = fakeServer();
    const { user } = renderPage(ROLE.admin);
    const low = await table('Medicines below their reorder level');
    const level = within(low).getByRole('spinbutton', { name: 'Reorder level of Ezy' });
    let release = () => {};
    state.lowStockHeld = new Promise((resolve) => (release = resolve));
    await user.clear(level);
    await user.type(level, '40');
    await user.click(within(low).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Reorder level of Ezy set to 40.')).toBeInTheDocument();
    // The report's re-read lands after the admin has typed the next level.
    await user.clear(level);
    await user.type(level, '3');
    release();
    await waitFor(() => expect(calls.filter((call) => call.startsWith('GET /api/reports/low-stock'))).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(level).toHaveValue(3);

    // Another admin's change, read with the report after this admin's next save, is shown.
    state.lowStockHeld = null;
    state.levelElsewhere = 70;
    await user.click(within(low).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(level).toHaveValue(70));
  });

  it('shows a report’s failure in the server’s words, and the other reports still', async () => {
    const { state } = fakeServer();
    state.lowStockFailure = 'The shop is busy. Try again in a moment.';
    renderPage(ROLE.admin);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error: The shop is busy. Try again in a moment.');
    expect(rowNames(await table('Batches expiring within 30 days'))).toEqual(['Amoxil']);
  });

  it('shows a pharmacist the reports to read only, each medicine linked to its page in the shop', async () => {
    fakeServer();
    renderPage(ROLE.pharmacist);
    const expired = await table('Expired batches not yet written off');
    expect(within(expired).queryByRole('button')).not.toBeInTheDocument();
    const low = await table('Medicines below their reorder level');
    expect(within(low).queryByRole('spinbutton')).not.toBeInTheDocument();
    expect(within(low).getByRole('row', { name: /Ezy/ })).toHaveTextContent('10');
    expect(within(low).getByRole('link', { name: 'Ezy' })).toHaveAttribute('href', medicinePath('med-Ezy'));
  });
});
