import {
  CART_CHANGED_MESSAGE,
  formatPrice,
  type OrdersResponse,
  PATHS,
  prescriptionNeededMessage,
  recalledLotMessage,
} from '@apotheca/contract';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { placeOrder } from './support/admin-fixtures';
import { violations } from './support/axe';
import { baseUrl, openPage, saveScreenshot, textsOf, useBrowser, VIEWPORTS } from './support/browser';
import {
  addToCart,
  api,
  createShopper,
  holdToast,
  medicinesInStock,
  payByCard,
  saveAddress,
  toast,
  toastGapBelowHeader,
  toastTexts,
  shopperPage,
} from './support/shop';

/** SPEC's text under 'Order failed' when the page already says the reason. */
const ORDER_FAILED = 'Something went wrong. Please try again.';

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
const lastYear = String((new Date().getFullYear() - 1) % 100).padStart(2, '0');

type Box = { x: number; y: number; width: number; height: number };
/** Whether two boxes on screen share any area: one hides part of the other. */
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const card = (page: Page, name: string) =>
  page.locator('article', { has: page.getByRole('heading', { name, exact: true }) });

/** A signed-in shopper's page (at `viewport`), with a saved address and one medicine in the cart. */
async function shopperReadyToPay(browser: Browser, viewport?: keyof typeof VIEWPORTS) {
  const shopper = await createShopper();
  await saveAddress(shopper.token);
  const [medicine] = await medicinesInStock(1);
  await addToCart(shopper.token, medicine!._id);
  const page = await shopperPage(browser, shopper, viewport);
  return { page, medicine: medicine!, shopper };
}

/**
 * The shopper's checkout (at `viewport`) after a press of Pay now that the server refuses with `status`
 * and `message`, once SPEC's 'Order failed' toast shows.
 */
async function refusedPayNow(
  browser: Browser,
  viewport: keyof typeof VIEWPORTS,
  status: number,
  message: (name: string) => string,
) {
  const { page, medicine } = await shopperReadyToPay(browser, viewport);
  const refusal = message(medicine.name);
  await page.route('**/api/orders/add-order', (route) => route.fulfill({ status, json: { message: refusal } }));
  await page.goto(PATHS.checkout);
  await page.getByRole('radio', { name: /St James Square/ }).waitFor();
  await payByCard(page);
  await toast(page, 'Order failed');
  return { page, refusal };
}

