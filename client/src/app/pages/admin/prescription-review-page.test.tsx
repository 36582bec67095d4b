import {
  ADMIN_ORDERS_PAGE_SIZE,
  adminOrderPath,
  adminPrescriptionPath,
  APPROVED_FOR_ONE_ORDER_LABEL,
  MAX_REPEATS,
  NOT_ADMIN_MESSAGE,
  ORDER_STATUS,
  PRESCRIPTION_REVIEW,
  OWN_PRESCRIPTION_ORDER_MESSAGE,
  REPEATS_NEED_DATE_MESSAGE,
  PATHS,
  PRESCRIPTION_GONE_MESSAGE,
  REJECTION_NOTE_REQUIRED_MESSAGE,
  ROLE,
  VALID_UNTIL_PAST_MESSAGE,
  VALID_UNTIL_TOO_FAR_MESSAGE,
  latestValidUntil,
  shopToday,
  type User,
} from '@apotheca/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../lib/auth-storage';
import { stubBrowserRequest } from '../../../test/browser-request';
import { json } from '../../../test/json-response';
import { awaitingReview, order, orderPrescription, serveReview } from '../../../test/order.fixture';
import { renderWithStore, signedInUserId } from '../../../test/render-with-store';
import { RequireStaff } from '../../guards/require-auth';
import PrescriptionReviewPage from './prescription-review-page';

const PHARMACIST_ID = signedInUserId(ROLE.pharmacist);

/** The shop's day two hundred years on: a year mistyped (2226 for 2026) in a prescription's last day. */
const mistypedYear = () => `${Number(shopToday().slice(0, 4)) + 200}${shopToday().slice(4)}`;

/** The decisions the page sent. */
const reviewsSent = () =>
  vi.mocked(globalThis.fetch).mock.calls.filter(([input]) => (input as Request).url.endsWith('/prescription-review'));

