import {
  ADDRESS_MISSING_MESSAGE,
  CANNOT_REACH_SHOP_MESSAGE,
  CART_CHANGED_MESSAGE,
  IDEMPOTENCY_KEY_HEADER,
  maxPerOrderMessage,
  PAYMENT_FORM_ERROR,
  PRESCRIPTION_FILE_TYPE_MESSAGE,
  PRESCRIPTION_FILE_TYPES,
  PRESCRIPTION_CHOICE_MESSAGE,
  PRESCRIPTION_MAX_BYTES,
  PRESCRIPTION_TOO_LARGE_MESSAGE,
  PRESCRIPTION_STATE,
  PRESCRIPTION_UPLOADING_MESSAGE,
  prescriptionNeededMessage,
  recalledLotMessage,
  shortOfStockMessage,
  type Cart,
  type Prescription,
} from '@apotheca/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api';
import { formatCalendarDate } from '../../lib/calendar-date';
import { renderWithStore } from '../../test/render-with-store';
import CheckoutPage from './checkout-page';
import { stubBrowserRequest } from '../../test/browser-request';
import { json } from '../../test/json-response';
import { savedAddress } from '../../test/address.fixture';

const cart: Cart = {
  _id: 'cart-1',
  totalPrice: 9,
  items: [
    {
      _id: 'item-1',
      cartItemId: 'item-1',
      medicineId: { _id: 'med-1', name: 'Paracetamol' },
      name: 'Paracetamol',
      price: 4.5,
      qty: 2,
      quantity: 2,
      imageUrl: '/uploads/medicines/paracetamol-detail.webp',
      developedBy: 'Acme Pharma',
      maxMonthsExpiry: 24,
      category: 'Pain Relief',
      stock: 12,
      prescriptionRequired: false,
      maxPerOrder: null,
    },
  ],
};

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

const rxCart: Cart = { ...cart, items: [{ ...cart.items[0]!, name: 'Insulin', prescriptionRequired: true }] };
/** A prescription the shopper uploaded and sent with no order yet; `overrides` change any field. */
const prescription = (id: string, overrides: Partial<Prescription> = {}): Prescription => ({
  _id: id,
  userId: 'user-1',
  fileType: 'application/pdf',
  createdAt: '2026-11-20T10:00:00.000Z',
  rejected: false,
  state: PRESCRIPTION_STATE.new,
  validUntil: null,
  repeatsLeft: null,
  ...overrides,
});
const approved = (repeatsLeft: number): Partial<Prescription> => ({
  state: PRESCRIPTION_STATE.approved,
  validUntil: '2027-01-10',
  repeatsLeft,
});

// A patient with one saved address, which the delivery step picks by itself.
const home = savedAddress;

/**
 * Renders the checkout against a server whose add-order answers `answer`, or each of `answer` in
 * turn (an Error: no answer came), and whose prescription upload answers `uploaded`; returns the
 * bodies add-order was sent and the key each carried.
 */
function checkoutAgainst(
  answer: Response | (Response | Error)[],
  {
    inCart = cart,
    prescriptions = [] as Prescription[],
    addresses = [home],
    addressesArrive = Promise.resolve(),
    uploaded = Promise.resolve(json(404, { message: 'Not found' })),
  } = {},
) {
  const sent: unknown[] = [];
  const keys: (string | null)[] = [];
  const answers = Array.isArray(answer) ? [...answer] : [answer];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const request = input as Request;
    const path = new URL(request.url).pathname;
    if (path === '/api/orders/add-order') {
      sent.push(await request.json());
      keys.push(request.headers.get(IDEMPOTENCY_KEY_HEADER));
      const next = answers.length > 1 ? answers.shift()! : answers[0]!;
      if (next instanceof Error) throw next;
      return next;
    }
    if (path === '/api/cart') return json(200, { cart: inCart });
    if (path === '/api/prescriptions') return request.method === 'POST' ? uploaded : json(200, { prescriptions });
    if (path === '/api/addresses') return addressesArrive.then(() => json(200, { addresses }));
    return json(404, { message: 'Not found' });
  });
  return { sent, keys, ...renderWithStore(<CheckoutPage />, { path: '/checkout' }) };
}