describe('cart, checkout and orders in chromium', () => {
  const browser = useBrowser();
  it('sends a visitor who adds to the cart to /login with the toast asking to log in first', async () => {
    const page = await openPage(browser, PATHS.home);
    await page.getByRole('heading', { name: 'Top Sellers' }).waitFor();
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    await expect.poll(() => toastTexts(page)).toContain('Please login to add item to cart');
    await page.waitForURL(`${baseUrl()}/login`);
    await page.context().close();
  });

  // At 375 px the toast that asks to log in lay over the login page's heading, which a phone's reader reads first.
  it.for(['mobile', 'desktop'] as const)(
    "keeps the login-needed toast at %s width top right, off the login page's heading and first field",
    async (viewport) => {
      const page = await openPage(browser, PATHS.home, viewport);
      await page.getByRole('heading', { name: 'Top Sellers' }).waitFor();
      await page.getByRole('button', { name: 'Add to cart' }).first().click();
      await page.waitForURL(`${baseUrl()}/login`);
      await toast(page, 'Please login to add item to cart');
      await holdToast(page);
      await saveScreenshot(page, `login-needed-toast-${viewport}`, { fullPage: false });
      const [toastBox, headingBox, labelBox, fieldBox, bannerBox] = await Promise.all(
        [
          page.locator('[data-sonner-toast]'),
          page.getByRole('heading', { level: 1, name: 'Login' }),
          page.getByText('Email', { exact: true }),
          page.getByLabel('Email'),
          page.getByRole('banner'),
        ].map((locator) => locator.boundingBox()),
      );
      expect([headingBox, labelBox, fieldBox, bannerBox].filter((box) => overlap(toastBox!, box!))).toEqual([]);
      // Top right: its right edge at the window's, less the toaster's margin.
      expect(VIEWPORTS[viewport].width - (toastBox!.x + toastBox!.width)).toBeLessThanOrEqual(16);
      await page.context().close();
    },
  );

  /** A new shopper's catalogue, and its first card that can be added, not in the cart yet. */
  const firstCardNotInCart = async () => {
    const page = await shopperPage(browser, await createShopper());
    await page.goto(PATHS.medicines);
    const first = page
      .locator('article')
      .filter({ has: page.getByRole('button', { name: 'Add to cart' }) })
      .first();
    await first.getByText('Not in cart').waitFor();
    return { page, first };
  };

  it('adds to the cart once, shows it on the card, and answers a second add with the info message', async () => {
    const { page, first } = await firstCardNotInCart();
    await first.getByRole('button', { name: 'Add to cart' }).click();
    await toast(page, 'Item added to cart');
    await first.getByText('In cart · Quantity: 1').waitFor();
    await first.getByRole('button', { name: 'Add to cart' }).click();
    await toast(page, 'Item already added to cart');
    await page.getByRole('link', { name: 'Cart' }).first().click();
    await page.getByRole('heading', { name: 'Your Cart' }).waitFor();
    await page.locator('article').first().waitFor();
    expect(await page.locator('article').count()).toBe(1);
    await page.context().close();
  });

  it('says one thing for a double press of Add to cart while the cart is read again slowly', async () => {
    const { page, first } = await firstCardNotInCart();
    // From now on the cart's reading never arrives, as on a slow connection; the adds still go through.
    await page.route('**/api/cart', () => undefined);
    const adds: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/cart/add')) adds.push(request.method());
    });
    const button = first.getByRole('button', { name: 'Add to cart' });
    await button.click();
    await toast(page, 'Item added to cart');
    await button.click();
    await toast(page, 'Item already added to cart');
    expect(adds).toEqual(['POST']);
    expect(await toastTexts(page)).toEqual(['Item already added to cart']);
    await first.getByText('In cart · Quantity: 1').waitFor();
    await page.context().close();
  });

  it('changes quantities (never below 1), removes an item and clears the cart', async () => {
    const shopper = await createShopper();
    const [first, second] = await medicinesInStock(2);
    await addToCart(shopper.token, first!._id);
    await addToCart(shopper.token, second!._id);
    const page = await shopperPage(browser, shopper);
    await page.goto(PATHS.cart);
    const item = card(page, first!.name);
    const quantity = item.locator('output');
    await item.waitFor();
    expect(await item.getByRole('button', { name: /Decrease/ }).isDisabled()).toBe(true);
    await item.getByRole('button', { name: /Increase/ }).click();
    await page.waitForFunction(() => document.querySelector('article output')?.textContent === '2');
    expect(await quantity.textContent()).toBe('2');
    const summary = page.locator('table');
    await summary.getByText(formatPrice(first!.price * 2 + second!.price)).waitFor();
    await item.getByRole('button', { name: /Decrease/ }).click();
    await page.waitForFunction(() => document.querySelector('article output')?.textContent === '1');
    expect(await item.getByRole('button', { name: /Decrease/ }).isDisabled()).toBe(true);

    await card(page, second!.name).getByRole('button', { name: 'Remove' }).click();
    await card(page, second!.name).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete Cart' }).click();
    await toast(page, 'Cart cleared successfully.');
    await page.getByText('Your cart is empty.').waitFor();
    await page.getByRole('link', { name: 'Start shopping now' }).click();
    await page.waitForURL(`${baseUrl()}/medicines`);
    await page.context().close();
  });

  for (const viewport of ['mobile', 'desktop'] as const)
    it(`shows one quantity on the card, in the summary and in the header while steps wait for a slow shop (${viewport})`, async () => {
      const shopper = await createShopper();
      const [medicine] = await medicinesInStock(1);
      await addToCart(shopper.token, medicine!._id);
      const page = await shopperPage(browser, shopper, viewport);
      // The shop's answers to the steps wait until the test lets them through, as on a slow connection.
      const held: (() => void)[] = [];
      let steps = 0;
      await page.route('**/api/cart/update/**', (route) => {
        steps += 1;
        return new Promise<void>((answer) => held.push(() => answer(route.continue())));
      });
      await page.goto(PATHS.cart);
      const item = card(page, medicine!.name);
      const figures = async () => ({
        card: await item.locator('output').textContent(),
        summary: await page.getByRole('row', { name: new RegExp(medicine!.name) }).textContent(),
        total: await page.getByRole('row', { name: /Grand total/ }).textContent(),
        header: await page.getByRole('link', { name: /^Cart, / }).getAttribute('aria-label'),
      });
      const at = (quantity: number) => ({
        card: String(quantity),
        summary: `${medicine!.name}${quantity}${formatPrice(medicine!.price * quantity)}`,
        total: `Grand total${formatPrice(medicine!.price * quantity)}`,
        header: `Cart, ${quantity} items`,
      });

      const plus = item.getByRole('button', { name: /Increase/ });
      await plus.click();
      await plus.click();
      await expect.poll(figures).toEqual(at(3));
      // The second step waits for the answer to the first.
      expect(steps).toBe(1);
      await saveScreenshot(page, `cart-steps-waiting-${viewport}`);
      // Once both steps are answered the cart is read again.
      const reread = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/cart');
      await expect
        .poll(() => {
          for (const answer of held.splice(0)) answer();
          return steps === 2 && held.length === 0;
        })
        .toBe(true);
      await reread;
      expect(await figures()).toEqual(at(3));
      await saveScreenshot(page, `cart-steps-answered-${viewport}`);
      await page.context().close();
    });

  // A patient with the checkout open in one tab who changed the cart in another paid for an order the
  // checkout's summary had never shown: the server builds it from the cart as it is now.
  it.for(['mobile', 'desktop'] as const)(
    "shows a cart changed in another tab in this tab's summary and header count at %s width, and places the order shown",
    async (viewport) => {
      const { page: cartTab, medicine, shopper } = await shopperReadyToPay(browser, viewport);
      const checkoutTab = await cartTab.context().newPage();
      await checkoutTab.goto(PATHS.checkout);
      await checkoutTab.getByRole('heading', { name: 'Make a Payment' }).waitFor();
      const shopTab = await cartTab.context().newPage();
      await shopTab.goto(PATHS.medicines);
      const headerCount = shopTab.getByRole('link', { name: /^Cart, / }).filter({ visible: true });
      await expect.poll(() => headerCount.getAttribute('aria-label')).toBe('Cart, 1 item');

      await cartTab.goto(PATHS.cart);
      await card(cartTab, medicine.name)
        .getByRole('button', { name: /Increase/ })
        .click();
      await expect.poll(() => card(cartTab, medicine.name).locator('output').textContent()).toBe('2');

      await checkoutTab.bringToFront();
      const total = checkoutTab.getByRole('row', { name: /Grand total/ });
      await expect.poll(() => total.textContent()).toBe(`Grand total${formatPrice(medicine.price * 2)}`);
      await saveScreenshot(checkoutTab, `checkout-cart-changed-in-another-tab-${viewport}`);
      await expect.poll(() => headerCount.getAttribute('aria-label')).toBe('Cart, 2 items');
      await payByCard(checkoutTab);
      await toast(checkoutTab, 'Order placed!');
      const { orders } = await api<OrdersResponse>('/orders/my-orders', {}, shopper.token);
      expect(orders.map((order) => order.items.map((item) => item.quantity))).toEqual([[2]]);
      await cartTab.context().close();
    },
  );

  // Another device changed the cart after the checkout read it, where no tab of this browser could tell:
  // the server refuses to charge what the page did not show, and the page shows the cart as it now is.
  it('refuses to charge a cart changed on another device since the checkout showed it, shows it, and places it next', async () => {
    const { page, medicine, shopper } = await shopperReadyToPay(browser);
    await page.goto(PATHS.checkout);
    await page.getByRole('radio', { name: /St James Square/ }).waitFor();
    const total = page.getByRole('row', { name: /Grand total/ });
    await expect.poll(() => total.textContent()).toBe(`Grand total${formatPrice(medicine.price)}`);
    const other = (await medicinesInStock(2)).find(({ _id }) => _id !== medicine._id)!;
    await addToCart(shopper.token, other._id);

    await payByCard(page);
    await toast(page, CART_CHANGED_MESSAGE);
    await expect.poll(() => total.textContent()).toBe(`Grand total${formatPrice(medicine.price + other.price)}`);
    expect((await api<OrdersResponse>('/orders/my-orders', {}, shopper.token)).orders).toEqual([]);
    await saveScreenshot(page, 'checkout-cart-changed-on-another-device');

    await payByCard(page);
    await toast(page, 'Order placed!');
    const { orders } = await api<OrdersResponse>('/orders/my-orders', {}, shopper.token);
    expect(orders.map((order) => order.items.map((item) => item.name).sort())).toEqual([
      [medicine.name, other.name].sort(),
    ]);
    await page.context().close();
  });

  it('steps a quantity with the keyboard, the focus staying on the button pressed', async () => {
    const shopper = await createShopper();
    const [medicine] = await medicinesInStock(1);
    await addToCart(shopper.token, medicine!._id);
    const page = await shopperPage(browser, shopper);
    await page.goto(PATHS.cart);
    const item = card(page, medicine!.name);
    const quantity = item.locator('output');
    await item.getByRole('button', { name: /Increase/ }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => quantity.textContent()).toBe('2');
    await page.keyboard.press('Enter');
    await expect.poll(() => quantity.textContent()).toBe('3');
    await page.context().close();
  });

  it('asks for the checkout page while "Proceeding to checkout..." shows, not once the page is opened', async () => {
    const { page } = await shopperReadyToPay(browser);
    await page.goto(PATHS.cart);
    const asked = page.waitForRequest((request) =>
      new URL(request.url()).pathname.startsWith('/assets/checkout-page-'),
    );
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await asked;
    // Asked for from the cart, in the toast's moment: a slow connection then opens the checkout when the
    // moment is over, where it showed a loading page for as long again after it.
    expect(new URL(page.url()).pathname).toBe(PATHS.cart);
    await page.waitForURL(`${baseUrl()}${PATHS.checkout}`);
    await page.getByRole('heading', { name: 'Make a Payment' }).waitFor();
    await page.context().close();
  });

  it('checks out: bad card data is refused, good data places the order, which My orders lists', async () => {
    const { page, medicine } = await shopperReadyToPay(browser);
    await page.goto(PATHS.cart);
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await toast(page, 'Proceeding to checkout...');
    await page.waitForURL(`${baseUrl()}/checkout`);
    await page.getByRole('heading', { name: 'Make a Payment' }).waitFor();

    await page.getByLabel('Cardholder name').fill('ann shopper');
    expect(await page.getByLabel('Cardholder name').inputValue()).toBe('ANN SHOPPER');
    await page.getByLabel('Card number').fill('1234 5678');
    await page.getByLabel('Expiration (MM/YY)').fill(`01/${lastYear}`);
    await page.getByLabel('CVV').fill('12');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await toast(page, 'Validation Error – Please fix the errors in the form.');
    await page.getByText('Card Number must be exactly 12 digits.').waitFor();
    await page.getByText('Year cannot be in the past.').waitFor();
    await page.getByText('CVV must be exactly 3 digits.').waitFor();

    await page.getByLabel('Card number').fill('123456789012345');
    expect(await page.getByLabel('Card number').inputValue()).toBe('123456789012');
    await page.getByLabel('Expiration (MM/YY)').fill(`12/${nextYear}`);
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await toast(page, 'Order placed!');
    await page.getByText('Your order has been successfully placed.').waitFor();
    await page.waitForURL(`${baseUrl()}/`);

    await page.goto(PATHS.orders);
    const row = page.locator('tbody tr').first();
    await row.waitFor();
    await row.getByText('Pending').waitFor();
    await row.click();
    await page.getByText(medicine.name, { exact: true }).waitFor();
    await page.getByText(`${formatPrice(medicine.price)} × 1`).waitFor();
    await page.context().close();
  });

  // The toast comes with the page's alert of the same refusal (a recalled lot, stock gone, a lower limit).
  it.for(['mobile', 'desktop'] as const)(
    "keeps a refused Pay now's toast at %s width off the page's heading and back link, and says the reason once",
    async (viewport) => {
      const { page, refusal } = await refusedPayNow(browser, viewport, 409, (name) =>
        recalledLotMessage(name, 'L0999-Z'),
      );
      await page.getByRole('alert').filter({ hasText: refusal }).waitFor();
      expect(await toastTexts(page)).toEqual([`Order failed${ORDER_FAILED}`]);
      // Read from the page's top, where the shopper goes back to their cart.
      await page.evaluate(() => window.scrollTo(0, 0));
      const heading = page.getByRole('heading', { level: 1, name: 'Checkout' });
      const backLink = page.getByRole('link', { name: '← Back to cart' });
      expect(await toastGapBelowHeader(page, [heading, backLink])).toBeGreaterThanOrEqual(0);
      await saveScreenshot(page, `checkout-refused-toast-${viewport}`, { fullPage: false });
      await page.context().close();
    },
  );

  it('keeps a long toast on a phone to the top right, compact, its text wrapped inside it and readable', async () => {
    // A refusal the page has no alert of: the toast says the server's reason, a long one.
    const { page, refusal } = await refusedPayNow(browser, 'mobile', 400, (name) => prescriptionNeededMessage([name]));
    expect(await toastTexts(page)).toEqual([`Order failed${refusal}`]);
    await holdToast(page);
    const toastBox = (await page.locator('[data-sonner-toast]').boundingBox())!;
    const { width } = VIEWPORTS.mobile;
    expect(toastBox.width).toBeLessThanOrEqual(width * 0.8);
    expect(toastBox.width).toBeGreaterThanOrEqual(width * 0.6);
    expect(toastBox.x + toastBox.width).toBeGreaterThan(width - 32);
    const description = page.locator('[data-sonner-toast] [data-description]');
    expect(await description.evaluate((text) => text.scrollWidth - text.clientWidth)).toBeLessThanOrEqual(0);
    expect(await violations(page, '[data-sonner-toaster]')).toEqual([]);
    await saveScreenshot(page, 'checkout-long-toast-mobile', { fullPage: false });
    await page.context().close();
  });

  it('pays with the keyboard only', async () => {
    const { page } = await shopperReadyToPay(browser);
    await page.goto(PATHS.checkout);
    await page.getByRole('heading', { name: 'Make a Payment' }).waitFor();
    await page.getByLabel('Cardholder name').waitFor();
    await page.getByRole('radio', { name: /St James Square/ }).waitFor();
    // From the top of the page: the logo, 'Back to cart', the saved addresses (one stop, the default
    // chosen), then the payment form's fields in order.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('cc-name');
    await page.keyboard.type('KEY BOARD');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123456789012');
    await page.keyboard.press('Tab');
    await page.keyboard.type(`06${nextYear}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type('321');
    await page.keyboard.press('Enter');
    await toast(page, 'Order placed!');
    await page.waitForURL(`${baseUrl()}/`);
    await page.context().close();
  });

  it("alerts 'Cart is Empty' at checkout with nothing in the cart and goes to /", async () => {
    const shopper = await createShopper();
    const page = await shopperPage(browser, shopper);
    const alert = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.accept();
      }),
    );
    await page.goto(PATHS.checkout);
    expect(await alert).toBe('Cart is Empty');
    await page.waitForURL(`${baseUrl()}/`);
    await page.context().close();
  });

  // On a phone the open order's details widened the table's columns: the rows above it jumped sideways.
  it.for(['mobile', 'desktop'] as const)(
    'keeps My orders’ columns where they are at %s width when an order is opened',
    async (viewport) => {
      const shopper = await createShopper();
      await placeOrder(shopper);
      const order = await placeOrder(shopper);
      const page = await shopperPage(browser, shopper, viewport);
      await page.goto(PATHS.orders);
      const opener = page.getByRole('button', { name: order.number });
      await opener.waitFor();
      const columns = async () =>
        Promise.all(
          [...(await page.locator('thead th:visible').all()), opener, page.locator('tbody tr').first()].map(
            async (cell) => {
              const box = (await cell.boundingBox())!;
              return [Math.round(box.x), Math.round(box.width)];
            },
          ),
        );
      const closed = await columns();
      await saveScreenshot(page, `my-orders-closed-${viewport}`, { fullPage: false });
      await opener.click();
      await page.getByRole('button', { name: 'Order again' }).waitFor();
      await saveScreenshot(page, `my-orders-open-${viewport}`, { fullPage: false });
      expect(await columns()).toEqual(closed);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(VIEWPORTS[viewport].width);
      await page.context().close();
    },
  );

  it("shows 'No Orders Yet' to a shopper without orders", async () => {
    const shopper = await createShopper();
    const page = await shopperPage(browser, shopper);
    await page.goto(PATHS.orders);
    await expect.poll(() => textsOf(page.locator('main p'))).toContain('No Orders Yet');
    expect(await page.getByRole('table').count()).toBe(0);
    await page.getByRole('link', { name: 'Start Shopping' }).click();
    await page.waitForURL(`${baseUrl()}/medicines`);
    await expect.poll(() => textsOf(page.getByRole('heading', { level: 1 }))).toContain('Medicines');
    await page.context().close();
  });
});
