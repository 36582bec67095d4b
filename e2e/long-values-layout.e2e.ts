import {
  formatPrice,
  adminOrderPath,
  adminRecallPath,
  type Batch,
  cataloguePath,
  CATEGORIES,
  medicinePath,
  type Order,
  PATHS,
} from '@apotheca/contract';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openOrderRow, pageAs, useOwnMedicine } from './support/admin-fixtures';
import { baseUrl, hasFocus, openPage, saveScreenshot, sidewaysScroll, useBrowser, VIEWPORTS } from './support/browser';
import { addToCart, api, createShopper, DELIVERY_ADDRESS, PASSWORD, saveAddress, shopperPage } from './support/shop';

// Real catalogues and customers have names and addresses far longer than the demo's: each screen
// below must still fit its reader's screen, every column of its tables in view.

/** How far a table's frame scrolls sideways: 0 when every column is in view. */
const tableScroll = (table: Locator) =>
  table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth);

/** How many lines the text of `element` takes on screen. */
const linesOf = (element: Locator) =>
  element.evaluate((node) => {
    const text = document.createRange();
    text.selectNodeContents(node);
    return text.getBoundingClientRect().height / parseFloat(getComputedStyle(node).lineHeight);
  });

/**
 * The choices of the selects `selects` finds that would show cut once chosen: those whose text, beside
 * its select's padding and arrow, needs more than the select's width. A select clips its text inside
 * itself, so its scrollWidth never exceeds its clientWidth; a copy of it holding that choice alone, at
 * the width it asks for, says what the text needs.
 */
const cutChoices = (selects: Locator) =>
  selects.evaluateAll((elements: HTMLSelectElement[]) =>
    elements.flatMap((element) =>
      [...element.options]
        .map((option) => option.text)
        .filter((text) => {
          const alone = element.cloneNode(false) as HTMLSelectElement;
          alone.removeAttribute('id');
          alone.append(new Option(text));
          alone.style.width = 'auto';
          alone.style.position = 'absolute';
          element.after(alone);
          const needed = alone.getBoundingClientRect().width;
          alone.remove();
          return needed > element.getBoundingClientRect().width;
        }),
    ),
  );

/** The catalogue's selects as every visit starts them. */
const STARTING_CHOICES = ['All categories', 'Featured'];

