import { ADMIN_ORDERS_PAGE_SIZE, type Medicine, type Order, type User } from '@apotheca/contract';
import type { Browser, Page } from 'playwright-core';
import { baseUrl } from './browser';

/** The first admin the e2e server seeds (global-setup.ts leaves ADMIN_EMAIL/ADMIN_PASSWORD at their defaults). */
export const ADMIN = { email: 'admin@apotheca.test', password: 'Admin@12345' };

export type Session = { token: string; user: User };

export const ADMIN_ROUTES = [
  '/admin',
  '/admin/add-medicine',
  '/admin/orders',
  '/admin/users',
  '/admin/profile',
] as const;

/** A JSON call to the API, failing the test with the server's answer if it is not a success. */
export async function api<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

export const login = (email: string, password: string) =>
  api<Session>('/auth/login', { method: 'POST', body: { email, password } });

let shoppers = 0;

/** Registers and logs in a new shopper with a unique address. */
export async function createShopper(firstName = 'Sam'): Promise<Session> {
  shoppers += 1;
  const email = `shopper-${Date.now()}-${shoppers}@example.test`;
  const password = 'Shopper@123';
  await api('/auth/register', {
    method: 'POST',
    body: { first_name: firstName, last_name: 'Shopper', email, password, ph_no: '5551234567' },
  });
  return login(email, password);
}

/** Every medicine of the catalogue, in the list's own order (the dashboard pages through the same list). */
export async function catalogue(): Promise<Medicine[]> {
  const { medicines } = await api<{ medicines: Medicine[] }>('/medicines?limit=100&page=1');
  return medicines;
}

/** A shopper's order of one in-stock medicine, placed the way the storefront does: cart, then add-order. */
export async function placeOrder(shopper: Session): Promise<Order> {
  const medicine = (await catalogue()).find((candidate) => candidate.stock > 5);
  if (!medicine) throw new Error('No medicine in stock to order');
  await api('/cart/add', { method: 'POST', token: shopper.token, body: { medicineId: medicine._id, quantity: 1 } });
  const { order } = await api<{ order: Order }>('/orders/add-order', {
    method: 'POST',
    token: shopper.token,
    body: {},
  });
  return order;
}

/** The widths the admin area is made for: a laptop and a tablet. */
export const ADMIN_VIEWPORTS = { desktop: { width: 1280, height: 800 }, tablet: { width: 768, height: 1024 } } as const;

/** A page in a fresh context whose browser storage holds the session, as the login screen leaves it (SPEC.md §3). */
export async function pageAs(
  browser: Browser,
  session: Session | null,
  viewport: keyof typeof ADMIN_VIEWPORTS = 'desktop',
): Promise<Page> {
  const context = await browser.newContext({ viewport: ADMIN_VIEWPORTS[viewport], baseURL: baseUrl() });
  const page = await context.newPage();
  if (session) {
    await page.goto('/about');
    await page.evaluate(({ token, user }) => {
      localStorage.setItem('token', JSON.stringify(token));
      localStorage.setItem('user', JSON.stringify(user));
    }, session);
  }
  return page;
}

/** Waits for a toast with this title. */
export async function expectToast(page: Page, title: string) {
  await page.locator('[data-sonner-toast]', { hasText: title }).first().waitFor();
}

/** Opens the admin's order list at the page holding the order (in the API's order, 8 a page) and returns its row. */
export async function openOrderRow(page: Page, admin: Session, id: string) {
  const { orders } = await api<{ orders: Order[] }>('/orders', { token: admin.token });
  const pageNumber = Math.floor(orders.findIndex((order) => order._id === id) / ADMIN_ORDERS_PAGE_SIZE) + 1;
  if (!page.url().endsWith('/admin/orders')) await page.goto('/admin/orders');
  if (pageNumber > 1) await page.getByRole('button', { name: `Page ${pageNumber}`, exact: true }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: id, exact: true }) });
  await row.waitFor();
  return row;
}
