import {
  AUDIT_KIND,
  AUDIT_KIND_LABELS,
  AUDIT_PAGE_SIZE,
  AUDIT_SUBJECT_MESSAGE,
  ORDER_STATUS,
  PATHS,
  PRESCRIPTION_REVIEW,
  ROLE,
  ROLE_LABELS,
  type AuditEntry,
} from '@apotheca/contract';
import { screen, within } from '@testing-library/react';
import { Link, Route, Routes } from 'react-router';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { stubBrowserRequest } from '../../../test/browser-request';
import { renderWithStore } from '../../../test/render-with-store';
import AuditPage from './audit-page';
import { json } from '../../../test/json-response';
import { formatMoment } from '../../../lib/moment-format';
import { formatCalendarDate } from '../../../lib/calendar-date';

const entry = (i: number): AuditEntry => ({
  _id: String(i),
  at: '2026-11-27T10:00:00.000Z',
  actor: { _id: 'admin-1', email: 'ada@example.com' },
  kind: AUDIT_KIND.reorderLevelSet,
  medicineId: `med-${i}`,
  orderId: null,
  userId: null,
  batchId: null,
  medicineName: `Ibuprofen ${i}`,
  orderNumber: null,
  batchLot: null,
  userEmail: null,
  before: { reorderLevel: 10 },
  after: { reorderLevel: 20 + i },
});

/** Answers every list call with one page of 60 entries; returns the queries the page sent. */
function serve() {
  const queries: URLSearchParams[] = [];
  stubBrowserRequest();
  vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const url = new URL((input as Request).url);
    queries.push(url.searchParams);
    const page = Number(url.searchParams.get('page') ?? 1);
    const entries = Array.from({ length: AUDIT_PAGE_SIZE }, (_, i) => entry((page - 1) * AUDIT_PAGE_SIZE + i));
    return Promise.resolve(json(200, { entries, total: 60 }));
  });
  return queries;
}

const renderPage = (path: string = PATHS.adminAudit) =>
  renderWithStore(
    <Routes>
      <Route path={PATHS.adminAudit} element={<AuditPage />} />
    </Routes>,
    { path },
  );

