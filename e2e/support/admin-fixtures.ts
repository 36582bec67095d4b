import {
  ADMIN_ORDERS_PAGE_SIZE,
  type LoginResponse,
  type Medicine,
  type Order,
  pagedPath,
  PATHS,
} from '@apotheca/contract';
import type { Browser, Page } from 'playwright-core';
import { baseUrl } from './browser';
import { addToCart, ADMIN, api, DELIVERY_ADDRESS, listMedicines, logInContext } from './shop';

export type Session = Pick<LoginResponse, 'token' | 'user'>;

export const ADMIN_ROUTES = [
  PATHS.admin,
  PATHS.adminAddMedicine,
  PATHS.adminOrders,
  PATHS.adminUsers,
  PATHS.adminProfile,
] as const;

/** The widths the admin area is made for: a laptop and a tablet. */
export const ADMIN_VIEWPORTS = { desktop: { width: 1280, height: 800 }, tablet: { width: 768, height: 1024 } } as const;

export const adminSession = () => api<LoginResponse>('/auth/login', { method: 'POST', body: JSON.stringify(ADMIN) });

/** Every medicine of the catalogue, in the list's own order (the dashboard pages through the same list). */
export const catalogue = async (): Promise<Medicine[]> => (await listMedicines('limit=100')).medicines;

/**
 * A shopper's order of one in-stock medicine sold without a prescription, placed the way the
 * storefront does: cart, then add-order with a delivery address (so that it can be dispatched).
 */
export async function placeOrder(shopper: Session): Promise<Order> {
  const medicine = (await catalogue()).find((candidate) => candidate.stock > 5 && !candidate.prescriptionRequired);
  if (!medicine) throw new Error('No medicine in stock to order');
  await addToCart(shopper.token, medicine._id);
  const { order } = await api<{ order: Order }>(
    '/orders/add-order',
    { method: 'POST', body: JSON.stringify({ address: DELIVERY_ADDRESS }) },
    shopper.token,
  );
  return order;
}

/** A page in a fresh context, logged in with the session when there is one. */
export async function pageAs(
  browser: Browser,
  session: Session | null,
  viewport: keyof typeof ADMIN_VIEWPORTS = 'desktop',
): Promise<Page> {
  const context = await browser.newContext({ viewport: ADMIN_VIEWPORTS[viewport], baseURL: baseUrl() });
  if (session) await logInContext(context, session);
  return context.newPage();
}

/** Opens the admin's order list at the page holding the order (in the API's order, 8 a page) and returns its row. */
export async function openOrderRow(page: Page, admin: Session, id: string) {
  const { orders } = await api<{ orders: Order[] }>('/orders', {}, admin.token);
  const pageNumber = Math.floor(orders.findIndex((order) => order._id === id) / ADMIN_ORDERS_PAGE_SIZE) + 1;
  const target = pagedPath(PATHS.adminOrders, pageNumber);
  if (!page.url().endsWith(target)) await page.goto(target);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: id, exact: true }) });
  await row.waitFor();
  return row;
}
