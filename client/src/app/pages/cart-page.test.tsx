import {
  CHECKOUT_NAVIGATION_DELAY_MS,
  formatPrice,
  maxPerOrderMessage,
  PATHS,
  ROLE,
  shortOfStockMessage,
  type CartItem,
} from '@apotheca/contract';
import { screen, within } from '@testing-library/react';
import { Route, Routes, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserRequest } from '../../test/browser-request';
import { cartItemFixture } from '../../test/cart-item.fixture';
import { json } from '../../test/json-response';
import { renderWithStore } from '../../test/render-with-store';
import { HeaderCartLink } from '../layouts/header-cart-link';
import CartPage from './cart-page';

/** Stands in for the checkout page: the browser's Back button, and nothing else. */
function CheckoutStandIn() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('CartPage', () => {
  it('goes to checkout once on a double click of Proceed to Checkout, so Back returns to the cart', async () => {
    stubBrowserRequest();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
      Promise.resolve(json(200, { cart: { _id: 'cart-1', totalPrice: 21.98, items: [cartItemFixture()] } })),
    );
    const { user } = renderWithStore(
      <Routes>
        <Route path={PATHS.cart} element={<CartPage />} />
        <Route path={PATHS.checkout} element={<CheckoutStandIn />} />
      </Routes>,
      { path: PATHS.cart, signedInAs: ROLE.user },
    );

    const proceed = await screen.findByRole('button', { name: 'Proceed to Checkout' });
    await user.dblClick(proceed);
    // It waits busy, not disabled, so the keyboard's focus stays on it.
    expect(proceed).toHaveAttribute('aria-disabled', 'true');
    expect(proceed).toBeEnabled();
    expect(await screen.findAllByText('Proceeding to checkout...')).toHaveLength(1);
    // The shopper waits the toast's moment for the checkout page.
    await user.click(
      await screen.findByRole('button', { name: 'Back' }, { timeout: 2 * CHECKOUT_NAVIGATION_DELAY_MS }),
    );
    expect(await screen.findByRole('heading', { name: 'Your Cart' })).toBeInTheDocument();
  });
});

describe('CartPage Delete Cart', () => {
  it('waits busy, not disabled, while the cart is cleared, and a second press sends nothing', async () => {
    stubBrowserRequest();
    let clears = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      if ((input as Request).method === 'DELETE') {
        clears += 1;
        // The clear is not answered: it stays on its way.
        return new Promise<Response>(() => undefined);
      }
      return Promise.resolve(json(200, { cart: { _id: 'cart-1', totalPrice: 21.98, items: [cartItemFixture()] } }));
    });
    const { user } = renderWithStore(<CartPage />, { path: PATHS.cart, signedInAs: ROLE.user });

    const clear = await screen.findByRole('button', { name: 'Delete Cart' });
    await user.click(clear);
    await vi.waitFor(() => expect(clears).toBe(1));
    expect(clear).toHaveAttribute('aria-disabled', 'true');
    expect(clear).toBeEnabled();
    await user.click(clear);
    expect(clears).toBe(1);
  });
});

describe('CartPage quantity buttons', () => {
  it('waits for the cart to be read again after a change, so a second tap on − never meets the quantity it already left', async () => {
    stubBrowserRequest();
    const atTwo = cartItemFixture({ quantity: 2, qty: 2 });
    const atOne = cartItemFixture({ quantity: 1, qty: 1 });
    let answerReread: (answer: Response) => void = () => {};
    let reads = 0;
    let changes = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      const request = input as Request;
      if (request.method === 'PATCH') {
        changes += 1;
        return Promise.resolve(json(200, { updatedItem: atOne }));
      }
      reads += 1;
      if (reads === 1)
        return Promise.resolve(json(200, { cart: { _id: 'cart-1', totalPrice: 21.98, items: [atTwo] } }));
      return new Promise<Response>((resolve) => (answerReread = resolve));
    });
    const { user } = renderWithStore(<CartPage />, { path: PATHS.cart, signedInAs: ROLE.user });

    const decrease = await screen.findByRole('button', { name: `Decrease quantity of ${atTwo.name}` });
    await user.click(decrease);
    await vi.waitFor(() => expect(reads).toBe(2));
    // The change is made, the cart not yet read again: its old quantity is on screen, and − waits.
    expect(decrease).toHaveAttribute('aria-disabled', 'true');
    await user.click(decrease);
    expect(changes).toBe(1);

    answerReread(json(200, { cart: { _id: 'cart-1', totalPrice: 10.99, items: [atOne] } }));
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: `Increase quantity of ${atTwo.name}` })).not.toHaveAttribute(
        'aria-disabled',
      ),
    );
    expect(screen.getByRole('group', { name: `Quantity of ${atTwo.name}` })).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: `Decrease quantity of ${atTwo.name}` })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});