describe('AuditPage', () => {
  it('lists who changed what, with the values before and after, and links the medicine', async () => {
    serve();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(screen.getByText('60 changes')).toBeInTheDocument();
    const first = within(table).getAllByRole('row')[1]!;
    expect(within(first).getByRole('rowheader')).toHaveTextContent(AUDIT_KIND_LABELS[AUDIT_KIND.reorderLevelSet]);
    expect(within(first).getByRole('rowheader')).toHaveTextContent('by ada@example.com');
    expect(within(first).getByRole('link', { name: 'Medicine Ibuprofen 0' })).toHaveAttribute(
      'href',
      '/admin/update/med-0',
    );
    const [before, after] = within(first).getAllByRole('cell').slice(1);
    expect(before).toHaveTextContent('Reorder level10');
    expect(after).toHaveTextContent('Reorder level20');
  });

  // Changes made within one minute (a batch received, then its reorder level set) read in their order.
  it('dates each change to the second, written as the app writes every other moment', async () => {
    const at = '2026-11-27T10:00:07.000Z';
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { entries: [{ ...entry(0), at }], total: 1 }));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const time = within(within(table).getAllByRole('row')[1]!).getByRole('rowheader').querySelector('time')!;
    expect(time).toHaveTextContent(formatMoment(at, { seconds: true }));
    expect(time).toHaveTextContent(/:07\b/);
    expect(time).toHaveAttribute('datetime', at);
  });

  it("shows a recorded moment (a recall's time) as the app writes a date and time, not its raw timestamp", async () => {
    const recalledAt = '2026-11-30T08:58:02.924Z';
    stubBrowserRequest();
    const recall: AuditEntry = {
      ...entry(0),
      kind: AUDIT_KIND.batchRecalled,
      before: { recalledAt: null },
      after: { recalledAt, reason: 'Contaminated' },
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { entries: [recall], total: 1 }));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const after = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[2]!;
    expect(after).toHaveTextContent(`Recalled at${formatMoment(recalledAt)}`);
    expect(after).not.toHaveTextContent(recalledAt);
  });

  // A calendar date is a day, not an instant: west of UTC its midnight is the evening before, which
  // a date read as a moment would show as 31 Dec 2026.
  it("shows a calendar date (a batch's expiry, a prescription's last day) as the shop writes dates, on its own day in any zone", async () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    stubBrowserRequest();
    const received: AuditEntry = {
      ...entry(0),
      kind: AUDIT_KIND.batchReceived,
      before: null,
      after: { lot: 'LOT-42', expiresOn: '2027-01-01', quantity: 10 },
    };
    const reviewed: AuditEntry = {
      ...entry(1),
      kind: AUDIT_KIND.prescriptionReviewed,
      before: { prescriptionReview: PRESCRIPTION_REVIEW.pending },
      after: { prescriptionReview: PRESCRIPTION_REVIEW.approved, validUntil: '2027-01-01', repeats: 2 },
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { entries: [received, reviewed], total: 2 }));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [expiry, validity] = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[2]!);
    expect(expiry).toHaveTextContent(`Expires on${formatCalendarDate('2027-01-01')}Quantity`);
    expect(validity).toHaveTextContent(`Valid until${formatCalendarDate('2027-01-01')}Repeats`);
    for (const cell of [expiry, validity]) {
      expect(cell).not.toHaveTextContent('2027-01-01');
      expect(cell).toHaveTextContent('2027');
      expect(cell).not.toHaveTextContent('2026');
    }
  });

  // The users page calls a "user" a Shopper, and a review reads as a word, not the API's "pending".
  it("names a role as the users page does and a prescription's review as a word", async () => {
    stubBrowserRequest();
    const roleChanged: AuditEntry = {
      ...entry(0),
      kind: AUDIT_KIND.roleChanged,
      before: { role: ROLE.user },
      after: { role: ROLE.pharmacist },
    };
    const reviewed: AuditEntry = {
      ...entry(1),
      kind: AUDIT_KIND.prescriptionReviewed,
      before: { prescriptionReview: PRESCRIPTION_REVIEW.pending },
      after: { prescriptionReview: PRESCRIPTION_REVIEW.rejected },
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { entries: [roleChanged, reviewed], total: 2 }));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [role, review] = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').slice(1));
    expect(role!.map((cell) => cell.textContent)).toEqual([
      `Role${ROLE_LABELS[ROLE.user]}`,
      `Role${ROLE_LABELS[ROLE.pharmacist]}`,
    ]);
    expect(review!.map((cell) => cell.textContent)).toEqual([
      'Prescription reviewPending',
      'Prescription reviewRejected',
    ]);
  });

  it("shows a rejection's note, the reason the patient was given, beside the decision and the cancellation", async () => {
    stubBrowserRequest();
    const rejected: AuditEntry = {
      ...entry(0),
      kind: AUDIT_KIND.prescriptionReviewed,
      medicineId: null,
      medicineName: null,
      orderId: 'order-1',
      orderNumber: 'A-100234',
      before: { prescriptionReview: PRESCRIPTION_REVIEW.pending, status: ORDER_STATUS.pending },
      after: {
        prescriptionReview: PRESCRIPTION_REVIEW.rejected,
        note: 'The scan is unreadable; please upload a clearer one.',
        status: ORDER_STATUS.canceled,
      },
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { entries: [rejected], total: 1 }));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const after = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[2]!;
    expect(after.textContent).toBe(
      'Prescription reviewRejectedNoteThe scan is unreadable; please upload a clearer one.StatusCanceled',
    );
  });

  it('names a deleted user by the e-mail the server recorded of them, as it named them before', async () => {
    stubBrowserRequest();
    const roleChanged: AuditEntry = {
      ...entry(0),
      kind: AUDIT_KIND.roleChanged,
      medicineId: null,
      medicineName: null,
      userId: 'user-gone',
      userEmail: 'grace@example.com',
      before: { role: ROLE.user },
      after: { role: ROLE.pharmacist },
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { entries: [roleChanged], total: 1 }));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const subject = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[0]!;
    expect(subject).toHaveTextContent(/^User grace@example\.com$/);
  });

  it('names an order by its number and a batch by its lot, and a deleted subject by its id', async () => {
    stubBrowserRequest();
    const recall: AuditEntry = {
      ...entry(0),
      kind: AUDIT_KIND.batchRecalled,
      medicineId: 'med-gone',
      medicineName: null,
      orderId: 'order-1',
      orderNumber: 'A-100234',
      batchId: 'batch-1',
      batchLot: 'LOT-42',
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { entries: [recall], total: 1 }));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('link', { name: 'Order A-100234' })).toHaveAttribute('href', '/admin/orders/order-1');
    expect(row).toHaveTextContent('Batch LOT-42');
    expect(within(row).getByRole('link', { name: /^Medicine med-gone/ })).toHaveAttribute(
      'href',
      '/admin/update/med-gone',
    );
  });

  it("tells a replacement of an order's recalled units: its order, the recalled lot and the lots that replaced it", async () => {
    stubBrowserRequest();
    const replaced: AuditEntry = {
      ...entry(0),
      kind: AUDIT_KIND.recalledUnitsReplaced,
      medicineId: null,
      medicineName: null,
      orderId: 'order-1',
      orderNumber: 'A-100234',
      before: { lots: 'L-7 (Advil)' },
      after: { lots: 'L-9, L-10 (Advil)' },
    };
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(json(200, { entries: [replaced], total: 1 }));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Recalled units replaced');
    expect(within(row).getByRole('link', { name: 'Order A-100234' })).toHaveAttribute('href', '/admin/orders/order-1');
    const [before, after] = within(row).getAllByRole('cell').slice(1);
    expect(before).toHaveTextContent('LotsL-7 (Advil)');
    expect(after).toHaveTextContent('LotsL-9, L-10 (Advil)');
    expect(
      within(screen.getByRole('combobox', { name: /change/i })).getByRole('option', {
        name: 'Recalled units replaced',
      }),
    ).toBeInTheDocument();
  });

  it('sends the filters to the server together and starts again from page 1', async () => {
    const queries = serve();
    const { user } = renderPage(`${PATHS.adminAudit}?page=2`);
    await screen.findByRole('table', { name: 'Audit log' });
    expect(queries.at(-1)!.get('page')).toBe('2');

    await user.type(screen.getByLabelText('Person'), ' ada@example.com ');
    await user.selectOptions(screen.getByLabelText('Kind of change'), AUDIT_KIND_LABELS[AUDIT_KIND.batchRecalled]);
    await user.type(screen.getByLabelText('Medicine or order'), 'A-100234');
    await user.click(screen.getByRole('button', { name: 'Filter' }));

    await screen.findByText('60 matching changes');
    const sent = queries.at(-1)!;
    expect(Object.fromEntries(sent)).toEqual({
      actor: 'ada@example.com',
      kind: AUDIT_KIND.batchRecalled,
      subject: 'A-100234',
      page: '1',
    });
  });

  // A link (a bookmark, an address typed) can still carry a name the log does not search: the server's
  // refusal is said under the field, and the count of the list shown before is not left standing.
  it("says the server's refusal of a linked filter under its field, and counts no changes it did not list", async () => {
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const url = new URL((input as Request).url);
      if (url.searchParams.has('subject'))
        return Promise.resolve(
          json(400, { message: AUDIT_SUBJECT_MESSAGE, errors: { subject: AUDIT_SUBJECT_MESSAGE } }),
        );
      return Promise.resolve(json(200, { entries: [entry(0)], total: 60 }));
    });
    const { user } = renderWithStore(
      <>
        <Link to={`${PATHS.adminAudit}?subject=Ibuprofen`}>Changes to Ibuprofen</Link>
        <Routes>
          <Route path={PATHS.adminAudit} element={<AuditPage />} />
        </Routes>
      </>,
      { path: PATHS.adminAudit },
    );
    await screen.findByText('60 changes');

    await user.click(screen.getByRole('link', { name: 'Changes to Ibuprofen' }));

    const field = screen.getByLabelText('Medicine or order');
    await vi.waitFor(() => expect(field).toHaveAccessibleDescription(AUDIT_SUBJECT_MESSAGE));
    expect(field).toHaveValue('Ibuprofen');
    expect(screen.queryByText(/\d+ (matching )?changes?$/)).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Audit log' })).not.toBeInTheDocument();
    expect(screen.getAllByText(AUDIT_SUBJECT_MESSAGE)).toHaveLength(1);
  });

  // Checked before it is sent: a name never reaches the server, whose refusal the browser's console reports.
  it('refuses a name in Medicine or order before asking the server, and takes an order number', async () => {
    const queries = serve();
    const { user } = renderPage();
    await screen.findByText('60 changes');
    const sent = queries.length;

    await user.type(screen.getByLabelText('Medicine or order'), 'Ibuprofen');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(screen.getByLabelText('Medicine or order')).toHaveAccessibleDescription(AUDIT_SUBJECT_MESSAGE);
    expect(queries.slice(sent).filter((query) => query.has('subject'))).toEqual([]);

    await user.clear(screen.getByLabelText('Medicine or order'));
    await user.type(screen.getByLabelText('Medicine or order'), 'a-100234');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByText('60 matching changes');
    expect(screen.getByLabelText('Medicine or order')).not.toHaveAccessibleDescription(AUDIT_SUBJECT_MESSAGE);
    expect(queries.at(-1)!.get('subject')).toBe('a-100234');
  });
});
