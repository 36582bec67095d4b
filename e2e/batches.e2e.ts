import {
  adminMedicineUpdatePath,
  adminOrderPath,
  adminRecallPath,
  type Batch,
  LOT_REQUIRED_MESSAGE,
  lotTakenMessage,
  type Medicine,
  type Order,
  ORDER_STATUS,
  PATHS,
  RECALL_HOLD_MESSAGE,
  RECALL_HOLD_PATIENT_NOTE,
  RECALL_NOTICE_ADVICE,
  recalledLotHeldMessage,
  recalledUnitsReplacedNote,
  recallNoticeNote,
} from '@apotheca/contract';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMedicineAs, adminSession, pageAs, type Session } from './support/admin-fixtures';
import { baseUrl, hasFocus, saveScreenshot, useBrowser } from './support/browser';
import { addToCart, api, createShopper, DELIVERY_ADDRESS, mailsTo, mailTo, toast } from './support/shop';
import { violations } from './support/axe';

const expiresOn = `${new Date().getFullYear() + 2}-06-30`;

/** At a phone's and a laptop's width: no axe finding, nothing wider than the screen, and a screenshot. */
async function checkWidths(page: Page, name: string, selector?: string) {
  // A toast fading in or out is caught half transparent: axe reads its colours once it has gone.
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForLoadState('networkidle');
    expect(await violations(page, selector), `${name} at ${width} px`).toEqual([]);
    // Neither the page nor a table scrolls sideways: every column left in view fits.
    const overflow = await page.evaluate(() =>
      [
        document.documentElement,
        ...Array.from(document.querySelectorAll('table'), (table) => table.parentElement!),
      ].map((element) => element.scrollWidth - element.clientWidth),
    );
    expect(Math.max(...overflow), `${name} at ${width} px is wider than the screen`).toBeLessThanOrEqual(0);
    await saveScreenshot(page, `batches-${name}-${width}`);
  }
}

/** A medicine of its own, with no stock: every unit a test sells comes from the lot it adds. */
const addMedicine = (admin: Session) =>
  addMedicineAs(admin, {
    name: `Recallamol-${Date.now()}`,
    developedBy: 'Batch Labs',
    stock: '0',
    price: '4.00',
    prescriptionRequired: 'false',
  });

