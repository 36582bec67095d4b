import { adminMedicineUpdatePath, adminOrderPath, NOT_ADMIN_MESSAGE, PATHS } from '@apotheca/contract';
import type { Medicine, Order } from '@apotheca/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ROUTES, adminSession, catalogue, pageAs, placeOrder, type Session } from './support/admin-fixtures';
import { createShopper, toastTexts } from './support/shop';
import { baseUrl, useBrowser } from './support/browser';
import { violations } from './support/axe';
import { downloadedCode, holdChunks } from './support/chunks';

const LOGIN_NOTICE = 'Please Login !! You need to login first, to access this page.';

/** Every admin route, with real ids for the routes that take one. */
const allAdminRoutes = (medicine: Medicine, order: Order) => [
  ...ADMIN_ROUTES,
  adminMedicineUpdatePath(medicine._id),
  adminOrderPath(order._id),
];

/** Names of the admin chunks the page downloaded (the build names chunks after their modules). */
function adminChunksOf(page: Page): string[] {
  const loaded: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname;
    if (
      /\/assets\/(admin|dashboard|overview|users|add-medicine|update-medicine|medicine-form|audit-page|catalogue-import-page)/.test(
        file,
      )
    )
      loaded.push(file);
  });
  return loaded;
}

describe('the admin area is for admins only', () => {
  const browser = useBrowser();
  let admin: Session;
  let shopper: Session;
  let routes: string[];
  beforeAll(async () => {
    admin = await adminSession();
    shopper = await createShopper();
    routes = allAdminRoutes((await catalogue())[0]!, await placeOrder(shopper));
  });
  // Each route is a new document in one page: a context per route would download and compile the
  // same chunks again for every route, which is most of these tests' time.
  it('sends a visitor to /login with the login notice from every admin route', async () => {
    const page = await pageAs(browser, null);
    for (const route of routes) {
      await page.goto(route);
      await page.waitForURL(`${baseUrl()}/login`);
      await expect.poll(() => toastTexts(page), { message: route }).toContain(LOGIN_NOTICE);
    }
    await page.context().close();
  });

  // The context's cache starts empty, so an admin chunk in it was downloaded, and recorded, on the
  // first route that asked for it: a later route's cache hit cannot hide one.
  it('sends a shopper to / with the unauthorized notice, without downloading admin code', async () => {
    const page = await pageAs(browser, shopper);
    const adminChunks = adminChunksOf(page);
    for (const route of routes) {
      await page.goto(route);
      await page.waitForURL(`${baseUrl()}/`);
      await expect.poll(() => toastTexts(page), { message: route }).toContain(NOT_ADMIN_MESSAGE);
      expect(adminChunks, route).toEqual([]);
    }
    await page.context().close();
  });

  // On a slow connection each chunk asked for only once the one around it has rendered (the router,
  // the admin shell, the page) is a round trip more before the page shows.
  it('asks for an admin page’s code together with the admin shell’s, not after it', async () => {
    const page = await pageAs(browser, admin);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const release = await holdChunks(page, 'admin-layout');
    await page.goto(PATHS.adminUsers);
    // The shell's code is held back, so the page's was asked for without waiting for it.
    await expect.poll(() => asked.some((path) => path.startsWith('/assets/users-page-'))).toBe(true);
    release();
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.context().close();
  });

  // A page that shows orders without a form to check needs none of the contract's schemas, nor zod
  // under them: on a slow connection its list shows that much sooner.
  it('opens the orders list without downloading zod or the schemas', async () => {
    const page = await pageAs(browser, admin);
    const code = downloadedCode(page);
    await page.goto(PATHS.adminOrders);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page
      .getByRole('link', { name: /^View items of order / })
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    expect([...code]).toContain('react-dom');
    expect([...code]).not.toContain('zod');
    await page.context().close();
  });

  // The dashboard, the stock reports and the audit log read lists: their forms (a reorder level, a
  // write-off) fetch their rules when first used, so opening them downloads no schema either.
  it.for([PATHS.admin, PATHS.adminReports, PATHS.adminAudit])(
    'opens %s without downloading zod or the schemas',
    async (path) => {
      const page = await pageAs(browser, admin);
      const code = downloadedCode(page);
      await page.goto(path);
      await page.locator('main h1').waitFor();
      await page.waitForFunction(() => !document.querySelector('main [role=status]'));
      await page.waitForLoadState('networkidle');
      expect([...code]).toContain('react-dom');
      expect([...code]).not.toContain('zod');
      await page.context().close();
    },
  );

  // Two widths of every admin route, each analysed whole by axe: minutes on a busy machine, so the two
  // widths run side by side.
  it.concurrent.for(['desktop', 'tablet'] as const)(
    'has no axe violations on any admin route at %s width',
    { timeout: 300_000 },
    async (viewport, { expect }) => {
      const page = await pageAs(browser, admin, viewport);
      for (const route of routes) {
        await page.goto(route);
        await page.locator('main h1').waitFor();
        // Every loading notice gone (a page of several reports has one each).
        await page.waitForFunction(() => !document.querySelector('main [role=status]'));
        expect(await violations(page), route).toEqual([]);
      }
      await page.context().close();
    },
  );
});