describe('long names and e-mail addresses', () => {
  const browser = useBrowser();
  const { admin, medicine } = useOwnMedicine('Hydroxychloroquine-Sulfate-Extended-Release', {
    developedBy: 'Bristol Myers Squibb Pharmaceutical Research Institute',
    stock: '20',
    price: '1234.99',
  });
  const longEmail = `bartholomew.featherstonehaugh-williamson.${Date.now()}@example-pharmacy-customer.co.uk`;
  let order: Order;
  let shopper: Awaited<ReturnType<typeof createShopper>>;

  beforeAll(async () => {
    shopper = await createShopper(longEmail);
    await addToCart(shopper.token, medicine._id);
    ({ order } = await api<{ order: Order }>(
      '/orders/add-order',
      { method: 'POST', body: JSON.stringify({ address: DELIVERY_ADDRESS }) },
      shopper.token,
    ));
  });

  it.for([true, false])(
    'shows a medicine with a long name on a phone without sideways scroll (JavaScript on: %s)',
    async (javaScriptEnabled) => {
      const context = await browser.newContext({ baseURL: baseUrl(), viewport: VIEWPORTS.mobile, javaScriptEnabled });
      const page = await context.newPage();
      await page.goto(medicinePath(medicine._id));
      const heading = page.getByRole('heading', { level: 1, name: medicine.name });
      await heading.waitFor();
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      const box = await heading.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
      await context.close();
    },
  );

  // A phone, a tablet upright and on its side, a laptop.
  it.for([VIEWPORTS.mobile.width, 768, 1024, VIEWPORTS.desktop.width])(
    "shows each category and sort in the catalogue's filters whole, %i px wide",
    async (width) => {
      const page = await openPage(browser, PATHS.medicines);
      await page.setViewportSize({ width, height: VIEWPORTS.mobile.height });
      const filters = page.getByRole('form', { name: 'Filters' });
      await filters.getByRole('combobox', { name: 'Category' }).waitFor();
      await saveScreenshot(page, `catalogue-filters-${width}`, { fullPage: false });
      // 'All categories', the choice every visit starts with, lost its last letter on a phone. A phone
      // keeps both selects on one row (the first medicine's picture stays in view), where Category is as
      // wide as its chosen text (the next test) and a longer sort may be cut; from a tablet up, every
      // choice is whole.
      const cut = await cutChoices(filters.locator('select'));
      expect(width === VIEWPORTS.mobile.width ? cut.filter((text) => STARTING_CHOICES.includes(text)) : cut).toEqual(
        [],
      );
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await page.context().close();
    },
  );

  it("shows each of the shop's categories whole once chosen on a phone, beside Sort by and above the first medicine's picture", async () => {
    // A small phone's first screen, where the first medicine's picture must stay in view.
    const phone = { width: VIEWPORTS.mobile.width, height: 667 };
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: phone });
    const page = await context.newPage();
    const longest = CATEGORIES.reduce((long, next) => (next.length > long.length ? next : long));
    for (const category of CATEGORIES) {
      await page.goto(cataloguePath({ category }));
      const filters = page.getByRole('form', { name: 'Filters' });
      const select = filters.getByRole('combobox', { name: 'Category' });
      await page.locator('article img').first().waitFor();
      expect(await select.inputValue()).toBe(category);
      if (category === longest)
        await saveScreenshot(page, `catalogue-filters-long-category-${phone.width}`, { fullPage: false });
      expect(await cutChoices(select), category).not.toContain(category);
      const sort = (await filters.getByRole('combobox', { name: 'Sort by' }).boundingBox())!;
      expect(sort.y, `${category}: Sort by on the same row`).toBe((await select.boundingBox())!.y);
      const picture = (await page.locator('article img').first().boundingBox())!;
      expect(picture.y + picture.height, category).toBeLessThanOrEqual(phone.height);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    }
    await context.close();
  });

  it.for(['mobile', 'desktop'] as const)(
    "shows each status whole in the orders list's filter and selects and on the order's page, on a %s",
    async (viewport) => {
      const page = await pageAs(browser, admin);
      await page.setViewportSize(VIEWPORTS[viewport]);
      // On a phone the list leaves out its rows' status selects; at a laptop's width they are measured too.
      await openOrderRow(page, order);
      await saveScreenshot(page, `admin-orders-${VIEWPORTS[viewport].width}`, { fullPage: false });
      expect(await cutChoices(page.locator('select'))).toEqual([]);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

      await page.goto(adminOrderPath(order._id));
      const status = page.getByRole('combobox', { name: 'New status' });
      await status.waitFor();
      await saveScreenshot(page, `admin-order-status-${VIEWPORTS[viewport].width}`);
      expect(await cutChoices(page.locator('select'))).toEqual([]);
      expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
      await page.context().close();
    },
  );

  it("shows every column of the order's items, its total included, on the admin's order page on a phone", async () => {
    const page = await pageAs(browser, admin);
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(adminOrderPath(order._id));
    const items = page.getByRole('table', { name: 'Items of the order' });
    await items.getByRole('rowheader', { name: medicine.name }).waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await tableScroll(items)).toBeLessThanOrEqual(0);
    const total = items.getByRole('row', { name: /Total/ }).getByRole('cell');
    expect(await total.textContent()).toBe(formatPrice(order.totalPrice));
    const box = await total.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
    await page.context().close();
  });

  it("keeps an item's price and quantity on one line in My orders on a phone", async () => {
    const page = await shopperPage(browser, shopper, 'mobile');
    await page.goto(PATHS.orders);
    await page.getByRole('row').filter({ hasText: order.number }).click();
    const figures = page.getByText(`${formatPrice(medicine.price)} × 1`);
    await figures.waitFor();
    // The text's own box (the element stretches to its row's height): one line high.
    const [height, lineHeight] = await figures.evaluate((element) => {
      const text = document.createRange();
      text.selectNodeContents(element);
      return [text.getBoundingClientRect().height, parseFloat(getComputedStyle(element).lineHeight)];
    });
    expect(height).toBeLessThan(lineHeight * 1.5);
    await page.context().close();
  });

  it("keeps a long e-mail to a few lines in the users' list on a phone, in the width of the user's card", async () => {
    const page = await pageAs(browser, admin);
    await page.setViewportSize(VIEWPORTS.mobile);
    await page.goto(`${PATHS.adminUsers}?${new URLSearchParams({ q: longEmail }).toString()}`);
    const email = page.getByRole('table', { name: 'Users' }).getByText(longEmail);
    await email.waitFor();
    // Squeezed to the width of its longest run of letters, the address took a line for every few of them.
    expect(await linesOf(email)).toBeLessThanOrEqual(5);
    await page.context().close();
  });

  it("keeps an e-mail to two lines at most in the users' list at a laptop's width beside a long name", async () => {
    const email = `bart.${Date.now()}@example.com`;
    await api('/auth/register', {
      method: 'POST',
      body: JSON.stringify({
        first_name: 'Bartholomewmaximilian',
        last_name: 'Featherstonehaughworthington',
        email,
        password: PASSWORD,
        ph_no: '0123456789',
      }),
    });
    const page = await pageAs(browser, admin);
    await page.goto(`${PATHS.adminUsers}?${new URLSearchParams({ q: email }).toString()}`);
    const users = page.getByRole('table', { name: 'Users' });
    await users.getByRole('combobox').waitFor();
    await saveScreenshot(page, 'users-long-name-1280');
    // The name kept on one line took the row's width, and the address the admin knows the user by, the
    // one column left to wrap, was squeezed to a few letters a line.
    expect(await linesOf(users.getByText(email))).toBeLessThan(2.5);
    expect(await tableScroll(users)).toBeLessThanOrEqual(0);
    await page.context().close();
  });

  it("keeps the recall's Status and the users' Role in view at a laptop's width beside a long e-mail", async () => {
    const { batches } = await api<{ batches: Batch[] }>(`/medicines/${medicine._id}/batches`, {}, admin.token);
    const drawnFrom = batches.find((batch) => batch.quantity > 0)!;
    await api(
      `/medicines/${medicine._id}/batches/${drawnFrom._id}/recall`,
      { method: 'POST', body: JSON.stringify({ reason: 'Contaminated at the plant' }) },
      admin.token,
    );
    const page = await pageAs(browser, admin);

    await page.goto(adminRecallPath(drawnFrom._id));
    const orders = page.getByRole('table', { name: `Orders that drew from lot ${drawnFrom.lot}` });
    const row = orders.getByRole('row').filter({ has: page.getByRole('link', { name: order.number }) });
    await row.getByText('On hold').waitFor();
    expect(await tableScroll(orders)).toBeLessThanOrEqual(0);

    await page.goto(`${PATHS.adminUsers}?${new URLSearchParams({ q: longEmail }).toString()}`);
    const users = page.getByRole('table', { name: 'Users' });
    await users.getByRole('combobox').waitFor();
    expect(await tableScroll(users)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});

describe('the fixed header', () => {
  const browser = useBrowser();

  it('leaves the first field a form refuses in view below it on a phone', async () => {
    const shopper = await createShopper();
    await saveAddress(shopper.token);
    const page = await shopperPage(browser, shopper, 'mobile');
    await page.goto(PATHS.addresses);
    await page.getByRole('button', { name: 'Add address' }).click();
    const field = page.getByLabel('Full name');
    await page.getByText('Phone number is required.').waitFor();
    // The form moves the focus once its check is over, which a busy machine may show after the messages.
    await expect.poll(() => hasFocus(field)).toBe(true);
    const header = await page.getByRole('banner').boundingBox();
    const box = await field.boundingBox();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await page.context().close();
  });
});
