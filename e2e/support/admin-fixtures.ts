import {
  CARD_NUMBER_DIGITS,
  CVV_DIGITS,
  type LoginResponse,
  type Medicine,
  type Order,
  type Payment,
  PATHS,
} from '@apotheca/contract';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, expect, inject } from 'vitest';
import { baseUrl, VIEWPORTS } from './browser';
import { addToCart, ADMIN, api, DELIVERY_ADDRESS, listMedicines, logInContext } from './shop';

export type Session = Pick<LoginResponse, 'token' | 'user'>;

export const ADMIN_ROUTES = [
  PATHS.admin,
  PATHS.adminAddMedicine,
  PATHS.adminOrders,
  PATHS.adminUsers,
  PATHS.adminProfile,
  PATHS.adminReports,
  PATHS.adminAudit,
  PATHS.adminOverview,
  PATHS.adminImport,
] as const;

/** The widths the admin area is made for: a laptop, a tablet, and a phone for a pharmacist away from the desk. */
const ADMIN_VIEWPORTS = { ...VIEWPORTS, tablet: { width: 768, height: 1024 } } as const;

export const adminSession = () => api<LoginResponse>('/auth/login', { method: 'POST', body: JSON.stringify(ADMIN) });

/** For the tests of a describe block: the admin's session, signed in before them. */
export function useAdminSession(): Session {
  const admin = {} as Session;
  beforeAll(async () => {
    Object.assign(admin, await adminSession());
  });
  return admin;
}

/**
 * For the tests of a describe block: the admin's session and a Pain Relief medicine of their own,
 * named `<name>-<time>` so that no other test's search finds it, added before them; `fields` are
 * the form's other fields, as text.
 */
export function useOwnMedicine(name: string, fields: Record<string, string>) {
  const admin = useAdminSession();
  const medicine = {} as Medicine;
  beforeAll(async () => {
    Object.assign(
      medicine,
      await addMedicineAs(admin, { name: `${name}-${Date.now()}`, category: 'Pain Relief', ...fields }),
    );
  });
  return { admin, medicine };
}

/** Every medicine of the catalogue, in the list's own order (the dashboard pages through the same list). */
export const catalogue = async (): Promise<Medicine[]> => (await listMedicines('limit=100')).medicines;

/** A card the simulated payment takes, valid for two more years. */
export const testPayment = (): Payment => ({
  cardholderName: 'ANN SHOPPER',
  cardNumber: '4'.repeat(CARD_NUMBER_DIGITS),
  expiry: `12/${(new Date().getFullYear() + 2) % 100}`,
  cvv: '1'.repeat(CVV_DIGITS),
});

/**
 * A shopper's order of one in-stock medicine sold without a prescription, placed the way the
 * storefront does: cart, then add-order with a delivery address (so that it can be dispatched),
 * and paid at once when a payment is given.
 */
export async function placeOrder(shopper: Session, payment?: Payment): Promise<Order> {
  const medicine = (await catalogue()).find((candidate) => candidate.stock > 5 && !candidate.prescriptionRequired);
  if (!medicine) throw new Error('No medicine in stock to order');
  await addToCart(shopper.token, medicine._id);
  const { order } = await api<{ order: Order }>(
    '/orders/add-order',
    { method: 'POST', body: JSON.stringify({ address: DELIVERY_ADDRESS, payment }) },
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

/** Goes from the admin area's home to one of its pages by the admin header's link, as an admin does. */
export async function openFromAdminHeader(page: Page, link: string, path: string) {
  await page.goto(PATHS.admin);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: link }).click();
  await page.waitForURL(`${baseUrl()}${path}`);
}

/** Opens the admin's order list searched for the order's number and returns its row. */
export async function openOrderRow(page: Page, order: Pick<Order, 'number'>) {
  const target = `${PATHS.adminOrders}?${new URLSearchParams({ q: order.number }).toString()}`;
  if (!page.url().endsWith(target)) await page.goto(target);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: order.number, exact: true }) });
  await row.waitFor();
  return row;
}

/** A medicine's fields as the add and update calls take them: a multipart form, every value as text. */
export function medicineForm(fields: Record<string, string | number>): FormData {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) form.append(field, String(value));
  return form;
}

/**
 * Adds a medicine through the API as `admin`: `fields` (the form's, as text) over a diabetes
 * medicine of 12 months' expiry with an image the product serves itself, so the later tests on the
 * same shop find no failed load.
 */
export async function addMedicineAs(admin: Session, fields: Record<string, string>): Promise<Medicine> {
  const form = medicineForm({
    maxMonthsExpiry: '12',
    category: 'Diabetes Medicine',
    imageUrl: `${baseUrl()}/art/medicine-placeholder.svg`,
    ...fields,
  });
  const response = await fetch(`${baseUrl()}/api/medicines/add-medicine`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}` },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { newMedicine: Medicine }).newMedicine;
}

/**
 * A lot of `quantity` units of `medicineId` that expired ten days before the shop's day, written into
 * the product's database as the demo catalogue's own expired lot is: the shop takes no delivery that
 * has already expired, so no request can make one, and a test that writes one off needs its own.
 */
export async function addExpiredBatch(medicineId: string, lot: string, quantity: number): Promise<void> {
  const database = new pg.Client({ connectionString: inject('databaseUrl') });
  await database.connect();
  try {
    await database.query(
      'insert into batches (medicine_id, lot, expires_on, quantity) values ($1, $2, shop_today() - 10, $3)',
      [medicineId, lot, quantity],
    );
  } finally {
    await database.end();
  }
}