/** The cart's `n`th line, of another medicine than the fixture's, with its quantity and stock. */
const otherLine = (n: number, name: string, quantity: number, stock: number) =>
  cartItemFixture({
    _id: `item-${n}`,
    cartItemId: `item-${n}`,
    medicineId: { _id: `med-${n}`, name },
    name,
    quantity,
    qty: quantity,
    stock,
  });

/** The cart page of a patient whose cart holds `items`, with a stand-in checkout behind Proceed. */
function renderCartOf(items: CartItem[]) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(() =>
    Promise.resolve(json(200, { cart: { _id: 'cart-1', totalPrice: 54.95, items } })),
  );
  return renderWithStore(
    <Routes>
      <Route path={PATHS.cart} element={<CartPage />} />
      <Route path={PATHS.checkout} element={<CheckoutStandIn />} />
    </Routes>,
    { path: PATHS.cart, signedInAs: ROLE.user },
  ).user;
}

describe('CartPage lines short of stock', () => {
  it('marks each line above its stock, on its card and in the summary, and Proceed to Checkout names them instead of going on', async () => {
    stubBrowserRequest();
    // Amoxicillin's only lot was recalled; Ibuprofen sold down to 1 while 3 sat in the cart.
    const recalled = cartItemFixture({ quantity: 2, qty: 2, stock: 0 });
    const short = otherLine(2, 'Ibuprofen', 3, 1);
    const enough = otherLine(3, 'Cetirizine', 2, 2);
    const user = renderCartOf([recalled, short, enough]);

    const cards = await screen.findAllByRole('article');
    expect(cards[0]).toHaveTextContent('Out of stock');
    expect(cards[1]).toHaveTextContent('Only 1 left');
    expect(cards[2]).not.toHaveTextContent(/Out of stock|left/);
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByRole('row', { name: /Amoxicillin/ })).toHaveTextContent('Out of stock');
    expect(within(summary).getByRole('row', { name: /Ibuprofen/ })).toHaveTextContent('Only 1 left');
    expect(within(summary).getByRole('row', { name: /Cetirizine/ })).not.toHaveTextContent(/Out of stock|left/);

    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(shortOfStockMessage(['Amoxicillin', 'Ibuprofen']));
    // Checkout is not on its way: the button does not wait for it.
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).not.toHaveAttribute('aria-disabled');
  });
});