async function fillCard(user: ReturnType<typeof renderWithStore>['user']) {
  await user.type(await screen.findByLabelText('Cardholder name'), 'Jane Doe');
  await user.type(screen.getByLabelText('Card number'), '123456789012');
  await user.type(screen.getByLabelText('CVV'), '123');
  await user.type(screen.getByLabelText('Expiration (MM/YY)'), `01${nextYear}`);
}

/** Renders the checkout against a server whose add-order answers `refusal`, then pays. */
async function payAgainst(refusal: Response) {
  const { user } = checkoutAgainst(refusal);
  await fillCard(user);
  await user.click(screen.getByRole('button', { name: 'Pay now' }));
}

const placed = () => json(201, { order: {} });
/** What fetch does when the instance that had the request died: no answer at all. */
const noAnswer = () => new TypeError('Failed to fetch');
/** The load balancer's own page in the shop's place: not JSON. */
const balancerPage = (status: number) => new Response('<html><body>No server is available</body></html>', { status });

/** SPEC's 'Order failed' toast, once it shows. */
const orderFailedToast = async () =>
  (await screen.findByText('Order failed')).closest<HTMLElement>('[data-sonner-toast]')!;

/** The prescription uploads the page sent, each as its fetch call. */
const prescriptionUploads = () =>
  vi
    .mocked(globalThis.fetch)
    .mock.calls.filter(
      ([input]) => (input as Request).method === 'POST' && (input as Request).url.endsWith('/api/prescriptions'),
    );