const renderPage = () =>
  renderWithStore(
    <Routes>
      <Route path={PATHS.adminPrescription} element={<PrescriptionReviewPage />} />
    </Routes>,
    { path: adminPrescriptionPath('order-1'), signedInAs: ROLE.pharmacist },
  );

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('PrescriptionReviewPage', () => {
  it("offers a patient's prescription for approval or rejection", async () => {
    serveReview(awaitingReview('user-1'));
    renderPage();
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeEnabled();
    expect(screen.queryByText(OWN_PRESCRIPTION_ORDER_MESSAGE)).not.toBeInTheDocument();
  });

  it("says why instead of offering a decision on the pharmacist's own prescription order", async () => {
    serveReview(awaitingReview(PHARMACIST_ID));
    renderPage();
    expect(await screen.findByRole('note')).toHaveTextContent(OWN_PRESCRIPTION_ORDER_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });

  it("lists the patient's latest other orders and says how many more it leaves out", async () => {
    const reviewed = awaitingReview('user-1');
    const others = Array.from({ length: ADMIN_ORDERS_PAGE_SIZE }, (_, index) =>
      order({ _id: `order-${index + 2}`, number: `A-10010${index}` }),
    );
    // Twelve orders in all: this one, the page's eight others, and three more.
    serveReview(reviewed, { listed: [reviewed, ...others], total: ADMIN_ORDERS_PAGE_SIZE + 4 });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Other orders' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(ADMIN_ORDERS_PAGE_SIZE);
    expect(screen.getByText('and 3 more')).toBeInTheDocument();
  });

  it("says no more than the patient's other orders when it lists them all", async () => {
    const reviewed = awaitingReview('user-1');
    serveReview(reviewed, { listed: [reviewed, order({ _id: 'order-2' })] });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Other orders' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.queryByText(/more$/)).not.toBeInTheDocument();
  });

  it('keeps the repeats a pharmacist typed without a date, saying the date is needed, instead of approving none', async () => {
    serveReview(awaitingReview('user-1'));
    renderPage();
    const user = userEvent.setup();
    const repeats = await screen.findByLabelText('Repeats allowed');
    await user.clear(repeats);
    await user.type(repeats, '3');
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText(REPEATS_NEED_DATE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Repeats allowed')).toHaveValue(3);
    expect(reviewsSent()).toEqual([]);
  });

  it("refuses the contract's way, on its field and with its focus, repeats out of range before sending", async () => {
    serveReview(awaitingReview('user-1'));
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Valid until (for repeats)'), latestValidUntil());
    for (const typed of ['-5', '1e3']) {
      const repeats = screen.getByLabelText('Repeats allowed');
      await user.clear(repeats);
      await user.type(repeats, typed);
      await user.click(screen.getByRole('button', { name: 'Approve' }));

      expect(repeats, typed).toHaveAccessibleDescription(`Repeats must be a whole number from 0 to ${MAX_REPEATS}.`);
      expect(repeats).toHaveAttribute('aria-invalid', 'true');
      expect(repeats).toHaveFocus();
    }
    expect(reviewsSent()).toEqual([]);
  });

  it("refuses a last day before the shop's day on its field, before sending", async () => {
    serveReview(awaitingReview('user-1'));
    renderPage();
    const user = userEvent.setup();
    const validUntil = await screen.findByLabelText('Valid until (for repeats)');
    await user.type(validUntil, '2020-01-01');
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    expect(validUntil).toHaveAccessibleDescription(VALID_UNTIL_PAST_MESSAGE);
    expect(validUntil).toHaveFocus();
    expect(reviewsSent()).toEqual([]);
  });

  it('refuses a last day more than a year ahead (a mistyped year) on its field, before sending', async () => {
    serveReview(awaitingReview('user-1'));
    renderPage();
    const user = userEvent.setup();
    const validUntil = await screen.findByLabelText('Valid until (for repeats)');
    // The picker offers no day outside the ones the form takes.
    expect(validUntil).toHaveAttribute('min', shopToday());
    expect(validUntil).toHaveAttribute('max', latestValidUntil());
    await user.type(validUntil, mistypedYear());
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    expect(validUntil).toHaveAccessibleDescription(VALID_UNTIL_TOO_FAR_MESSAGE);
    expect(validUntil).toHaveFocus();
    expect(reviewsSent()).toEqual([]);
  });

  it('takes the reader to the note when a rejection has none', async () => {
    serveReview(awaitingReview('user-1'));
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));

    const note = screen.getByLabelText('Note to the patient');
    expect(note).toHaveAccessibleDescription(REJECTION_NOTE_REQUIRED_MESSAGE);
    expect(note).toHaveFocus();
    expect(reviewsSent()).toEqual([]);
  });

  it("shows the server's refusal of a field on that field, and moves focus to it", async () => {
    serveReview(awaitingReview('user-1'));
    const serve = vi.mocked(globalThis.fetch).getMockImplementation()!;
    const refusal = 'The note is refused by the server.';
    vi.mocked(globalThis.fetch).mockImplementation((input) =>
      (input as Request).url.endsWith('/prescription-review')
        ? Promise.resolve(json(400, { message: refusal, errors: { note: refusal } }))
        : serve(input),
    );
    renderPage();
    const user = userEvent.setup();
    const note = await screen.findByLabelText('Note to the patient');
    await user.type(note, 'Fine.');
    await user.click(screen.getByRole('button', { name: 'Approve' }));

    await vi.waitFor(() => expect(note).toHaveAccessibleDescription(refusal));
    expect(note).toHaveFocus();
  });

  it('waits busy, not disabled, while a decision is saved: neither Approve nor Reject sends a second one', async () => {
    serveReview(awaitingReview('user-1'));
    const serve = vi.mocked(globalThis.fetch).getMockImplementation()!;
    const reviews: string[] = [];
    vi.mocked(globalThis.fetch).mockImplementation((input) => {
      if (!(input as Request).url.endsWith('/prescription-review')) return serve(input);
      reviews.push((input as Request).url);
      // The decision is not answered: it stays on its way.
      return new Promise<Response>(() => undefined);
    });
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Note to the patient'), 'Not signed.');
    const approve = screen.getByRole('button', { name: 'Approve' });
    const reject = screen.getByRole('button', { name: 'Reject' });
    await user.click(approve);
    await vi.waitFor(() => expect(reviews).toHaveLength(1));
    for (const button of [approve, reject]) {
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toBeEnabled();
    }
    await user.click(approve);
    await user.click(reject);
    expect(reviews).toHaveLength(1);
  });

  it('says that an order without a prescription has nothing to review, instead of calling it rejected', async () => {
    serveReview(awaitingReview('user-1', { prescription: null }));
    renderPage();
    expect(await screen.findByRole('note')).toHaveTextContent(
      'This order has no prescription: there is nothing to review.',
    );
    expect(screen.getByRole('link', { name: 'Open the order' })).toHaveAttribute('href', adminOrderPath('order-1'));
    expect(screen.queryByText(/Rejected/)).not.toBeInTheDocument();
    expect(screen.queryByText('The prescription is no longer stored.')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Prescription items' })).not.toBeInTheDocument();
  });

  it('says that a canceled order waits for no review, above a decision kept should it be reopened', async () => {
    serveReview({ ...awaitingReview('user-1'), status: ORDER_STATUS.canceled });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeEnabled();
    expect(screen.getByRole('note')).toHaveTextContent(
      'The order is canceled, so it waits for no review; a decision made now stays with it if it is reopened.',
    );
  });
  it('says who decided a prescription already reviewed, or that a repeat was approved automatically, as the order page does', async () => {
    const decided = (overrides: Partial<ReturnType<typeof orderPrescription>>) =>
      awaitingReview('user-1', {
        prescription: {
          ...orderPrescription(PRESCRIPTION_REVIEW.approved),
          reviewedAt: '2026-11-30T10:00:00Z',
          ...overrides,
        },
      });
    serveReview(decided({ reviewedBy: { _id: 'staff-2', name: 'Pat Pharmacist' }, note: 'Take with food.' }));
    const { unmount } = renderPage();
    expect(await screen.findByText('Approved by Pat Pharmacist: Take with food.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();

    serveReview(decided({ repeat: true, note: 'Repeat of an earlier approval of this prescription.' }));
    renderPage();
    expect(
      await screen.findByText('Approved automatically: Repeat of an earlier approval of this prescription.'),
    ).toBeInTheDocument();
  });

  it("gives a decided approval's terms under it: the repeats left and their last day, or none beyond this order", async () => {
    const approved = (terms: { validUntil: string | null; repeatsLeft: number | null }) =>
      awaitingReview('user-1', {
        prescription: {
          ...orderPrescription(PRESCRIPTION_REVIEW.approved),
          reviewedBy: { _id: 'staff-2', name: 'Pat Pharmacist' },
          reviewedAt: '2026-11-30T10:00:00Z',
          ...terms,
        },
      });
    serveReview(approved({ validUntil: '2027-05-31', repeatsLeft: 2 }));
    const { unmount } = renderPage();
    expect(await screen.findByText('Approved by Pat Pharmacist')).toBeInTheDocument();
    expect(screen.getByText('2 repeats left until May 31, 2027')).toBeInTheDocument();
    unmount();
    vi.restoreAllMocks();

    serveReview(approved({ validUntil: null, repeatsLeft: 0 }));
    renderPage();
    expect(await screen.findByText('Approved by Pat Pharmacist')).toBeInTheDocument();
    expect(screen.getByText(APPROVED_FOR_ONE_ORDER_LABEL)).toBeInTheDocument();
  });

  it('offers no approval of a prescription no longer stored, saying why, and still takes a rejection', async () => {
    serveReview(
      awaitingReview('user-1', {
        userId: null,
        prescription: { ...orderPrescription(PRESCRIPTION_REVIEW.pending), _id: null },
      }),
    );
    renderPage();
    expect(await screen.findByText(PRESCRIPTION_GONE_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Repeats allowed')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Note to the patient'), 'The patient left the shop.');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(reviewsSent()).toHaveLength(1);
  });
});

describe('PrescriptionReviewPage opened by a pharmacist an admin has since made a shopper', () => {
  const pharmacist: User = {
    _id: PHARMACIST_ID,
    first_name: 'Phil',
    last_name: 'Pharma',
    email: 'phil@example.com',
    ph_no: '0123456789',
    role: ROLE.pharmacist,
    created_at: '2026-01-01T00:00:00.000Z',
  };

  afterEach(() => localStorage.clear());

  it("tells them they may no longer see it and takes them to the shop's home, their role read again from the server", async () => {
    // Signed in as a pharmacist when the page opens; the server has since made them a shopper.
    storeSession('token-of-phil', pharmacist);
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const { pathname } = new URL((input as Request).url);
      if (pathname === '/api/auth/me') return Promise.resolve(json(200, { user: { ...pharmacist, role: ROLE.user } }));
      // A shopper is told no order of someone else's exists, and is refused the staff's lists.
      if (pathname.startsWith('/api/orders/single-product/'))
        return Promise.resolve(json(404, { message: 'Order not found' }));
      return Promise.resolve(json(403, { message: NOT_ADMIN_MESSAGE }));
    });
    const { store } = renderWithStore(
      <Routes>
        <Route path={PATHS.home} element={<h1>Home</h1>} />
        <Route
          path={PATHS.adminPrescription}
          element={
            <RequireStaff>
              <PrescriptionReviewPage />
            </RequireStaff>
          }
        />
      </Routes>,
      { path: adminPrescriptionPath('order-1') },
    );

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(await screen.findByText(NOT_ADMIN_MESSAGE)).toBeInTheDocument();
    expect(store.getState().auth.user?.role).toBe(ROLE.user);
  });
});
