import {
  ADMIN_ORDERS_PAGE_SIZE,
  formatPrice,
  OWN_ORDER_MESSAGE,
  pagedPath,
  PATHS,
  type Order,
} from '@apotheca/contract';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openOrderRow, pageAs, placeOrder, testPayment, useAdminSession } from './support/admin-fixtures';
import { api, createShopper, LONG_NAME, longEmail, toast } from './support/shop';
import {
  baseUrl,
  cellsOnScreen,
  hasFocus,
  saveScreenshot,
  sidewaysScroll,
  tableOnLaptop,
  textsOf,
  useBrowser,
  withinScreenWidth,
} from './support/browser';

/** The colour family of a status badge, read from its classes (yellow, green or red). */
async function badgeColour(badge: Locator): Promise<string | undefined> {
  return (await badge.getAttribute('class'))?.match(/bg-(yellow|green|red)-/)?.[1];
}

describe('the admin works through the orders', () => {
  const browser = useBrowser();
  const admin = useAdminSession();
  it("shows a shopper's order; changing its status re-colours the badge", async () => {
    const shopper = await createShopper();
    const order = await placeOrder(shopper);
    const page = await pageAs(browser, admin);
    const row = await openOrderRow(page, order);

    expect(await row.getByRole('cell').allTextContents()).toEqual(
      expect.arrayContaining(['Ann Shopper', formatPrice(order.totalPrice), 'View Items']),
    );
    const status = row.getByRole('cell').nth(2).locator('span');
    expect(await status.textContent()).toBe(order.status);
    expect(await badgeColour(status)).toBe(order.status === 'Pending' ? 'yellow' : 'green');
    const payment = row.getByRole('cell').nth(3).locator('span');
    expect(await badgeColour(payment)).toBe((await payment.textContent()) === 'Paid' ? 'green' : 'red');

    const select = row.getByRole('combobox', { name: `Update status of order ${order.number}` });
    await select.focus();
    await select.selectOption('Accepted');
    await toast(page, 'Order status updated to Accepted');
    await status.filter({ hasText: 'Accepted' }).waitFor();
    // The select keeps the keyboard while the change is saved: the next row is a Tab away, not the page's top.
    expect(await hasFocus(select)).toBe(true);
    expect(await badgeColour(status)).toBe('green');
    expect((await api<{ order: Order }>(`/orders/single-product/${order._id}`, {}, admin.token)).order.status).toBe(
      'Accepted',
    );

    await select.selectOption('Pending');
    await status.filter({ hasText: 'Pending' }).waitFor();
    expect(await badgeColour(status)).toBe('yellow');
  });

  it('opens an order, lists its items and updates its status from the detail screen', async () => {
    const shopper = await createShopper();
    const order = await placeOrder(shopper);
    const page = await pageAs(browser, admin);
    const row = await openOrderRow(page, order);
    await row.getByRole('link', { name: `View items of order ${order.number}` }).click();
    await page.waitForURL(`${baseUrl()}/admin/orders/${order._id}`);

    await page.getByText(order._id).waitFor();
    const items = page.getByRole('table', { name: 'Items of the order' });
    await items.waitFor();
    for (const item of order.items) {
      const itemRow = items.getByRole('row').filter({ has: page.getByRole('rowheader', { name: item.name }) });
      expect(await itemRow.getByRole('cell').allTextContents()).toEqual([
        formatPrice(item.price),
        String(item.quantity),
        formatPrice(item.price * item.quantity),
      ]);
    }

    await page.getByLabel('New status').selectOption('Dispatched');
    await page.getByRole('button', { name: 'Update Status' }).click();
    // Dispatching asks for the parcel first; carrier and tracking number are optional.
    const dialog = page.getByRole('dialog', { name: 'Dispatch this order' });
    await dialog.getByRole('button', { name: 'Dispatch' }).click();
    await toast(page, 'Order status updated to Dispatched');
    // The order is fetched again: the badge follows, and the select starts from the new status.
    await page.locator('dd span', { hasText: 'Dispatched' }).waitFor();
    expect(await page.getByLabel('New status').inputValue()).toBe('Dispatched');
    // The dialog gave the keyboard back to the button, which keeps it once the change is saved.
    expect(await hasFocus(page.getByRole('button', { name: 'Update Status' }))).toBe(true);
  });

  it('pages through more than 8 orders, 8 at a time', async () => {
    const shopper = await createShopper();
    for (let i = 0; i < ADMIN_ORDERS_PAGE_SIZE + 1; i += 1) await placeOrder(shopper);
    const { orders } = await api<{ orders: Order[] }>('/orders', {}, admin.token);
    const pageCount = Math.ceil(orders.length / ADMIN_ORDERS_PAGE_SIZE);

    const page = await pageAs(browser, admin);
    await page.goto(PATHS.adminOrders);
    const table = page.getByRole('table', { name: 'All orders' });
    const bodyRows = table.locator('tbody tr');
    await bodyRows.first().waitFor();
    expect(await bodyRows.count()).toBe(ADMIN_ORDERS_PAGE_SIZE);
    const firstPageIds = await table.locator('tbody th').allInnerTexts();
    expect(firstPageIds).toEqual(orders.slice(0, ADMIN_ORDERS_PAGE_SIZE).map((order) => order.number));

    const nav = page.getByRole('navigation', { name: 'Order pages' });
    expect(await nav.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await nav.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/\/admin\/orders\?page=2$/);
    await nav.getByRole('button', { name: 'Page 2' }).and(page.locator('[aria-current="page"]')).waitFor();
    // The next page comes from the server: the rows follow once it answers.
    await expect
      .poll(() => table.locator('tbody th').allInnerTexts())
      .toEqual(orders.slice(ADMIN_ORDERS_PAGE_SIZE, 2 * ADMIN_ORDERS_PAGE_SIZE).map((order) => order.number));

    await nav.getByRole('button', { name: `Page ${pageCount}`, exact: true }).click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === pagedPath(PATHS.adminOrders, pageCount));
    // The URL changes before the page it names is drawn: wait for the last page's buttons.
    await expect.poll(() => nav.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await expect.poll(() => bodyRows.count()).toBe(orders.length - (pageCount - 1) * ADMIN_ORDERS_PAGE_SIZE);
    await nav.getByRole('button', { name: 'Previous' }).click();
    // The label follows the click's navigation: wait for it rather than read it at once.
    await nav.getByText(`Page ${pageCount - 1} of ${pageCount}`).waitFor();

    // The page is in the URL: coming back from an order's items returns to it.
    await table
      .getByRole('link', { name: /^View items of order / })
      .first()
      .click();
    await page.waitForURL(/\/admin\/orders\/[^/?]+$/);
    await page.goBack();
    await nav.getByText(`Page ${pageCount - 1} of ${pageCount}`).waitFor();
  });

  it("keeps a long list's page buttons on one line on a phone, Previous and Next included", async () => {
    const shopper = await createShopper();
    const { total } = await api<{ total: number }>('/orders', {}, admin.token);
    // Nine pages at least, so a middle page shows both gaps: the widest the buttons get.
    for (let i = total; i < 8 * ADMIN_ORDERS_PAGE_SIZE + 1; i += 1) await placeOrder(shopper);
    const page = await pageAs(browser, admin, 'mobile');
    await page.goto(pagedPath(PATHS.adminOrders, 5));
    const nav = page.getByRole('navigation', { name: 'Order pages' });
    await nav.getByRole('button', { name: 'Page 5' }).and(page.locator('[aria-current="page"]')).waitFor();
    await saveScreenshot(page, 'admin-orders-pages-375');
    // One line: every item's middle within a few pixels of the others' (the gaps' dots sit a little lower).
    const middles = await nav.locator('li:visible').evaluateAll((items) =>
      items.map((item) => {
        const box = item.getBoundingClientRect();
        return box.top + box.height / 2;
      }),
    );
    expect(Math.max(...middles) - Math.min(...middles), `middles ${middles.join(', ')}`).toBeLessThan(6);
    for (const name of ['Previous', 'Page 1', 'Page 5', 'Next'])
      expect(await nav.getByRole('button', { name }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it("says 'No orders available.' for an empty list and 'Error: {message}' when the list fails", async () => {
    const page = await pageAs(browser, admin);
    await page.route('**/api/orders?*', (route) => route.fulfill({ json: { orders: [], total: 0 } }));
    await page.goto(PATHS.adminOrders);
    await expect.poll(() => textsOf(page.locator('main p'))).toContain('No orders available.');
    expect(await page.getByRole('table').count()).toBe(0);

    await page.unroute('**/api/orders?*');
    await page.route('**/api/orders?*', (route) =>
      route.fulfill({ status: 503, json: { message: 'The database is not answering' } }),
    );
    await page.reload();
    await expect.poll(() => textsOf(page.getByRole('alert'))).toContain('Error: The database is not answering');
  });

  it('searches by order number or patient and filters by status on the server, asking for one page only', async () => {
    const shopper = await createShopper();
    const first = await placeOrder(shopper);
    const second = await placeOrder(shopper);
    await api(
      `/orders/update-order/${first._id}`,
      { method: 'PATCH', body: JSON.stringify({ status: 'Dispatched' }) },
      admin.token,
    );
    const page = await pageAs(browser, admin);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/orders') asked.push(url.search);
    });
    await page.goto(PATHS.adminOrders);
    const table = page.getByRole('table', { name: 'All orders' });
    await table.locator('tbody tr').first().waitFor();
    // Never the whole list: every call names its page.
    expect(asked.every((search) => new URLSearchParams(search).get('limit') === String(ADMIN_ORDERS_PAGE_SIZE))).toBe(
      true,
    );

    const search = page.getByRole('search', { name: 'Search orders' });
    await search.getByLabel('Search orders').fill(second.number);
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByText('1 matching order', { exact: true }).waitFor();
    expect(await table.locator('tbody th').allInnerTexts()).toEqual([second.number]);

    await search.getByLabel('Search orders').fill(shopper.user.email);
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByText('2 matching orders').waitFor();
    expect(await table.locator('tbody th').allInnerTexts()).toEqual([second.number, first.number]);

    await search.getByLabel('Status').selectOption('Dispatched');
    await page.getByText('1 matching order', { exact: true }).waitFor();
    expect(await table.locator('tbody th').allInnerTexts()).toEqual([first.number]);
    expect(new URL(page.url()).searchParams.get('status')).toBe('Dispatched');
  });

  it('keeps the status column in view on a phone', async () => {
    const shopper = await createShopper();
    const order = await placeOrder(shopper);
    const page = await pageAs(browser, admin);
    await page.setViewportSize({ width: 375, height: 800 });
    const row = await openOrderRow(page, order);
    const status = row.getByRole('cell').filter({ hasText: order.status }).first();
    // The whole status cell is on screen: on a phone the order is a card, with nothing pinned over it.
    expect(await withinScreenWidth(status)).toBe(true);
    // The search box is wide enough to say what it searches by: the status filter goes below it.
    const placeholderFits = await page.getByRole('searchbox', { name: 'Search orders' }).evaluate((input) => {
      const box = input as HTMLInputElement;
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = getComputedStyle(box).font;
      const padding = parseFloat(getComputedStyle(box).paddingLeft) + parseFloat(getComputedStyle(box).paddingRight);
      return context.measureText(box.placeholder).width <= box.clientWidth - padding;
    });
    expect(placeholderFits).toBe(true);
    await saveScreenshot(page, 'admin-orders-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await saveScreenshot(page, 'admin-orders-1280');
  });
  it("fits a phone: each order's every column, its status select and View Items on the screen, nothing to scroll sideways", async () => {
    const stamp = `orders-${Date.now()}`;
    const shopper = await createShopper(longEmail(stamp), LONG_NAME);
    // A page and one more, so the page buttons show below the list; the newest, first in the list, paid.
    for (let placed = 0; placed < ADMIN_ORDERS_PAGE_SIZE; placed += 1) await placeOrder(shopper);
    const paid = await placeOrder(shopper, testPayment());
    const page = await pageAs(browser, admin, 'mobile');
    await page.goto(`${PATHS.adminOrders}?${new URLSearchParams({ q: stamp }).toString()}`);
    const table = page.getByRole('table', { name: 'All orders' });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: paid.number, exact: true }) });
    await row.waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    // Every column is shown whole on the screen, a long patient's name too, with what the admin reads in it.
    const cells = await cellsOnScreen(row, 7);
    const shown = await row.innerText();
    for (const value of [LONG_NAME.first_name, formatPrice(paid.totalPrice), paid.status, paid.paymentStatus])
      expect(shown).toContain(value);
    for (const control of [
      row.getByRole('combobox', { name: `Update status of order ${paid.number}` }),
      row.getByRole('link', { name: `View items of order ${paid.number}` }),
      page.getByRole('searchbox', { name: 'Search orders' }),
      page.getByRole('combobox', { name: 'Status', exact: true }),
      page.getByRole('button', { name: 'Search', exact: true }),
      page.getByRole('navigation', { name: 'Order pages' }).getByRole('button', { name: 'Next' }),
    ])
      expect(await withinScreenWidth(control), String(control)).toBe(true);
    await saveScreenshot(page, 'admin-orders-phone-375');
    // A laptop keeps the table: the product's columns side by side, each row on one line.
    await tableOnLaptop(table, cells, [
      'Order ID',
      'User',
      'Total Price',
      'Status',
      'Payment Status',
      'Update Order Status',
      'View Items',
    ]);
    await saveScreenshot(page, 'admin-orders-phone-1280');
    await page.context().close();
  });

  it('asks before canceling an order from the list: Keep it changes nothing, confirming cancels it', async () => {
    const shopper = await createShopper();
    const order = await placeOrder(shopper);
    const page = await pageAs(browser, admin);
    const row = await openOrderRow(page, order);
    const select = row.getByRole('combobox', { name: `Update status of order ${order.number}` });
    const storedStatus = async () =>
      (await api<{ order: Order }>(`/orders/single-product/${order._id}`, {}, admin.token)).order.status;

    // A slip of the select would cancel the patient's order and mail them: it is asked first.
    await select.selectOption('Canceled');
    const dialog = page.getByRole('dialog', { name: `Cancel order ${order.number}?` });
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await select.inputValue()).toBe(order.status);
    expect(await storedStatus()).toBe(order.status);

    await select.selectOption('Canceled');
    await dialog.getByRole('button', { name: 'Cancel the order' }).click();
    await toast(page, 'Order status updated to Canceled');
    expect(await storedStatus()).toBe('Canceled');
    await page.context().close();
  });
  it('highlights a row under the pointer to its end, its sticky View Items cell included', async () => {
    const order = await placeOrder(await createShopper());
    const page = await pageAs(browser, admin);
    const row = await openOrderRow(page, order);
    await row.hover();
    const background = (part: Locator) => part.evaluate((element) => getComputedStyle(element).backgroundColor);
    // The row turns grey under the pointer; the View Items cell, painted white to cover what scrolls under it, too.
    await expect.poll(() => background(row)).not.toBe('rgba(0, 0, 0, 0)');
    expect(await background(row.getByRole('cell').last())).toBe(await background(row));
    await page.context().close();
  });
  it("offers the admin no status change of their own order: the list's select is disabled and the order page says why", async () => {
    const order = await placeOrder(admin);
    const page = await pageAs(browser, admin);
    const row = await openOrderRow(page, order);
    const select = row.getByRole('combobox', { name: `Update status of order ${order.number}` });
    expect(await select.isDisabled()).toBe(true);
    const why = page.locator(`[id="${await select.getAttribute('aria-describedby')}"]`);
    expect(await why.textContent()).toBe(OWN_ORDER_MESSAGE);
    expect(await why.isVisible()).toBe(true);

    await row.getByRole('link', { name: `View items of order ${order.number}` }).click();
    await page.getByRole('note').filter({ hasText: OWN_ORDER_MESSAGE }).waitFor();
    expect(await page.getByRole('button', { name: 'Update Status' }).count()).toBe(0);
    await page.context().close();
  });
});