describe('batches and recalls', () => {
  const browser = useBrowser();
  let admin: Session;
  let medicine: Medicine;
  const lot = `E2E-${Date.now()}`;

  beforeAll(async () => {
    admin = await adminSession();
    medicine = await addMedicine(admin);
  });

  it('an admin adds a batch on the medicine page and sees it listed, with the server refusing a lot twice', async () => {
    const page = await pageAs(browser, admin);
    await page.goto(adminMedicineUpdatePath(medicine._id));
    const section = page.getByRole('region', { name: 'Batches' });
    const form = section.getByRole('form', { name: 'Add a batch' });
    await form.getByRole('button', { name: 'Add batch' }).click();
    await form.getByText(LOT_REQUIRED_MESSAGE).waitFor();

    await form.getByLabel('Lot number').fill(lot);
    await form.getByLabel('Expiry date').fill(expiresOn);
    await form.getByLabel('Quantity').fill('5');
    await form.getByRole('button', { name: 'Add batch' }).click();
    await toast(page, `Lot ${lot} added`);
    // The button keeps the keyboard while the lot is saved: the next delivery starts from there, not the page's top.
    expect(await hasFocus(form.getByRole('button', { name: 'Add batch' }))).toBe(true);
    const table = section.getByRole('table', { name: 'Batches of the medicine' });
    const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: lot }) });
    await row.waitFor();
    // The expiry reads as a day in the browser's language, "Jun 30, 2028" in English.
    const expiryInWords = await page.evaluate(
      (day) =>
        new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(
          new Date(`${day}T00:00:00Z`),
        ),
      expiresOn,
    );
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining([expiryInWords, '5', 'Sellable']),
    );

    // The same lot again: the server's refusal is shown as it worded it.
    await form.getByLabel('Lot number').fill(lot);
    await form.getByLabel('Expiry date').fill(expiresOn);
    await form.getByLabel('Quantity').fill('1');
    await form.getByRole('button', { name: 'Add batch' }).click();
    await form
      .getByRole('alert')
      .filter({ hasText: lotTakenMessage(lot) })
      .waitFor();

    await checkWidths(page, 'medicine-batches', '[aria-labelledby="batches-heading"]');
    await page.context().close();
  });

  it('an admin recalls the lot, sees the order that drew from it and notifies its patient, who received it, once', async () => {
    const shopper = await createShopper();
    await addToCart(shopper.token, medicine._id);
    const { order } = await api<{ order: Order }>(
      '/orders/add-order',
      { method: 'POST', body: JSON.stringify({ address: DELIVERY_ADDRESS }) },
      shopper.token,
    );
    // The notice goes to the patients the lot reached: this order has been dispatched.
    await api(
      `/orders/update-order/${order._id}`,
      { method: 'PATCH', body: JSON.stringify({ status: ORDER_STATUS.dispatched }) },
      admin.token,
    );
    const { batches } = await api<{ batches: Batch[] }>(`/medicines/${medicine._id}/batches`, {}, admin.token);
    const batch = batches.find((candidate) => candidate.lot === lot)!;
    expect(batch.quantity).toBe(4);

    const page = await pageAs(browser, admin);
    await page.goto(adminMedicineUpdatePath(medicine._id));
    const section = page.getByRole('region', { name: 'Batches' });
    await section.getByRole('button', { name: `Recall lot ${lot}` }).click();
    const dialog = page.getByRole('dialog', { name: `Recall lot ${lot}` });
    await dialog.getByLabel('Reason').fill('Contaminated at the plant');
    expect(await violations(page), 'recall dialog').toEqual([]);
    await dialog.getByRole('button', { name: 'Recall lot' }).click();
    await page.waitForURL(`${baseUrl()}${adminRecallPath(batch._id)}`);

    await page.getByRole('heading', { name: `Recall of lot ${lot}` }).waitFor();
    await page.getByText('Contaminated at the plant').waitFor();
    const orders = page.getByRole('table', { name: `Orders that drew from lot ${lot}` });
    const row = orders.getByRole('row').filter({ has: page.getByRole('link', { name: order.number }) });
    await row.waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(
      expect.arrayContaining(['Ann Shopper', shopper.user.email, '1']),
    );
    await checkWidths(page, 'recall');

    const status = page.getByRole('status');
    await page.getByRole('button', { name: 'Notify patients' }).click();
    await status.filter({ hasText: '1 patient notified now; 0 patients had been notified already.' }).waitFor();
    expect(await hasFocus(page.getByRole('button', { name: 'Notify patients' }))).toBe(true);
    // The medicine is named in the body, not where a lock screen previews the mail.
    const mail = await mailTo(shopper.user.email, `lot ${lot}`);
    expect(mail).toContain(`It is lot ${lot} of ${medicine.name}.`);

    await page.getByRole('button', { name: 'Notify patients' }).click();
    await status.filter({ hasText: '0 patients notified now; 1 patient had been notified already.' }).waitFor();
    expect(await mailsTo(shopper.user.email, `lot ${lot}`)).toHaveLength(1);

    // The patient's order says it too, once: the medicine, the lot and what to do.
    const patientPage = await pageAs(browser, shopper);
    await patientPage.goto(PATHS.orders);
    await patientPage.getByRole('button', { name: order.number }).click();
    const notice = patientPage.getByRole('note', { name: 'Recall notice' });
    await notice.getByText(recallNoticeNote(medicine.name, lot)).waitFor();
    expect(await notice.getByRole('listitem').count()).toBe(1);
    await notice.getByText(RECALL_NOTICE_ADVICE).waitFor();
    await checkWidths(patientPage, 'patient-order-recall-notice');
    await patientPage.context().close();
    // Staff read it in the order's history.
    await page.goto(adminOrderPath(order._id));
    await page.getByRole('list', { name: 'Order history' }).getByText('Patient mailed about a recalled lot').waitFor();

    // Back on the medicine page the lot is recalled, and its row leads to the recall again.
    await page.goto(adminMedicineUpdatePath(medicine._id));
    const lotRow = section.getByRole('row').filter({ has: page.getByRole('rowheader', { name: lot }) });
    await lotRow.getByRole('cell', { name: 'Recalled', exact: true }).waitFor();
    await lotRow.getByRole('link', { name: `View the recall of lot ${lot}` }).click();
    await page.waitForURL(`${baseUrl()}${adminRecallPath(batch._id)}`);
    await page.context().close();
  });

  it('staff are not offered Dispatched for an order held by a recall, its patient reads why it waits, and staff replace its recalled units from another lot on its page', async () => {
    const held = await addMedicine(admin);
    const receive = (lotNumber: string, expires: string) =>
      api<{ batch: Batch }>(
        `/medicines/${held._id}/batches`,
        { method: 'POST', body: JSON.stringify({ lot: lotNumber, expiresOn: expires, quantity: 2 }) },
        admin.token,
      );
    const bad = (await receive(`BAD-${Date.now()}`, expiresOn)).batch;
    const good = (await receive(`GOOD-${Date.now()}`, `${new Date().getFullYear() + 3}-06-30`)).batch;
    const shopper = await createShopper();
    await addToCart(shopper.token, held._id);
    const { order } = await api<{ order: Order }>(
      '/orders/add-order',
      { method: 'POST', body: JSON.stringify({ address: DELIVERY_ADDRESS }) },
      shopper.token,
    );
    await api(
      `/medicines/${held._id}/batches/${bad._id}/recall`,
      { method: 'POST', body: JSON.stringify({ reason: 'Wrong strength on the label' }) },
      admin.token,
    );

    const page = await pageAs(browser, admin);
    await page.goto(adminOrderPath(order._id));
    const alert = page.getByRole('alert').filter({ hasText: RECALL_HOLD_MESSAGE });
    await alert.getByText('Wrong strength on the label').waitFor();
    // The status form offers no Dispatched while the order is held, and says why beside it.
    const newStatus = page.getByLabel('New status');
    const dispatchedOption = newStatus.getByRole('option', { name: ORDER_STATUS.dispatched });
    expect(await dispatchedOption.isDisabled()).toBe(true);
    await page.getByText(recalledLotHeldMessage(held.name, bad.lot)).waitFor();
    await checkWidths(page, 'held-order');

    // The patient's order keeps its status and says why it waits, naming no lot.
    const patientPage = await pageAs(browser, shopper);
    await patientPage.goto(PATHS.orders);
    const patientRow = patientPage
      .getByRole('row')
      .filter({ has: patientPage.getByRole('button', { name: order.number }) });
    await patientRow.getByText(RECALL_HOLD_PATIENT_NOTE).waitFor();
    await patientRow.getByText(ORDER_STATUS.pending, { exact: true }).waitFor();
    expect(await patientRow.innerText()).not.toContain(bad.lot);
    await checkWidths(patientPage, 'patient-held-order');

    await alert.getByRole('button', { name: 'Replace recalled units' }).click();
    await toast(page, 'Recalled units replaced');
    await alert.waitFor({ state: 'detached' });
    await page
      .getByRole('list', { name: 'Order history' })
      .getByText(recalledUnitsReplacedNote(held.name, bad.lot, [good.lot]))
      .waitFor();
    expect(await dispatchedOption.isDisabled()).toBe(false);
    await newStatus.selectOption(ORDER_STATUS.dispatched);
    await page.getByRole('button', { name: 'Update Status' }).click();
    await page.getByRole('dialog', { name: 'Dispatch this order' }).getByRole('button', { name: 'Dispatch' }).click();
    await toast(page, 'Order status updated to Dispatched');

    // Sent, the patient's order no longer says it waits.
    await patientPage.reload();
    await patientRow.getByText(ORDER_STATUS.dispatched, { exact: true }).waitFor();
    expect(await patientRow.getByText(RECALL_HOLD_PATIENT_NOTE).count()).toBe(0);
    await patientPage.context().close();
    await page.context().close();
  });
});
