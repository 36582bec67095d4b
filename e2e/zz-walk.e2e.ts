import type { Medicine, Order } from '@apotheca/contract';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { adminSession, type Session } from './support/admin-fixtures';
import { addToCart, api, createShopper, logInContext, medicinesInStock, saveAddress } from './support/shop';
import { baseUrl, useBrowser } from './support/browser';

const browser = useBrowser();
const shot = async (page: import('playwright-core').Page, name: string) => {
  await page.waitForTimeout(800);
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
};
const soon = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);

it('walks', async () => {
  const admin: Session = await adminSession();
  // Rx order for review
  const form = new FormData();
  for (const [k, v] of Object.entries({ name: 'Walkulin', developedBy: 'Novo Labs', maxMonthsExpiry: '12', category: 'Diabetes Medicine', stock: '20', price: '25.00', prescriptionRequired: 'true', imageUrl: `${baseUrl()}/art/medicine-placeholder.svg` })) form.append(k, v);
  const rx = ((await (await fetch(`${baseUrl()}/api/medicines/add-medicine`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body: form })).json()) as { newMedicine: Medicine }).newMedicine;
  const patient = await createShopper();
  await saveAddress(patient.token);
  await addToCart(patient.token, rx._id);
  const up = new FormData();
  const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#fdfdf8' } }).jpeg().toBuffer();
  up.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'rx.jpg');
  const { prescription } = (await (await fetch(`${baseUrl()}/api/prescriptions`, { method: 'POST', headers: { authorization: `Bearer ${patient.token}` }, body: up })).json()) as { prescription: { _id: string } };
  const { order: rxOrder } = await api<{ order: Order }>('/orders/add-order', { method: 'POST', body: JSON.stringify({ prescriptionId: prescription._id }) }, patient.token);

  // An order drawing from a lot that is then recalled
  const [med] = await medicinesInStock(1);
  const { batch } = await api<{ batch: { _id: string } }>(`/medicines/${med!._id}/batches`, { method: 'POST', body: JSON.stringify({ lot: 'WALK-LOT-1', expiresOn: soon, quantity: 5 }) }, admin.token);
  await addToCart(patient.token, med!._id);
  const { order } = await api<{ order: Order }>('/orders/add-order', { method: 'POST', body: '{}' }, patient.token);
  await api(`/medicines/${med!._id}/batches/${batch._id}/recall`, { method: 'POST', body: JSON.stringify({ reason: 'Manufacturer recall: wrong label' }) }, admin.token);

  for (const width of [375, 1280]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 }, baseURL: baseUrl() });
    await logInContext(ctx, admin);
    const page = await ctx.newPage();
    await page.goto(`/admin/prescriptions/${rxOrder._id}`);
    await shot(page, `review-${width}`);
    await page.goto(`/admin/orders/${order._id}`);
    await shot(page, `recalled-order-${width}`);
    await page.goto(`/admin/recalls/${batch._id}`);
    await shot(page, `recall-${width}`);
    await page.goto(`/admin/reports`);
    await shot(page, `reports-${width}`);
    await page.goto(`/admin/update/${med!._id}`);
    await shot(page, `medicine-batches-${width}`);
    await page.context().close();
    const p2 = await browser.newPage({ baseURL: baseUrl(), viewport: { width, height: 900 } });
    await logInContext(p2.context(), patient);
    await p2.goto('/orders');
    await p2.waitForTimeout(1500);
    await shot(p2, `patient-orders-${width}`);
    await p2.goto('/addresses');
    await shot(p2, `addresses-${width}`);
    await p2.context().close();
    const noJs = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, viewport: { width, height: 900 } });
    const p3 = await noJs.newPage();
    await p3.goto(`/medicines/${med!._id}`);
    await shot(p3, `substitutes-nojs-${width}`);
    await noJs.close();
  }
  expect(order.number).toBeTruthy();
}, 300_000);
