import type { LoginResponse, Medicine, User } from '@apotheca/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { baseUrl, newPage, textsOf, type VIEWPORTS } from './browser';

export const PASSWORD = 'Shopper@123';
export { ADMIN } from './admin-account';

export async function api<T>(path: string, init: RequestInit = {}, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl()}/api${path}`, {
    ...init,
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

let counter = 0;
/** A unique address per call, so tests sharing one server never collide. */
export const uniqueEmail = (prefix = 'shopper') => `${prefix}.${Date.now()}.${counter++}@example.com`;

/** A name as long as real customers' get, with no space inside either half to break a line at. */
export const LONG_NAME = { first_name: 'Bartholomewmaximilian', last_name: 'Featherstonehaughworthington' };

/** An address as long as real customers' get, unique per call; `stamp` finds it (and its likes) by search. */
export const longEmail = (stamp: string) =>
  `bartholomew.featherstonehaugh-williamson.${stamp}.${counter++}@example-pharmacy-customer.co.uk`;

/** Registers and logs in a shopper (Ann Shopper, unless named) through the API: { token, user }. */
export async function createShopper(
  email = uniqueEmail(),
  name = { first_name: 'Ann', last_name: 'Shopper' },
): Promise<{ token: string; user: User }> {
  await api('/auth/register', {
    method: 'POST',
    body: JSON.stringify({ ...name, email, password: PASSWORD, ph_no: '0123456789' }),
  });
  const { token, user } = await api<LoginResponse>('/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return { token, user };
}

/** Pays on the checkout page with a card the simulated payment takes, as a shopper types it. */
export async function payByCard(page: Page): Promise<void> {
  const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
  await page.getByLabel('Cardholder name').fill('ann shopper');
  await page.getByLabel('Card number').fill('123456789012');
  await page.getByLabel('Expiration (MM/YY)').fill(`12/${nextYear}`);
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Pay now' }).click();
}

/** A page in a fresh context, signed in as the shopper, at the given viewport. */
export async function shopperPage(
  browser: Browser,
  shopper: { token: string; user: User },
  viewport?: keyof typeof VIEWPORTS,
): Promise<Page> {
  const page = await newPage(browser, viewport);
  await logInContext(page.context(), shopper);
  return page;
}

/** Starts the context logged in, as the storefront keeps a session: 'token' and 'user' in localStorage. */
export async function logInContext(context: BrowserContext, session: { token: string; user: User }): Promise<void> {
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem('token', JSON.stringify(token));
      localStorage.setItem('user', JSON.stringify(user));
    },
    [session.token, session.user] as const,
  );
}

export const listMedicines = (query = '') =>
  api<{ medicines: Medicine[]; total: number }>(`/medicines${query ? `?${query}` : ''}`);

/** Units a test may put in a cart, step up to and order of one medicine without meeting a bound. */
const PLENTY = 10;

/**
 * The first medicines that need no prescription to check out and hold plenty, in list order: other
 * files share the shop and leave medicines of their own with a unit or two sellable (a recalled lot)
 * or a low limit per order, which would stop a test's steps for reasons of their own.
 */
export async function medicinesInStock(count: number): Promise<Medicine[]> {
  const { medicines } = await listMedicines('limit=100');
  return medicines
    .filter(
      (medicine) =>
        medicine.stock >= PLENTY &&
        (medicine.maxPerOrder === null || medicine.maxPerOrder >= PLENTY) &&
        !medicine.prescriptionRequired,
    )
    .slice(0, count);
}

/** A delivery address in the checkout form's shape: an order is dispatched only to an address. */
export const DELIVERY_ADDRESS = {
  name: 'Ann Shopper',
  phone: '0123456789',
  line1: '12 St James Square',
  city: 'London',
  postalCode: 'SW1Y 4LB',
  country: 'United Kingdom',
} as const;

/** Types DELIVERY_ADDRESS into the delivery step's new-address form, as a patient does at checkout. */
export async function fillDeliveryAddress(step: Locator): Promise<void> {
  await step.getByLabel('Full name').fill(DELIVERY_ADDRESS.name);
  await step.getByLabel('Phone number').fill(DELIVERY_ADDRESS.phone);
  await step.getByLabel('Address line 1').fill(DELIVERY_ADDRESS.line1);
  await step.getByLabel('City').fill(DELIVERY_ADDRESS.city);
  await step.getByLabel('Postal code').fill(DELIVERY_ADDRESS.postalCode);
  await step.getByLabel('Country').fill(DELIVERY_ADDRESS.country);
}

/** Saves the delivery address to the shopper's book as the default, which checkout then offers first. */
export const saveAddress = (token: string) =>
  api('/addresses', { method: 'POST', body: JSON.stringify({ ...DELIVERY_ADDRESS, isDefault: true }) }, token);

export const addToCart = (token: string, medicineId: string) =>
  api('/cart/add', { method: 'POST', body: JSON.stringify({ medicineId, quantity: 1 }) }, token);

/** Waits for a toast with this text (sonner renders them in a live region). */
export async function toast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();
}

/**
 * Rests the pointer on the toast on screen, which holds it there (a loaded machine can take longer
 * than its few seconds to check it), and waits until its entering slide has ended: the pointer's own
 * wait for a still element can pass mid-slide on a loaded machine, so the slide's transitions are
 * awaited until none runs. Only a toast alone: sonner lets go of every toast when the one before goes
 * (`closeToast` first).
 */
export async function holdToast(page: Page): Promise<void> {
  const shown = page.locator('[data-sonner-toast][data-mounted="true"]');
  await shown.hover();
  await shown.evaluate(async (element) => {
    for (let running = element.getAnimations(); running.length > 0; running = element.getAnimations()) {
      await Promise.allSettled(running.map((animation) => animation.finished));
    }
  });
}

/** The toaster's gap between a toast and what it keeps clear above it (app-toaster.tsx: 0.75rem). */
export const TOAST_GAP = 12;

/**
 * How far below the page's header (its banner) the toast on screen starts, once held still, or below
 * the lowest of `alsoClear` (a page's heading, its back link) when that ends lower. What is scrolled out
 * of view above ends, for the reader, at the viewport's top. Below zero, the toast covers part of it:
 * the header's links or Log Out button, the page's heading.
 */
export async function toastGapBelowHeader(page: Page, alsoClear: Locator[] = []): Promise<number> {
  await holdToast(page);
  const [toastBox, ...clearBoxes] = await Promise.all(
    [page.locator('[data-sonner-toast]'), page.getByRole('banner'), ...alsoClear].map((locator) =>
      locator.boundingBox(),
    ),
  );
  return toastBox!.y - Math.max(0, ...clearBoxes.map((box) => box!.y + box!.height));
}

/** Closes the toast on screen with its button, as a reader does, and waits until it has gone. */
export async function closeToast(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close toast' }).click();
  await page.locator('[data-sonner-toast]').waitFor({ state: 'detached' });
}

/** The texts of the toasts on screen now, for `expect.poll` to read until the expected one shows. */
export const toastTexts = (page: Page): Promise<string[]> => textsOf(page.locator('[data-sonner-toast]'));

type Mail = { to: string[]; text: string };
/** The decoded texts of every mail the SMTP sink holds for this address (that contain `containing`). */
export async function mailsTo(address: string, containing = ''): Promise<string[]> {
  const mails = (await (await fetch(inject('mailboxUrl'))).json()) as Mail[];
  return mails
    .filter((candidate) => candidate.to.includes(address) && candidate.text.includes(containing))
    .map((mail) => mail.text);
}

/** Waits for the SMTP sink to hold a mail to this address (that contains `containing`) and returns its decoded text. */
export async function mailTo(address: string, containing = ''): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const [mail] = await mailsTo(address, containing);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${address} within 15 s`);
}