describe('CartPage lines above a limit per order', () => {
  it('marks a line above a limit lowered after it was added, beside a short one, and Proceed to Checkout names both in one alert', async () => {
    stubBrowserRequest();
    // Staff lowered Ibuprofen's limit per order to 2 while 3 sat in the cart; Amoxicillin's lot was recalled.
    const recalled = cartItemFixture({ quantity: 2, qty: 2, stock: 0 });
    const overLimit = { ...otherLine(2, 'Ibuprofen', 3, 10), maxPerOrder: 2 };
    const atLimit = { ...otherLine(3, 'Cetirizine', 2, 10), maxPerOrder: 2 };
    const user = renderCartOf([recalled, overLimit, atLimit]);

    const cards = await screen.findAllByRole('article');
    expect(cards[1]).toHaveTextContent('At most 2 per order');
    expect(cards[2]).not.toHaveTextContent('At most');
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByRole('row', { name: /Ibuprofen/ })).toHaveTextContent('At most 2 per order');
    expect(within(summary).getByRole('row', { name: /Cetirizine/ })).not.toHaveTextContent('per order');

    await user.click(screen.getByRole('button', { name: 'Proceed to Checkout' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toHaveTextContent(shortOfStockMessage(['Amoxicillin']));
    expect(alerts[0]).toHaveTextContent(maxPerOrderMessage(2, 'Ibuprofen'));
    expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).not.toHaveAttribute('aria-disabled');
  });
});

describe('CartPage stock', () => {
  it('reads the cart again when opened, so a line the header read before its lot was recalled is marked', async () => {
    stubBrowserRequest();
    let reads = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => {
      reads += 1;
      // The header's read, then the recall: the only lot of Amoxicillin can no longer be sold.
      const stock = reads === 1 ? 5 : 0;
      return Promise.resolve(
        json(200, { cart: { _id: 'cart-1', totalPrice: 21.98, items: [cartItemFixture({ stock })] } }),
      );
    });
    const { user } = renderWithStore(
      <>
        <HeaderCartLink />
        <Routes>
          <Route path={PATHS.home} element={null} />
          <Route path={PATHS.cart} element={<CartPage />} />
        </Routes>
      </>,
      { signedInAs: ROLE.user },
    );
    await vi.waitFor(() => expect(reads).toBe(1));

    await user.click(await screen.findByRole('link', { name: /Cart, 2 items/ }));
    expect(await screen.findByRole('article')).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getByRole('article')).toHaveTextContent('Out of stock'));
  });
});

describe('CartPage Proceed while the cart is read again', () => {
  it('waits for the fresh cart, so a line over a limit lowered since the header read it is named, not sent on to checkout', async () => {
    stubBrowserRequest();
    let reads = 0;
    let answerRead: () => void = () => {};
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => {
      reads += 1;
      // The header's read, then the staff lowered the limit to 1: the cart page's own read answers late.
      if (reads === 1)
        return Promise.resolve(json(200, { cart: { _id: 'cart-1', totalPrice: 21.98, items: [cartItemFixture()] } }));
      const fresh = json(200, {
        cart: { _id: 'cart-1', totalPrice: 21.98, items: [cartItemFixture({ maxPerOrder: 1 })] },
      });
      return new Promise((resolve) => {
        answerRead = () => resolve(fresh);
      });
    });
    const { user } = renderWithStore(
      <>
        <HeaderCartLink />
        <Routes>
          <Route path={PATHS.home} element={null} />
          <Route path={PATHS.cart} element={<CartPage />} />
          <Route path={PATHS.checkout} element={<CheckoutStandIn />} />
        </Routes>
      </>,
      { signedInAs: ROLE.user },
    );
    await vi.waitFor(() => expect(reads).toBe(1));

    await user.click(await screen.findByRole('link', { name: /Cart, 2 items/ }));
    const proceed = await screen.findByRole('button', { name: 'Proceed to Checkout' });
    await vi.waitFor(() => expect(reads).toBe(2));
    await user.click(proceed);
    expect(proceed).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByText('Proceeding to checkout...')).not.toBeInTheDocument();

    answerRead();
    await vi.waitFor(() => expect(proceed).not.toHaveAttribute('aria-disabled'));
    await user.click(proceed);
    expect(await screen.findByRole('alert')).toHaveTextContent(maxPerOrderMessage(1, cartItemFixture().name));
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });
});

describe('CartPage lines of prescription-only medicines', () => {
  it("marks a prescription-only medicine's line with the catalogue's Rx mark, so the patient knows checkout asks for a prescription", async () => {
    stubBrowserRequest();
    const prescriptionOnly = cartItemFixture({ prescriptionRequired: true });
    const overTheCounter = otherLine(2, 'Ibuprofen', 1, 10);
    renderCartOf([prescriptionOnly, overTheCounter]);

    const cards = await screen.findAllByRole('article');
    expect(within(cards[0]!).getByTitle('Prescription required')).toHaveTextContent('Rx');
    expect(cards[0]).toHaveTextContent('Prescription required');
    expect(within(cards[1]!).queryByTitle('Prescription required')).toBeNull();
    expect(cards[1]).not.toHaveTextContent('Prescription required');
  });
});

