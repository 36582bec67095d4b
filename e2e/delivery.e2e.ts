import { ADDRESS_NEEDED_MESSAGE, adminOrderPath, PATHS, type Address, type Cart, type Order } from '@apotheca/contract';
import { describe, expect, it } from 'vitest';
import { adminSession, catalogue } from './support/admin-fixtures';
import { baseUrl, newPage, saveScreenshot, useBrowser, VIEWPORTS } from './support/browser';
import {
  addToCart,
  api,
  createShopper,
  DELIVERY_ADDRESS,
  fillDeliveryAddress,
  logInContext,
  mailTo,
  toast,
  shopperPage,
  payByCard,
  saveAddress,
} from './support/shop';
import { violations } from './support/axe';

describe('delivery on a phone: address at checkout, dispatch with tracking, order again', () => {
  const browser = useBrowser();

  it('checks out with a new saved address, is dispatched with a tracking number and orders again', async () => {
    const medicine = (await catalogue()).find((candidate) => candidate.stock > 5 && !candidate.prescriptionRequired);
    const shopper = await createShopper();
    await addToCart(shopper.token, medicine!._id);
    const page = await shopperPage(browser, shopper, 'mobile');

    // Checkout: a shopper without saved addresses is asked for one, to be saved unless unticked.
    await page.goto(PATHS.checkout);
    const step = page.getByRole('region', { name: 'Delivery address' });
    await step.getByLabel('Full name').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations(page), 'checkout').toEqual([]);
    await fillDeliveryAddress(step);
    expect(await step.getByLabel('Save to my address book').isChecked()).toBe(true);
    await step.getByRole('button', { name: 'Deliver here' }).click();
    await step.getByText('It will be saved to your address book.').waitFor();

    await payByCard(page);
    await toast(page, 'Order placed!');
    await page.waitForURL(`${baseUrl()}/`);

    const { orders } = await api<{ orders: Order[] }>('/orders/my-orders', {}, shopper.token);
    const order = orders[0]!;
    expect(order.address).toMatchObject(DELIVERY_ADDRESS);
    const { addresses } = await api<{ addresses: Address[] }>('/addresses', {}, shopper.token);
    expect(addresses).toEqual([expect.objectContaining({ ...DELIVERY_ADDRESS, isDefault: true })]);

    // The address book, from the header's menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'My addresses' }).click();
    await page.waitForURL(`${baseUrl()}${PATHS.addresses}`);
    await page.getByRole('heading', { name: 'My addresses' }).waitFor();
    await page.getByText(DELIVERY_ADDRESS.line1, { exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations(page), 'address book').toEqual([]);

    // The admin dispatches it with a carrier and a tracking number.
    const admin = await adminSession();
    const adminPage = await newPage(browser, 'mobile');
    await logInContext(adminPage.context(), admin);
    await adminPage.goto(adminOrderPath(order._id));
    await adminPage.getByText(DELIVERY_ADDRESS.line1).first().waitFor();
    await adminPage.getByLabel('New status').selectOption('Dispatched');
    await adminPage.getByRole('button', { name: 'Update Status' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Dispatch this order' });
    await dialog.getByLabel('Carrier').fill('Royal Mail');
    await dialog.getByLabel('Tracking number').fill('RM123456785GB');
    expect(await violations(adminPage), 'dispatch dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Dispatch' }).click();
    await toast(adminPage, 'Order status updated to Dispatched');
    await adminPage.context().close();

    // The shopper sees the parcel on the order, then orders the same again.
    await page.goto(PATHS.orders);
    await page.getByRole('button', { name: order.number }).click();
    const details = page.locator(`#order-items-${order._id}`);
    await details.getByText('Carrier: Royal Mail').waitFor();
    await details.getByText('Tracking number: RM123456785GB').waitFor();
    // The estimate reads as days in words ("Dec 3, 2026"), not as the API's "2026-12-03".
    const estimate = details.getByText(/^Expected between /);
    expect(await estimate.textContent()).toMatch(
      /^Expected between \p{L}+\.? \d{1,2}, \d{4} and \p{L}+\.? \d{1,2}, \d{4}$/u,
    );
    await page.waitForLoadState('networkidle');
    expect(await violations(page), 'order with tracking').toEqual([]);

    await details.getByRole('button', { name: 'Order again' }).click();
    await toast(page, 'The items are back in your cart');
    const { cart } = await api<{ cart: Cart }>('/cart', {}, shopper.token);
    expect(cart.items.map((item) => [item.medicineId._id, item.quantity])).toEqual([[medicine!._id, 1]]);
    await page.context().close();
  });

  it('lets the patient add the address an order was placed without, on its page, after which staff can dispatch it', async () => {
    const medicine = (await catalogue()).find((candidate) => candidate.stock > 5 && !candidate.prescriptionRequired);
    const shopper = await createShopper();
    await addToCart(shopper.token, medicine!._id);
    // An API client (or an older page) places the order without naming an address.
    const { order } = await api<{ order: Order }>('/orders/add-order', { method: 'POST' }, shopper.token);
    expect(order.address).toBeNull();
    expect(await mailTo(shopper.user.email, order.number)).toContain(
      'It has no delivery address yet, so it cannot be sent: open your order ("See your order" below) and add one there.',
    );

    // Staff read that it waits for the patient, and cannot dispatch it yet.
    const admin = await adminSession();
    const adminPage = await newPage(browser, 'mobile');
    await logInContext(adminPage.context(), admin);
    await adminPage.goto(adminOrderPath(order._id));
    await adminPage.getByText('None yet: waiting for the patient to add one.').waitFor();
    await adminPage.getByText(ADDRESS_NEEDED_MESSAGE).waitFor();
    expect(await adminPage.getByRole('option', { name: 'Dispatched' }).isDisabled()).toBe(true);

    // The patient, on a phone, sees which order needs an address and adds one on it.
    const page = await shopperPage(browser, shopper, 'mobile');
    await page.goto(PATHS.orders);
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: order.number }) });
    await row.getByText('Needs a delivery address').waitFor();
    await page.getByRole('button', { name: order.number }).click();
    const details = page.locator(`#order-items-${order._id}`);
    const step = details.getByRole('region', { name: 'Delivery address' });
    await step.getByLabel('Full name').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations(page), 'order without an address').toEqual([]);
    await fillDeliveryAddress(step);
    await step.getByRole('button', { name: 'Deliver here' }).click();
    await details.getByRole('button', { name: 'Send the order to this address' }).click();
    await toast(page, `Order ${order.number} will be sent to this address`);
    await details.getByText(`${DELIVERY_ADDRESS.name}, ${DELIVERY_ADDRESS.line1}`, { exact: false }).waitFor();
    expect(await row.getByText('Needs a delivery address').count()).toBe(0);
    // Scrolling sideways would hide part of the page on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const { addresses } = await api<{ addresses: Address[] }>('/addresses', {}, shopper.token);
    expect(addresses).toEqual([expect.objectContaining({ ...DELIVERY_ADDRESS, isDefault: true })]);
    await page.context().close();

    // Staff now see the address and dispatch the order.
    await adminPage.reload();
    await adminPage.getByText(DELIVERY_ADDRESS.line1, { exact: false }).first().waitFor();
    expect(await adminPage.getByText(ADDRESS_NEEDED_MESSAGE).count()).toBe(0);
    await adminPage.getByLabel('New status').selectOption('Dispatched');
    await adminPage.getByRole('button', { name: 'Update Status' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Dispatch this order' });
    await dialog.getByRole('button', { name: 'Dispatch' }).click();
    await toast(adminPage, 'Order status updated to Dispatched');
    await adminPage.context().close();
  });

  // The radios were flex items of their label: squeezed by the address beside them, and stretched to its height.
  it.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
    'shows the delivery choices at %s with radios of their own size, level with the first line of their label',
    async (viewport) => {
      const medicine = (await catalogue()).find((candidate) => candidate.stock > 5 && !candidate.prescriptionRequired);
      const shopper = await createShopper();
      await saveAddress(shopper.token);
      await addToCart(shopper.token, medicine!._id);
      const page = await shopperPage(browser, shopper, viewport);
      await page.goto(PATHS.checkout);
      const radios = page.getByRole('group', { name: 'Saved addresses' }).getByRole('radio');
      await expect.poll(() => radios.count()).toBe(2);
      for (const radio of await radios.all()) {
        const placement = await radio.evaluate((input) => {
          const box = input.getBoundingClientRect();
          // The first line of the label's words: the name of a saved address, or 'A new address'.
          const words = document.createTreeWalker(input.closest('label')!, NodeFilter.SHOW_TEXT);
          const range = document.createRange();
          range.selectNodeContents(words.nextNode()!);
          const line = range.getClientRects()[0]!;
          return {
            size: [Math.round(box.width), Math.round(box.height)],
            offCentre: Math.abs(box.top + box.height / 2 - (line.top + line.height / 2)),
          };
        });
        expect(placement.size).toEqual([13, 13]);
        expect(placement.offCentre).toBeLessThanOrEqual(2);
      }
      await saveScreenshot(page, `checkout-delivery-choices-${viewport}`);
      await page.context().close();
    },
  );
});