describe('CheckoutPage', () => {
  beforeEach(() => {
    stubBrowserRequest();
  });

  it.each([
    ['a shortage', 'Only 1 of Paracetamol left in stock.'],
    ['a limit per order', maxPerOrderMessage(1, 'Paracetamol')],
  ])(
    'says the server’s reason for %s once, in the page’s alert, and SPEC’s failure in the toast',
    async (_reason, message) => {
      await payAgainst(json(409, { message }));
      const toast = await orderFailedToast();
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
      expect(toast).toHaveTextContent('Something went wrong. Please try again.');
      expect(screen.getAllByText(message)).toHaveLength(1);
    },
  );

  it('says the server’s reason in the toast when the page shows no alert of it', async () => {
    const message = prescriptionNeededMessage(['Paracetamol']);
    await payAgainst(json(400, { message }));
    expect(await orderFailedToast()).toHaveTextContent(message);
    expect(screen.queryByText('Something went wrong. Please try again.')).not.toBeInTheDocument();
  });

  it('marks a line above its stock in the summary, and Pay now names it and sends nothing', async () => {
    const { user, sent } = checkoutAgainst(placed(), { inCart: { ...cart, items: [{ ...cart.items[0]!, stock: 0 }] } });
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByRole('row', { name: /Paracetamol/ })).toHaveTextContent('Out of stock');
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    const alert = await within(summary).findByRole('alert');
    expect(alert).toHaveTextContent(shortOfStockMessage(['Paracetamol']));
    // Pay now was refused for that line alone: the patient is taken to what to change.
    expect(await focusAfterPress()).toBe(alert);
    expect(sent).toEqual([]);
  });

  it('marks a line above a limit per order lowered after it was added, and Pay now names it and sends nothing', async () => {
    const { user, sent } = checkoutAgainst(placed(), {
      inCart: { ...cart, items: [{ ...cart.items[0]!, maxPerOrder: 1 }] },
    });
    const summary = await screen.findByRole('region', { name: 'Order summary' });
    expect(within(summary).getByRole('row', { name: /Paracetamol/ })).toHaveTextContent('At most 1 per order');
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    const alert = await within(summary).findByRole('alert');
    expect(alert).toHaveTextContent(maxPerOrderMessage(1, 'Paracetamol'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(await focusAfterPress()).toBe(alert);
    expect(sent).toEqual([]);
  });

  it('says a recall found by Pay now once, at the line it marks, beside the Order failed toast, and takes the patient there', async () => {
    const refusal = recalledLotMessage('Paracetamol', 'L0050-A');
    const inCart = structuredClone(cart);
    const { user } = checkoutAgainst(json(409, { message: refusal }), { inCart });
    await fillCard(user);
    // The lot is recalled while the patient is on the page: the cart they see still has its stock.
    inCart.items[0]!.stock = 0;
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await orderFailedToast()).toHaveTextContent('Something went wrong. Please try again.');
    // The cart, read again after the refusal, marks the line: its alert says the refusal, once.
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(await within(summary).findByText('Out of stock')).toBeInTheDocument();
    const alert = await within(summary).findByRole('alert');
    expect(alert).toHaveTextContent(shortOfStockMessage(['Paracetamol']));
    expect(screen.getAllByRole('alert')).toEqual([alert]);
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('keeps a refusal the cart’s lines do not show on the page, not only in a toast, until the cart changes', async () => {
    const refusal = 'Only 1 of Paracetamol left in stock.';
    const inCart = structuredClone(cart);
    const { user, store } = checkoutAgainst(json(409, { message: refusal }), { inCart });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    const toast = await orderFailedToast();
    // The cart read again still shows enough (its stock was sold a moment later): the refusal says it.
    const payment = screen.getByRole('region', { name: 'Make a Payment' });
    expect(await within(payment).findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    // The toast does not say the alert's sentence again.
    expect(toast).not.toHaveTextContent(refusal);

    // The patient lowers the quantity to what is left (elsewhere): another cart, so the refusal goes.
    inCart.items[0] = { ...inCart.items[0]!, quantity: 1, qty: 1, stock: 1 };
    store.dispatch(api.util.invalidateTags(['Cart']));
    await waitFor(() => expect(within(payment).queryByRole('alert')).not.toBeInTheDocument());
  });

  // Another tab or device changed the cart after this page read it: the server refuses to charge
  // what the page did not show, and the page shows the cart as it now is.
  it('sends the cart as it shows it, and on a cart changed since says so in the toast and shows the new cart', async () => {
    const inCart = structuredClone(cart);
    const { user, sent } = checkoutAgainst(json(409, { message: CART_CHANGED_MESSAGE }), { inCart });
    await fillCard(user);
    expect(screen.getByRole('row', { name: /Grand total/ })).toHaveTextContent('$9.00');
    inCart.items[0] = { ...inCart.items[0]!, quantity: 3, qty: 3 };
    inCart.totalPrice = 13.5;
    await user.click(screen.getByRole('button', { name: 'Pay now' }));

    expect(await orderFailedToast()).toHaveTextContent(CART_CHANGED_MESSAGE);
    expect(sent).toEqual([expect.objectContaining({ shownLines: [{ medicineId: 'med-1', quantity: 2, price: 4.5 }] })]);
    await waitFor(() => expect(screen.getByRole('row', { name: /Grand total/ })).toHaveTextContent('$13.50'));
    expect(screen.getByRole('heading', { name: 'Order summary' })).toHaveFocus();
    expect(screen.queryByText('Something went wrong. Please try again.')).not.toBeInTheDocument();
  });

  it('puts the order summary with its grand total before Pay now, where a phone stacks them', async () => {
    checkoutAgainst(placed());
    const total = await screen.findByRole('row', { name: /Grand total/ });
    expect(total).toHaveTextContent('$9.00');
    const pay = screen.getByRole('button', { name: 'Pay now' });
    expect(total.compareDocumentPosition(pay) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('falls back to the general failure when the server gives no reason', async () => {
    await payAgainst(json(500, {}));
    expect(await screen.findAllByText('Something went wrong. Please try again.')).not.toHaveLength(0);
  });

  it('chooses the one prescription that fits, so Pay sends it', async () => {
    const { user, sent } = checkoutAgainst(placed(), { inCart: rxCart, prescriptions: [prescription('rx-1')] });
    // The picker chooses once the shopper's prescriptions have loaded, a render after it appears.
    const radio = await screen.findByRole('radio', { name: /PDF uploaded/ });
    await waitFor(() => expect(radio).toBeChecked());
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ prescriptionId: 'rx-1', addressId: 'address-1' });
  });

  it('passes over a rejected prescription when one other fits', async () => {
    checkoutAgainst(placed(), {
      inCart: rxCart,
      prescriptions: [
        prescription('rx-old', { rejected: true, state: PRESCRIPTION_STATE.rejected }),
        prescription('rx-new'),
      ],
    });
    const radios = await screen.findAllByRole('radio', { name: /PDF uploaded/ });
    await waitFor(() => expect(radios[1]).toBeChecked());
    expect(radios[0]).not.toBeChecked();
    expect(radios[0]).toBeDisabled();
    expect(screen.getByText('(rejected by a pharmacist)')).toBeInTheDocument();
  });

  it('shows each prescription’s state and chooses the one with repeats left, never a spent one', async () => {
    checkoutAgainst(placed(), {
      inCart: rxCart,
      prescriptions: [
        prescription('rx-used', { ...approved(0), state: PRESCRIPTION_STATE.usedUp }),
        prescription('rx-expired', { ...approved(2), state: PRESCRIPTION_STATE.expired }),
        prescription('rx-repeat', approved(2)),
      ],
    });
    const [usedUp, expired, repeat] = await screen.findAllByRole('radio', { name: /PDF uploaded/ });
    await waitFor(() => expect(repeat).toBeChecked());
    const lastDay = formatCalendarDate('2027-01-10');
    expect(repeat!.closest('label')).toHaveTextContent(`(approved: 2 repeats left until ${lastDay})`);
    expect(usedUp!.closest('label')).toHaveTextContent('(used up: no repeats left)');
    expect(expired!.closest('label')).toHaveTextContent(`(expired: valid until ${lastDay})`);
    for (const spent of [usedUp, expired]) {
      expect(spent).toBeDisabled();
      expect(spent).not.toBeChecked();
    }
  });

  it('chooses nothing when the only prescription is used up, so a new one is uploaded', async () => {
    const { user, sent } = checkoutAgainst(placed(), {
      inCart: rxCart,
      prescriptions: [prescription('rx-used', { ...approved(0), state: PRESCRIPTION_STATE.usedUp })],
    });
    const radio = await screen.findByRole('radio', { name: /used up: no repeats left/ });
    expect(radio).toBeDisabled();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findAllByText(prescriptionNeededMessage(['Insulin']))).not.toHaveLength(0);
    expect(radio).not.toBeChecked();
    expect(sent).toEqual([]);
  });

  it('takes a keyboard user to the prescription step that Pay now found unchosen', async () => {
    const { user } = checkoutAgainst(placed(), {
      inCart: rxCart,
      prescriptions: [prescription('rx-1'), prescription('rx-2')],
    });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findAllByText(prescriptionNeededMessage(['Insulin']))).not.toHaveLength(0);
    expect(screen.getByLabelText('Take a photo')).toHaveFocus();
  });

  it('takes a keyboard user to the delivery step when no address is given yet', async () => {
    const { user, sent } = checkoutAgainst(placed(), { addresses: [] });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findAllByText(ADDRESS_MISSING_MESSAGE)).not.toHaveLength(0);
    const step = screen.getByRole('region', { name: 'Delivery address' });
    expect(step).toContainElement(document.activeElement as HTMLElement);
    expect(document.activeElement).toBeInstanceOf(HTMLInputElement);
    expect(sent).toEqual([]);
  });

  /** The focused element once the card form's own focusing, a moment after the press, is over. */
  const focusAfterPress = async () => {
    await new Promise((settled) => setTimeout(settled, 50));
    return document.activeElement as HTMLElement;
  };

  /**
   * Types a new delivery address into the delivery step's form, field by field, as a patient does. The
   * step is on the page before its form: the form comes once the saved addresses have loaded (none).
   */
  async function typeNewAddress(user: ReturnType<typeof renderWithStore>['user'], fields: Record<string, string>) {
    const step = await screen.findByRole('region', { name: 'Delivery address' });
    for (const [label, value] of Object.entries(fields))
      await user.type(await within(step).findByLabelText(label), value);
  }

  it('shows no new-address form while the saved addresses load, then picks the default one', async () => {
    // On a slow connection the form stood empty for seconds, then gave way to the saved addresses,
    // taking with it whatever the patient had begun to type there.
    let arrive = () => {};
    checkoutAgainst(placed(), { addressesArrive: new Promise<void>((resolve) => (arrive = resolve)) });
    const step = await screen.findByRole('region', { name: 'Delivery address' });
    expect(within(step).getByText('Loading your addresses…')).toBeInTheDocument();
    expect(within(step).queryByLabelText('Full name')).not.toBeInTheDocument();
    arrive();
    expect(await within(step).findByRole('radio', { name: new RegExp(home.line1) })).toBeChecked();
    expect(within(step).queryByLabelText('Full name')).not.toBeInTheDocument();
  });

  const fullAddress = {
    'Full name': 'Jane Doe',
    'Phone number': '5550100200',
    'Address line 1': '1 Main Street',
    City: 'Springfield',
    'Postal code': '12345',
    Country: 'United States',
  };

  it('pays with a new address typed in full, taken at Pay now as Deliver here would take it', async () => {
    const { user, sent } = checkoutAgainst(placed(), { addresses: [] });
    await typeNewAddress(user, fullAddress);
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      address: { name: 'Jane Doe', line1: '1 Main Street', city: 'Springfield', country: 'United States' },
      saveAddress: true,
    });
    expect(screen.queryByText(ADDRESS_MISSING_MESSAGE)).not.toBeInTheDocument();
  });

  // The pressed button leaves with the new-address form: focus fell to the page's start, and a keyboard or
  // screen reader user had to find their way back down to the next step.
  it.for([
    ['the payment', cart, () => screen.getByRole('heading', { name: 'Make a Payment' })],
    ['the prescription', rxCart, () => screen.getByText('Prescription', { selector: 'legend' })],
  ] as const)('takes the patient from Deliver here to %s step’s heading', async ([, inCart, nextHeading]) => {
    const { user } = checkoutAgainst(placed(), { inCart, addresses: [] });
    await typeNewAddress(user, fullAddress);
    await user.click(screen.getByRole('button', { name: 'Deliver here' }));
    await screen.findByRole('button', { name: 'Change this address' });
    await waitFor(() => expect(nextHeading()).toHaveFocus());
  });

  it('takes the patient to the first wrong field of a new address typed in part, and sends nothing', async () => {
    const { user, sent } = checkoutAgainst(placed(), { addresses: [] });
    await typeNewAddress(user, { 'Full name': 'Jane Doe', 'Address line 1': '1 Main Street' });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    const step = screen.getByRole('region', { name: 'Delivery address' });
    await waitFor(() => expect(within(step).getByLabelText('Phone number')).toHaveFocus());
    expect(within(step).getByLabelText('Phone number')).toHaveAttribute('aria-invalid', 'true');
    expect(within(step).getByLabelText('Full name')).toHaveValue('Jane Doe');
    expect(sent).toEqual([]);
  });

  it('names every step left at one press, each at its step, and takes the patient to the first', async () => {
    const { user, sent } = checkoutAgainst(placed(), { inCart: rxCart, addresses: [] });
    const delivery = await screen.findByRole('region', { name: 'Delivery address' });
    const prescriptionStep = screen.getByRole('group', { name: 'Prescription' });
    const payment = screen.getByRole('region', { name: 'Make a Payment' });
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await within(payment).findByText(PAYMENT_FORM_ERROR)).toBeInTheDocument();
    expect(within(delivery).getByText(ADDRESS_MISSING_MESSAGE)).toBeInTheDocument();
    expect(within(prescriptionStep).getByText(prescriptionNeededMessage(['Insulin']))).toBeInTheDocument();
    const focused = await focusAfterPress();
    expect(delivery).toContainElement(focused);
    expect(focused).toBeInstanceOf(HTMLInputElement);
    expect(sent).toEqual([]);
  });

  it('says each missing step with a valid card, and takes back a step’s message once it is done', async () => {
    const { user, sent } = checkoutAgainst(placed(), {
      inCart: rxCart,
      addresses: [],
      prescriptions: [prescription('rx-1'), prescription('rx-2')],
    });
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    const delivery = screen.getByRole('region', { name: 'Delivery address' });
    const prescriptionStep = screen.getByRole('group', { name: 'Prescription' });
    expect(await within(delivery).findByText(ADDRESS_MISSING_MESSAGE)).toBeInTheDocument();
    expect(within(prescriptionStep).getByText(prescriptionNeededMessage(['Insulin']))).toBeInTheDocument();
    expect(delivery).toContainElement(await focusAfterPress());
    await user.click(within(prescriptionStep).getAllByRole('radio')[0]!);
    expect(within(prescriptionStep).queryByText(prescriptionNeededMessage(['Insulin']))).not.toBeInTheDocument();
    expect(within(delivery).getByText(ADDRESS_MISSING_MESSAGE)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('takes the patient to the prescription step above a wrong card', async () => {
    const { user } = checkoutAgainst(placed(), { inCart: rxCart });
    const saved = await screen.findByRole('radio', { name: /1 Main Street/ });
    await waitFor(() => expect(saved).toBeChecked());
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findAllByText(prescriptionNeededMessage(['Insulin']))).not.toHaveLength(0);
    expect(await focusAfterPress()).toBe(screen.getByLabelText('Take a photo'));
  });

  it('leaves the focus at the card’s first wrong field when every other step is done', async () => {
    const { user } = checkoutAgainst(placed());
    const saved = await screen.findByRole('radio', { name: /1 Main Street/ });
    await waitFor(() => expect(saved).toBeChecked());
    await user.type(screen.getByLabelText('Cardholder name'), 'Jane Doe');
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findAllByText(PAYMENT_FORM_ERROR)).not.toHaveLength(0);
    expect(await focusAfterPress()).toBe(screen.getByLabelText('Card number'));
  });

  it('asks the shopper to pick when several fit, and sends nothing until then', async () => {
    const { user, sent } = checkoutAgainst(placed(), {
      inCart: rxCart,
      prescriptions: [prescription('rx-1'), prescription('rx-2')],
    });
    expect(await screen.findByText(PRESCRIPTION_CHOICE_MESSAGE)).toBeInTheDocument();
    for (const radio of screen.getAllByRole('radio', { name: /PDF uploaded/ })) expect(radio).not.toBeChecked();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findAllByText(prescriptionNeededMessage(['Insulin']))).not.toHaveLength(0);
    expect(sent).toEqual([]);
    await user.click(screen.getAllByRole('radio', { name: /PDF uploaded/ })[1]!);
    expect(screen.queryByText(PRESCRIPTION_CHOICE_MESSAGE)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ prescriptionId: 'rx-2' })]));
  });

  it('says a prescription still uploading is on its way rather than missing, and pays once it is there', async () => {
    let answerUpload: (answer: Response) => void = () => {};
    const uploaded = new Promise<Response>((resolve) => (answerUpload = resolve));
    const { user, sent } = checkoutAgainst(placed(), { inCart: rxCart, uploaded });
    await user.upload(
      await screen.findByLabelText('Choose a file'),
      new File(['%PDF-1.4'], 'prescription.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('Uploading…')).toBeInTheDocument();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findAllByText(PRESCRIPTION_UPLOADING_MESSAGE)).not.toHaveLength(0);
    expect(screen.queryByText(prescriptionNeededMessage(['Insulin']))).not.toBeInTheDocument();
    expect(sent).toEqual([]);
    answerUpload(json(201, { prescription: prescription('rx-new') }));
    expect(await screen.findByText('Prescription uploaded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(sent).toEqual([expect.objectContaining({ prescriptionId: 'rx-new' })]));
  });

  it('refuses a prescription over the size limit at once, without sending it on a slow connection first', async () => {
    const { user } = checkoutAgainst(placed(), { inCart: rxCart });
    const tooLarge = new File([new Uint8Array(PRESCRIPTION_MAX_BYTES + 1)], 'scan.pdf', { type: 'application/pdf' });
    await user.upload(await screen.findByLabelText('Choose a file'), tooLarge);
    expect(await screen.findByText(PRESCRIPTION_TOO_LARGE_MESSAGE)).toBeInTheDocument();
    expect(prescriptionUploads()).toEqual([]);
  });

  it('offers the camera and the file chooser only the types the server takes', async () => {
    checkoutAgainst(placed(), { inCart: rxCart });
    const accepted = (label: string) => screen.getByLabelText(label).getAttribute('accept')?.split(',');
    await screen.findByLabelText('Take a photo');
    expect(accepted('Take a photo')).toEqual(PRESCRIPTION_FILE_TYPES.filter((type) => type.startsWith('image/')));
    expect(accepted('Choose a file')).toEqual([...PRESCRIPTION_FILE_TYPES]);
  });

  it('refuses a photo of a type the server refuses (an iPhone’s HEIC) at once, with the server’s message', async () => {
    checkoutAgainst(placed(), { inCart: rxCart });
    // A chooser's "All files" lets any file through whatever the input accepts.
    const user = userEvent.setup({ applyAccept: false });
    const heic = new File([new Uint8Array(64)], 'IMG_0001.HEIC', { type: 'image/heic' });
    await user.upload(await screen.findByLabelText('Take a photo'), heic);
    expect(await screen.findByText(PRESCRIPTION_FILE_TYPE_MESSAGE)).toBeInTheDocument();
    expect(prescriptionUploads()).toEqual([]);
  });

  it('waits busy, not disabled, while a prescription uploads: neither input sends a second upload', async () => {
    // The upload is not answered: it stays on its way.
    const { user } = checkoutAgainst(placed(), { inCart: rxCart, uploaded: new Promise<Response>(() => undefined) });
    const scan = new File(['%PDF-1.4'], 'prescription.pdf', { type: 'application/pdf' });
    const photo = new File([new Uint8Array(64)], 'photo.jpg', { type: 'image/jpeg' });
    await user.upload(await screen.findByLabelText('Choose a file'), scan);
    expect(await screen.findByText('Uploading…')).toBeInTheDocument();
    for (const label of ['Take a photo', 'Choose a file']) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('aria-disabled', 'true');
      expect(input).toBeEnabled();
      // A press opens no chooser, and a file given to it otherwise (dropped on it) is not sent either.
      await user.upload(input, photo);
      fireEvent.change(input, { target: { files: [photo] } });
    }
    expect(prescriptionUploads()).toHaveLength(1);
  });

  it('says under the picker which files it takes, and each input is described by it', async () => {
    checkoutAgainst(placed(), { inCart: rxCart });
    for (const label of ['Take a photo', 'Choose a file'])
      expect(await screen.findByLabelText(label)).toHaveAccessibleDescription('JPEG, PNG, WebP or PDF, up to 10 MB.');
  });

  it('refuses at once a file the browser cannot type whose name ends in no type the server takes', async () => {
    checkoutAgainst(placed(), { inCart: rxCart });
    const user = userEvent.setup({ applyAccept: false });
    // A browser says "" of a type it does not know.
    const unknown = new File([new Uint8Array(64)], 'prescription.dat', { type: '' });
    await user.upload(await screen.findByLabelText('Choose a file'), unknown);
    expect(await screen.findByText(PRESCRIPTION_FILE_TYPE_MESSAGE)).toBeInTheDocument();
    expect(prescriptionUploads()).toEqual([]);
  });

  it('sends a file the browser cannot type when its name ends as a type the server takes: the server judges it', async () => {
    checkoutAgainst(placed(), {
      inCart: rxCart,
      uploaded: Promise.resolve(json(201, { prescription: prescription('rx-new') })),
    });
    const scan = new File(['%PDF-1.4'], 'SCAN.PDF', { type: '' });
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(await screen.findByLabelText('Choose a file'), scan);
    expect(await screen.findByText('Prescription uploaded')).toBeInTheDocument();
    expect(prescriptionUploads()).toHaveLength(1);
  });

  it.each([
    ['no answer came', noAnswer()],
    ['the load balancer answered 502', balancerPage(502)],
    ['the load balancer answered 503', balancerPage(503)],
  ])('sends the order once more with the same key when %s, then shows it placed', async (_, lost) => {
    const { user, sent, keys } = checkoutAgainst([lost, placed()]);
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Order placed!')).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends a refused order once, and its next Pay with the same key', async () => {
    const refusal = () => json(409, { message: 'Only 1 of Paracetamol left in stock.' });
    const { user, sent, keys } = checkoutAgainst([refusal(), refusal()]);
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText('Only 1 of Paracetamol left in stock.')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('says the shop cannot be reached when the second send is lost too', async () => {
    const { user, sent } = checkoutAgainst([noAnswer(), noAnswer()]);
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByText(CANNOT_REACH_SHOP_MESSAGE)).toBeInTheDocument();
    expect(sent).toHaveLength(2);
    expect(screen.queryByText('Order placed!')).not.toBeInTheDocument();
  });
});
