import { PATHS, medicinePath } from '@apotheca/contract';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { newPage, useBrowser } from './support/browser';
import { addToCart, createShopper, listMedicines, medicinesInStock, shopperPage } from './support/shop';
import { violations } from './support/axe';
import { adminSession, pageAs } from './support/admin-fixtures';

describe('accessibility of every storefront route (axe-core)', () => {
  const browser = useBrowser();
  // Each test's pages mostly wait (for the network to settle, for axe), so the four run side by side.
  it.concurrent.for(['desktop', 'mobile'] as const)(
    'finds no violation on the public routes (%s)',
    { timeout: 180_000 },
    async (viewport, { expect }) => {
      const { medicines } = await listMedicines('limit=1');
      const page = await newPage(browser, viewport);
      const routes = [
        [PATHS.home, 'Top Sellers'],
        [PATHS.medicines, 'Medicines'],
        [medicinePath(medicines[0]!._id), medicines[0]!.name],
        [PATHS.about, 'About Apotheca'],
        [PATHS.contact, 'Contact us'],
        [PATHS.login, 'Login'],
        [PATHS.register, 'Create your account'],
        [PATHS.forgotPassword, 'Forgot password'],
        ['/no/such/page', 'Page Not Found'],
      ] as const;
      for (const [path, heading] of routes) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await violations(page), path).toEqual([]);
      }
      await page.context().close();
    },
  );

  it.concurrent.for(['desktop', 'mobile'] as const)(
    'finds no violation on the shopper routes (%s)',
    { timeout: 180_000 },
    async (viewport, { expect }) => {
      const shopper = await createShopper();
      const [medicine] = await medicinesInStock(1);
      await addToCart(shopper.token, medicine!._id);
      const page = await shopperPage(browser, shopper, viewport);
      for (const [path, heading] of [
        [PATHS.cart, 'Your Cart'],
        [PATHS.checkout, 'Make a Payment'],
        [PATHS.profile, 'Your profile'],
        [PATHS.orders, 'My orders'],
        [PATHS.addresses, 'My addresses'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading }).waitFor();
        await page.waitForLoadState('networkidle');
        expect(await violations(page), path).toEqual([]);
      }
      // The form's errors are part of the page too.
      await page.goto(PATHS.register);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await page.getByText('First name is required.').waitFor();
      expect(await violations(page), '/register with errors').toEqual([]);
      await page.context().close();
    },
  );
});

/** What has the keyboard's focus: its tag and its text, as a screen reader would start reading. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName.toLowerCase()}: ${element.textContent?.trim() ?? ''}` : null;
  });

describe('a keyboard and screen reader user', () => {
  const browser = useBrowser();

  it('arrives at each page it follows a link to: its heading has focus and the title names it', async ({ expect }) => {
    // The catalogue's first card, as it lists them.
    const {
      medicines: [medicine],
    } = await listMedicines('limit=1');
    const page = await newPage(browser);
    await page.goto(PATHS.home);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Medicines' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('h1: Medicines');
    expect(await page.title()).toBe('Medicines · Apotheca');
    // The followed link left with the page it was on: focus does not fall back to the document's start.
    await page.getByRole('main').getByRole('link', { name: medicine!.name, exact: true }).first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe(`h1: ${medicine!.name}`);
    expect(await page.title()).toBe(`${medicine!.name} · Apotheca`);
    await page.context().close();
  });

  it('sees a page a link opens from its top, as a page loaded anew, and comes back to its place', async ({
    expect,
  }) => {
    for (const viewport of ['mobile', 'desktop'] as const) {
      const page = await newPage(browser, viewport);
      await page.goto(PATHS.medicines);
      const cards = page.getByRole('main').locator(`a[href^="${PATHS.medicines}/"]`);
      const card = cards.last();
      await card.scrollIntoViewIfNeeded();
      const listScroll = await page.evaluate(() => window.scrollY);
      expect(listScroll, viewport).toBeGreaterThan(500);
      await card.click();
      await expect.poll(() => focused(page), { message: viewport }).toMatch(/^h1: /);
      expect(await page.evaluate(() => window.scrollY), viewport).toBe(0);
      // The heading sits below the header, not under it.
      const header = await page.getByRole('banner').boundingBox();
      const heading = await page.getByRole('heading', { level: 1 }).boundingBox();
      expect(heading!.y, viewport).toBeGreaterThanOrEqual(header!.y + header!.height);
      await page.goBack();
      await page.getByRole('heading', { name: 'Medicines', exact: true }).waitFor();
      await expect.poll(() => page.evaluate(() => window.scrollY), { message: viewport }).toBe(listScroll);
      await page.context().close();
    }
  });

  it('keeps its place in the cart when an item it removes leaves with the focused button', async ({ expect }) => {
    const shopper = await createShopper();
    for (const medicine of await medicinesInStock(2)) await addToCart(shopper.token, medicine._id);
    const page = await shopperPage(browser, shopper);
    await page.goto(PATHS.cart);
    await page.getByRole('button', { name: 'Remove' }).first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page)).toBe('h1: Your Cart');
    await expect.poll(() => page.getByRole('button', { name: 'Remove' }).count()).toBe(1);
    await page.context().close();
  });

  it('skips the admin header of links with its first Tab', async ({ expect }) => {
    const page = await pageAs(browser, await adminSession());
    await page.goto(PATHS.adminOrders);
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a: Skip to content');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    // The next stop is the page's own first control, not the header's Dashboard link.
    expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
    await page.context().close();
  });

  it('closes the phone menu with Escape, back on its button', async ({ expect }) => {
    const page = await newPage(browser, 'mobile');
    await page.goto(PATHS.home);
    await page.getByRole('button', { name: 'Open menu' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('a: Medicines');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#mobile-menu').count()).toBe(0);
    expect(
      await page.getByRole('button', { name: 'Open menu' }).evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await page.context().close();
  });
});