describe('CartPage quantity steps', () => {
  /**
   * A shop whose quantity changes answer only when the test lets them, as on a slow connection: the cart
   * it reads back holds what the steps it has answered made of the line.
   */
  function slowShop(line: CartItem, { refuse }: { refuse?: string } = {}) {
    let quantity = line.quantity;
    const waiting: (() => void)[] = [];
    const operations: string[] = [];
    const cart = () => {
      const item = { ...line, quantity, qty: quantity };
      return { cart: { _id: 'cart-1', totalPrice: item.price * quantity, items: [item] } };
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const request = input as Request;
      if (request.method !== 'PATCH') return json(200, cart());
      const { operation } = (await request.json()) as { operation: string };
      operations.push(operation);
      await new Promise<void>((resolve) => waiting.push(resolve));
      // With `refuse`, every step after the first is refused with that message.
      if (refuse && operations.length > 1) return json(409, { message: refuse });
      quantity += operation === 'increment' ? 1 : -1;
      return json(200, { updatedItem: cart().cart.items[0] });
    });
    return {
      operations,
      quantity: () => quantity,
      /** Answers the step on its way. */
      answerOne: async () => {
        waiting.shift()?.();
        await new Promise((resolve) => setTimeout(resolve, 10));
      },
      /** Answers every step sent so far, one after the other. */
      answerAll: async () => {
        while (waiting.length > 0) {
          waiting.shift()?.();
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      },
      waiting: () => waiting.length,
    };
  }

  /**
   * The figures of one line on the screen: the card's quantity, the summary's quantity and total, the
   * grand total and the header's count, which a patient expects to agree.
   */
  function figuresOf(line: CartItem) {
    const summary = screen.getByRole('region', { name: 'Order summary' });
    const row = within(summary).getByRole('row', { name: new RegExp(line.name) });
    return {
      card: within(screen.getByRole('group', { name: `Quantity of ${line.name}` })).getByLabelText('Quantity')
        .textContent,
      summary: within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
      grandTotal: within(summary).getByRole('row', { name: /Grand total/ }).textContent,
      badge: screen.getByRole('link', { name: /^Cart/ }).getAttribute('aria-label'),
    };
  }
  /** The cart page under the header's cart link, as a patient sees both. */
  const renderCartAndHeader = () =>
    renderWithStore(
      <>
        <HeaderCartLink />
        <CartPage />
      </>,
      { path: PATHS.cart, signedInAs: ROLE.user },
    );
  /** The line's + button, once the cart's first reading lets it be pressed. */
  async function plusOf(line: CartItem) {
    const plus = await screen.findByRole('button', { name: `Increase quantity of ${line.name}` });
    await vi.waitFor(() => expect(plus).not.toHaveAttribute('aria-disabled'));
    return plus;
  }
  /** What figuresOf reads when the line's quantity is `quantity`. */
  const figuresAt = (line: CartItem, quantity: number) => ({
    card: String(quantity),
    summary: [line.name, String(quantity), formatPrice(line.price * quantity)],
    grandTotal: `Grand total${formatPrice(line.price * quantity)}`,
    badge: `Cart, ${quantity} items`,
  });

  it('counts each of two quick presses of + on a slow connection, on screen and at the shop, the summary and the header agreeing with the card', async () => {
    stubBrowserRequest();
    const line = cartItemFixture({ quantity: 2, qty: 2, stock: 10 });
    const shop = slowShop(line);
    const { user } = renderCartAndHeader();
    const plus = await plusOf(line);
    await user.click(plus);
    await user.click(plus);
    // Both presses show before the shop has answered the first, on the card, in the summary and in the header.
    expect(figuresOf(line)).toEqual(figuresAt(line, 4));
    await vi.waitFor(() => expect(shop.waiting()).toBe(1));
    // The first step answered, the second on its way: the figures still agree.
    await shop.answerOne();
    await vi.waitFor(() => expect(shop.waiting()).toBe(1));
    expect(shop.quantity()).toBe(3);
    expect(figuresOf(line)).toEqual(figuresAt(line, 4));
    await vi.waitFor(async () => {
      await shop.answerAll();
      expect(shop.operations).toEqual(['increment', 'increment']);
      expect(shop.waiting()).toBe(0);
    });
    expect(shop.quantity()).toBe(4);
    await vi.waitFor(() => expect(plus).not.toHaveAttribute('aria-disabled'));
    expect(figuresOf(line)).toEqual(figuresAt(line, 4));
  });

  it('shows the shop’s quantity again everywhere when a step is refused, and says why', async () => {
    stubBrowserRequest();
    const line = cartItemFixture({ quantity: 2, qty: 2, stock: 10 });
    const shop = slowShop(line, { refuse: maxPerOrderMessage(3, line.name) });
    const { user } = renderCartAndHeader();
    const plus = await plusOf(line);
    await user.click(plus);
    await user.click(plus);
    expect(figuresOf(line)).toEqual(figuresAt(line, 4));
    // The shop takes the first step and refuses the second, for a limit lowered meanwhile.
    await vi.waitFor(async () => {
      await shop.answerAll();
      expect(shop.operations).toEqual(['increment', 'increment']);
      expect(shop.waiting()).toBe(0);
    });
    expect(await screen.findByText(maxPerOrderMessage(3, line.name))).toBeInTheDocument();
    await vi.waitFor(() => expect(figuresOf(line)).toEqual(figuresAt(line, 3)));
    expect(shop.quantity()).toBe(3);
  });

  it('counts a press made while the cart is read again after a step, on the card, in the summary and in the header', async () => {
    stubBrowserRequest();
    const line = cartItemFixture({ quantity: 2, qty: 2, stock: 10 });
    let quantity = line.quantity;
    const operations: string[] = [];
    const held: (() => void)[] = [];
    const cart = () => ({
      cart: { _id: 'cart-1', totalPrice: line.price * quantity, items: [{ ...line, quantity, qty: quantity }] },
    });
    // The first step is answered at once; every later call waits for the test.
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const request = input as Request;
      if (operations.length > 0) await new Promise<void>((resolve) => held.push(resolve));
      if (request.method !== 'PATCH') return json(200, cart());
      operations.push(((await request.json()) as { operation: string }).operation);
      quantity += 1;
      return json(200, { updatedItem: cart().cart.items[0] });
    });
    const { user } = renderCartAndHeader();
    const plus = await plusOf(line);
    await user.click(plus);
    // The step is answered and the cart read again; the reading has not answered when + is pressed again.
    await vi.waitFor(() => expect(held).toHaveLength(1));
    await user.click(plus);
    expect(figuresOf(line)).toEqual(figuresAt(line, 4));
    // The reading answers 3, the shop's quantity before the second press: the press is counted on it, and
    // its step is sent.
    held.shift()?.();
    await vi.waitFor(() => expect(held).toHaveLength(1));
    expect(figuresOf(line)).toEqual(figuresAt(line, 4));
    held.shift()?.();
    await vi.waitFor(() => expect(operations).toEqual(['increment', 'increment']));
    expect(figuresOf(line)).toEqual(figuresAt(line, 4));
    // The cart is read once more after the second step.
    await vi.waitFor(() => expect(held).toHaveLength(1));
    held.shift()?.();
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Proceed to Checkout' })).not.toHaveAttribute('aria-disabled'),
    );
    expect(quantity).toBe(4);
    expect(figuresOf(line)).toEqual(figuresAt(line, 4));
  });

  it('never steps a line past its stock nor below 1, however quickly the buttons are pressed', async () => {
    stubBrowserRequest();
    const line = cartItemFixture({ quantity: 2, qty: 2, stock: 3 });
    const shop = slowShop(line);
    const { user } = renderWithStore(<CartPage />, { path: PATHS.cart, signedInAs: ROLE.user });

    const plus = await screen.findByRole('button', { name: `Increase quantity of ${line.name}` });
    const minus = screen.getByRole('button', { name: `Decrease quantity of ${line.name}` });
    const shown = () =>
      within(screen.getByRole('group', { name: `Quantity of ${line.name}` })).getByLabelText('Quantity');
    await user.click(plus);
    await user.click(plus);
    expect(shown()).toHaveTextContent('3');
    for (let press = 0; press < 4; press += 1) await user.click(minus);
    expect(shown()).toHaveTextContent('1');
    await vi.waitFor(async () => {
      await shop.answerAll();
      expect(shop.waiting()).toBe(0);
      expect(shop.quantity()).toBe(1);
    });
    expect(shown()).toHaveTextContent('1');
  });
});
