import { medicinePath, PATHS, resetPasswordPath } from '@apotheca/contract';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, openPage, textsOf, useBrowser } from './support/browser';
import { downloadedCode } from './support/chunks';
import {
  addToCart,
  createShopper,
  listMedicines,
  logInContext,
  medicinesInStock,
  toastTexts,
  shopperPage,
} from './support/shop';

describe('every storefront route in chromium', () => {
  const browser = useBrowser();
  it('opens each public screen with its heading, with the main header and footer only around the shop itself', async () => {
    const { medicines } = await listMedicines('limit=1');
    const screens = [
      { path: PATHS.home, heading: 'Your trusted online pharmacy', mainShell: true },
      { path: PATHS.medicines, heading: 'Medicines', mainShell: true },
      { path: medicinePath(medicines[0]!._id), heading: medicines[0]!.name, mainShell: true },
      { path: PATHS.about, heading: 'About Apotheca', mainShell: false },
      { path: PATHS.contact, heading: 'Contact us', mainShell: false },
      { path: PATHS.login, heading: 'Login', mainShell: false },
      { path: PATHS.register, heading: 'Create your account', mainShell: false },
      { path: PATHS.forgotPassword, heading: 'Forgot password', mainShell: false },
      { path: '/no/such/page', heading: 'Page Not Found', mainShell: true },
    ];
    const page = await newPage(browser);
    for (const screen of screens) {
      await page.goto(screen.path);
      await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).count(), screen.path).toBe(screen.mainShell ? 1 : 0);
      expect(await page.locator('footer').count(), screen.path).toBe(screen.mainShell ? 1 : 0);
    }
    await page.context().close();
  });

  // The forms' library and the contract's schemas (zod) come with the pages that have a form: a
  // shopper's first page, on a slow phone, is live that much sooner.
  it('makes the home page live without downloading the form library or the schemas', async () => {
    const page = await newPage(browser);
    const code = downloadedCode(page);
    await page.goto(PATHS.home);
    expect([...code]).toContain('react-dom');
    expect([...code]).not.toContain('react-hook-form');
    expect([...code]).not.toContain('zod');
    await page.context().close();
  });

  it('sends a visitor from each shopper page to /login with the notice to log in first', async () => {
    const page = await newPage(browser);
    for (const path of [PATHS.cart, PATHS.orders, PATHS.checkout, PATHS.profile]) {
      await page.goto(path);
      await page.waitForURL(`${baseUrl()}/login`);
      await expect
        .poll(() => toastTexts(page))
        .toContain('Please Login !! You need to login first, to access this page.');
      // The login page's heading takes the focus, for a screen reader to name the page, without the
      // ring of a control: it is not one, and a ring drawn round it reads as a field.
      const heading = page.getByRole('heading', { level: 1, name: 'Login' });
      await expect
        .poll(() =>
          heading.evaluate((element) => document.activeElement === element && getComputedStyle(element).outlineStyle),
        )
        .toBe('none');
    }
    await page.context().close();
  });

  it("opens the shopper pages when logged in, and sends a shopper at /admin to / with 'You're unauthorized'", async () => {
    const shopper = await createShopper();
    const page = await shopperPage(browser, shopper);
    const screens = [
      { path: PATHS.cart, heading: 'Your Cart' },
      { path: PATHS.orders, heading: 'My orders' },
      { path: PATHS.profile, heading: 'Your profile' },
    ];
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect.poll(() => textsOf(page.getByRole('heading', { level: 1 }))).toContain(screen.heading);
    }
    await expect
      .poll(() => textsOf(page.locator('main dd')))
      .toEqual(expect.arrayContaining(['Ann', 'Shopper', shopper.user.email]));
    await page.goto(PATHS.admin);
    await page.waitForURL(`${baseUrl()}/`);
    await expect.poll(() => toastTexts(page)).toContain("You're unauthorized to access this page.");
    await page.context().close();
  });

  it('fits every screen into a 360 px wide phone without sideways scrolling', async () => {
    const shopper = await createShopper();
    const [medicine] = await medicinesInStock(1);
    await addToCart(shopper.token, medicine!._id);
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: baseUrl() });
    await logInContext(context, shopper);
    const page = await context.newPage();
    const paths = [
      PATHS.home,
      PATHS.medicines,
      medicinePath(medicine!._id),
      PATHS.about,
      PATHS.contact,
      PATHS.login,
      PATHS.register,
    ];
    for (const path of [
      ...paths,
      PATHS.forgotPassword,
      PATHS.cart,
      PATHS.checkout,
      PATHS.orders,
      PATHS.profile,
      '/no/such/page',
    ]) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBe(360);
    }
    await context.close();
  });

  it('sends a reset link with a token that does not validate to Page Not Found', async () => {
    const shopper = await createShopper();
    const page = await openPage(browser, resetPasswordPath(shopper.user._id, 'not-a-real-token'));
    await expect.poll(() => textsOf(page.getByRole('heading', { level: 1 }))).toEqual(['Page Not Found']);
    await page.context().close();
  });

  it('fixes the header after 50 px of scroll and keeps the footer year', async () => {
    const page = await openPage(browser, PATHS.home);
    const header = page.locator('header');
    expect(await header.evaluate((element) => getComputedStyle(element).position)).toBe('relative');
    await page.mouse.wheel(0, 400);
    await page.waitForFunction(() => getComputedStyle(document.querySelector('header')!).position === 'fixed');
    expect(await header.evaluate((element) => getComputedStyle(element).backdropFilter)).toContain('blur');
    expect(await page.textContent('footer')).toContain(`© ${new Date().getFullYear()} Apotheca. All rights reserved.`);
    await page.context().close();
  });
});
