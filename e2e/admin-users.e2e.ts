import { PATHS, USERS_PAGE_SIZE, type LoginResponse, type User } from '@apotheca/contract';
import { describe, expect, it } from 'vitest';
import { openOrderRow, pageAs, placeOrder, useAdminSession } from './support/admin-fixtures';
import {
  api,
  createShopper,
  LONG_NAME,
  longEmail,
  PASSWORD,
  toast,
  TOAST_GAP,
  toastGapBelowHeader,
} from './support/shop';
import {
  baseUrl,
  cellsOnScreen,
  hasFocus,
  saveScreenshot,
  sidewaysScroll,
  tableOnLaptop,
  useBrowser,
  withinScreenWidth,
} from './support/browser';

/** What a table too wide for the screen says above itself. */
const SCROLL_HINT = 'Scroll sideways to see every column.';

/** The users screen searched for one address: the list pages, so a new user is found by search. */
const usersSearch = (email: string) => `${PATHS.adminUsers}?${new URLSearchParams({ q: email }).toString()}`;

describe('the admin manages users', () => {
  const browser = useBrowser();
  const admin = useAdminSession();
  it("lists users; the admin's own row cannot be deleted", async () => {
    const page = await pageAs(browser, admin);
    await page.goto(usersSearch(admin.user.email));
    const table = page.getByRole('table', { name: 'Users' });
    await table.waitFor();
    expect(await table.locator('thead th').allTextContents()).toEqual([
      'Sr. No',
      'User ID',
      'User Name',
      'E-mail',
      'Creation Time',
      'Role',
      'Actions',
    ]);
    const adminRow = table.getByRole('row').filter({ hasText: admin.user._id });
    expect(await adminRow.getByRole('button', { name: /^Delete / }).isDisabled()).toBe(true);
  });

  it("deletes a shopper after confirmation; their order then shows 'Deleted', canceled", async () => {
    const shopper = await createShopper();
    const order = await placeOrder(shopper);
    const page = await pageAs(browser, admin);
    await page.goto(usersSearch(shopper.user.email));
    const row = page.getByRole('row').filter({ hasText: shopper.user._id });
    const deleteButton = row.getByRole('button', { name: 'Delete Ann Shopper' });
    expect(await deleteButton.isEnabled()).toBe(true);

    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Delete user?' });
    await dialog.getByText(shopper.user.email, { exact: false }).waitFor();
    // Focus stays inside the dialog: it starts on Cancel and Tab moves within.
    expect(await dialog.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement)).toBe(
      true,
    );
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'User deleted successfully.');
    await row.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Users' }).and(page.locator(':focus')).waitFor();

    const { users } = await api<{ users: User[] }>('/auth/get-all-users', {}, admin.token);
    expect(users.some((user) => user._id === shopper.user._id)).toBe(false);
    // Deleting a user ends their sessions: the deleted shopper's token no longer works.
    expect(
      (
        await fetch(`${baseUrl()}/api/auth/me`, {
          headers: { authorization: `Bearer ${shopper.token}` },
        })
      ).status,
    ).toBe(401);

    await page.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL(`${baseUrl()}/admin/orders`);
    const orderRow = await openOrderRow(page, order);
    expect(await orderRow.getByRole('cell').first().textContent()).toBe('Deleted');
    // Not yet dispatched, it was canceled with the account: no parcel goes to someone without one.
    expect(await orderRow.getByRole('cell').nth(2).textContent()).toBe('Canceled');
  });

  it('makes a shopper a pharmacist, who then sees only the Orders, Prescriptions and Stock reports of the admin area', async () => {
    const shopper = await createShopper();
    const page = await pageAs(browser, admin);
    await page.goto(usersSearch(shopper.user.email));
    const row = page.getByRole('row').filter({ hasText: shopper.user._id });
    const role = row.getByRole('combobox', { name: 'Role of Ann Shopper' });
    await role.focus();
    await role.selectOption('pharmacist');
    await toast(page, 'Ann Shopper is now a pharmacist.');
    await row.getByText('Pharmacist', { exact: true }).first().waitFor();
    // The select keeps the keyboard while the role is saved: the next user is a Tab away, not the page's top.
    expect(await hasFocus(role)).toBe(true);

    const pharmacist = await api<LoginResponse>('/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: shopper.user.email, password: PASSWORD }),
    });
    expect(pharmacist.user.role).toBe('pharmacist');
    const staffPage = await pageAs(browser, pharmacist);
    // An admin-only page sends a pharmacist to the orders.
    await staffPage.goto(PATHS.adminUsers);
    await staffPage.waitForURL(`${baseUrl()}/admin/orders`);
    await staffPage.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    const nav = staffPage.getByRole('navigation', { name: 'Admin' });
    expect(await nav.getByRole('listitem').allTextContents()).toEqual(['Orders', 'Prescriptions', 'Stock reports']);
  });

  // On a phone the admin header wraps to three rows (logo, session, links), far taller than the storefront's.
  it.for(['mobile', 'desktop'] as const)(
    'shows a toast below the admin header at %s width, never over its links or Log Out button',
    async (viewport) => {
      const shopper = await createShopper();
      const page = await pageAs(browser, admin, viewport);
      await page.goto(usersSearch(shopper.user.email));
      const row = page.getByRole('row').filter({ hasText: shopper.user._id });
      await row.getByRole('combobox', { name: 'Role of Ann Shopper' }).selectOption('pharmacist');
      await toast(page, 'Ann Shopper is now a pharmacist.');
      expect(await toastGapBelowHeader(page)).toBeGreaterThanOrEqual(0);
      await saveScreenshot(page, `admin-toast-${viewport}`, { fullPage: false });
      await page.context().close();
    },
  );

  // The admin header scrolls away with the page: a toast then has no header to keep clear of.
  it.for(['mobile', 'desktop'] as const)(
    'shows a toast at the top of a page scrolled past the admin header at %s width, with no gap left for it',
    async (viewport) => {
      const shopper = await createShopper();
      const page = await pageAs(browser, admin, viewport);
      // A short window, so that the page of one user scrolls past its header.
      await page.setViewportSize({ width: page.viewportSize()!.width, height: 360 });
      await page.goto(usersSearch(shopper.user.email));
      const row = page.getByRole('row').filter({ hasText: shopper.user._id });
      const role = row.getByRole('combobox', { name: 'Role of Ann Shopper' });
      await role.scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const header = (await page.getByRole('banner').boundingBox())!;
      expect(header.y + header.height).toBeLessThan(0);
      await role.selectOption('pharmacist');
      await toast(page, 'Ann Shopper is now a pharmacist.');
      const gap = await toastGapBelowHeader(page);
      expect(gap).toBeGreaterThanOrEqual(0);
      expect(gap).toBeLessThanOrEqual(TOAST_GAP + 1);
      await saveScreenshot(page, `admin-toast-scrolled-${viewport}`, { fullPage: false });
      await page.context().close();
    },
  );

  it("says 'Error deleting user.' with its second line when the deletion fails", async () => {
    const shopper = await createShopper();
    const page = await pageAs(browser, admin);
    await page.route('**/api/auth/delete-user/*', (route) => route.fulfill({ status: 503, json: { message: 'Busy' } }));
    await page.goto(usersSearch(shopper.user.email));
    const row = page.getByRole('row').filter({ hasText: shopper.user._id });
    await row.getByRole('button', { name: /^Delete / }).click();
    await page.getByRole('dialog', { name: 'Delete user?' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Error deleting user.');
    await page.getByText('There was an issue while deleting the user. Please try again.').waitFor();
    expect(await row.isVisible()).toBe(true);
  });

  it('finds a user by e-mail with the search box, and shows the e-mail', async () => {
    const shopper = await createShopper();
    const page = await pageAs(browser, admin);
    await page.goto(PATHS.adminUsers);
    const search = page.getByRole('search', { name: 'Search users' });
    await search.getByLabel('Search users').fill(shopper.user.email.toUpperCase());
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByText('1 matching user', { exact: true }).waitFor();
    const rows = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
    expect(await rows.count()).toBe(1);
    expect(await rows.first().getByRole('cell').allTextContents()).toContain(shopper.user.email);
    expect(new URL(page.url()).searchParams.get('q')).toBe(shopper.user.email.toUpperCase());
    await saveScreenshot(page, 'admin-users-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await saveScreenshot(page, 'admin-users-375');
  });

  it("fits a phone: each user's every column, the Role select and Delete on the screen, nothing to scroll sideways", async () => {
    const stamp = `users-${Date.now()}`;
    // A page and one more of long names and addresses, so the page buttons show below the list.
    const users: User[] = [];
    while (users.length <= USERS_PAGE_SIZE) users.push((await createShopper(longEmail(stamp), LONG_NAME)).user);
    const page = await pageAs(browser, admin, 'mobile');
    await page.goto(usersSearch(stamp));
    const table = page.getByRole('table', { name: 'Users' });
    const user = users[0]!;
    const name = `${LONG_NAME.first_name} ${LONG_NAME.last_name}`;
    const row = table.getByRole('row').filter({ hasText: user.email });
    await row.waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await page.getByText(SCROLL_HINT).count()).toBe(0);
    // Every column is shown whole on the screen, with what the admin reads in it.
    const cells = await cellsOnScreen(row, 7);
    const shown = await row.innerText();
    for (const value of [name, user.email, user._id.slice(0, 8)]) expect(shown).toContain(value);
    const role = row.getByRole('combobox', { name: `Role of ${name}` });
    for (const control of [
      role,
      row.getByRole('button', { name: `Delete ${name}` }),
      page.getByRole('searchbox', { name: 'Search users' }),
      page.getByRole('button', { name: 'Search', exact: true }),
      page.getByRole('navigation', { name: 'User pages' }).getByRole('button', { name: 'Next' }),
    ])
      expect(await withinScreenWidth(control), String(control)).toBe(true);
    await role.focus();
    // On top: the point at the select's middle belongs to it, not to something painted over it.
    const onTop = await role.evaluate((select) => {
      const box = select.getBoundingClientRect();
      const point = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return point === select || select.contains(point);
    });
    expect(onTop).toBe(true);
    await saveScreenshot(page, 'admin-users-phone-375');
    // A laptop keeps the table: the product's columns side by side, each row on one line, no hint.
    await tableOnLaptop(table, cells, ['Sr. No', 'User ID', 'User Name', 'E-mail', 'Creation Time', 'Role', 'Actions']);
    expect(await page.getByText(SCROLL_HINT).count()).toBe(0);
    await saveScreenshot(page, 'admin-users-phone-1280');
    await page.context().close();
  });

  it('asks before granting admin: Cancel changes nothing, Make admin grants it', async () => {
    const shopper = await createShopper();
    const page = await pageAs(browser, admin);
    await page.goto(usersSearch(shopper.user.email));
    const row = page.getByRole('row').filter({ hasText: shopper.user._id });
    const role = row.getByRole('combobox', { name: 'Role of Ann Shopper' });
    await role.selectOption('admin');
    const dialog = page.getByRole('dialog', { name: 'Make this user an admin?' });
    await dialog.getByText(shopper.user.email, { exact: false }).waitFor();
    await saveScreenshot(page, 'admin-users-confirm-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await role.inputValue()).toBe('user');
    const roleOf = async () =>
      (await api<{ users: User[] }>(`/auth/get-all-users?q=${encodeURIComponent(shopper.user.email)}`, {}, admin.token))
        .users[0]!.role;
    expect(await roleOf()).toBe('user');

    await role.selectOption('admin');
    await dialog.getByRole('button', { name: 'Make admin' }).click();
    await toast(page, 'Ann Shopper is now an admin.');
    expect(await roleOf()).toBe('admin');
  });
});
