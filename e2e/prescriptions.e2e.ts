import { adminPrescriptionPath, PATHS, type LoginResponse, type Medicine, type Order } from '@apotheca/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMedicineAs, adminSession, pageAs, type Session } from './support/admin-fixtures';
import { addToCart, api, createShopper, PASSWORD, saveAddress, shopperPage, toast, payByCard } from './support/shop';
import { baseUrl, saveScreenshot, useBrowser } from './support/browser';

/** A photo of a paper prescription, as a phone camera takes it. */
const prescriptionPhoto = () =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: '#fdfdf8' } })
    .jpeg()
    .toBuffer();

const addRxMedicine = (admin: Session, name: string) =>
  addMedicineAs(admin, {
    name,
    developedBy: 'Novo Labs',
    stock: '20',
    price: '25.00',
    prescriptionRequired: 'true',
  });

/** A shopper's order of the medicine, placed through the API with an uploaded prescription. */
async function rxOrderOf(shopper: Session, medicine: Medicine): Promise<Order> {
  await addToCart(shopper.token, medicine._id);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await prescriptionPhoto())], { type: 'image/jpeg' }), 'rx.jpg');
  const uploaded = await fetch(`${baseUrl()}/api/prescriptions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${shopper.token}` },
    body: form,
  });
  const { prescription } = (await uploaded.json()) as { prescription: { _id: string } };
  const { order } = await api<{ order: Order }>(
    '/orders/add-order',
    { method: 'POST', body: JSON.stringify({ prescriptionId: prescription._id }) },
    shopper.token,
  );
  return order;
}

describe('prescription medicines', () => {
  const browser = useBrowser();
  let admin: Session;
  let pharmacist: Session;
  let insulin: Medicine;
  beforeAll(async () => {
    admin = await adminSession();
    insulin = await addRxMedicine(admin, 'Insulin');
    const staff = await createShopper();
    await api(`/auth/users/${staff.user._id}/role`, { method: 'PATCH', body: '{"role":"pharmacist"}' }, admin.token);
    pharmacist = await api<LoginResponse>('/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: staff.user.email, password: PASSWORD }),
    });
  });

  it('a shopper on a phone buys a prescription medicine with a photo of the prescription', async () => {
    const shopper = await createShopper();
    await saveAddress(shopper.token);
    await addToCart(shopper.token, insulin._id);
    const page = await shopperPage(browser, shopper, 'mobile');
    await page.goto(PATHS.checkout);
    const step = page.getByRole('group', { name: 'Prescription' });
    await step.getByText('Insulin').waitFor();
    // The camera is offered: an image input with capture set.
    const camera = step.getByLabel('Take a photo');
    expect(await camera.getAttribute('capture')).toBe('environment');

    // Paying before adding a prescription is refused on the spot.
    await payByCard(page);
    await toast(page, 'Add your prescription before paying.');

    await camera.setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await prescriptionPhoto() });
    await toast(page, 'Prescription uploaded');
    expect(await step.getByRole('radio').first().isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await toast(page, 'Order placed!');
    await page.waitForURL(`${baseUrl()}/`);

    const { orders } = await api<{ orders: Order[] }>('/orders/my-orders', {}, shopper.token);
    expect(orders[0]!.prescription?.review).toBe('pending');
    await page.goto(PATHS.orders);
    await page.locator('tbody tr').first().click();
    await page.getByText('Awaiting prescription review').waitFor();
    await page.context().close();
  });

  it('a pharmacist approves one and rejects another; the shopper sees both outcomes', async () => {
    const shopper = await createShopper();
    const first = await rxOrderOf(shopper, insulin);
    const second = await rxOrderOf(shopper, insulin);

    const page = await pageAs(browser, pharmacist);
    await page.goto(PATHS.adminPrescriptions);
    const queue = page.getByRole('table', { name: 'Prescriptions waiting for review' });
    await queue.waitFor();
    // The queue is searched on the server, by order number as by patient.
    const search = page.getByRole('search', { name: 'Search the queue' });
    await search.getByLabel('Search the queue').fill(first.number);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => queue.locator('tbody tr td:first-child').allInnerTexts()).toEqual([first.number]);
    await search.getByLabel('Search the queue').fill(shopper.user.email);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => queue.locator('tbody tr td:first-child').allInnerTexts())
      .toEqual([first.number, second.number]);
    await saveScreenshot(page, 'queue-1280');
    await page.goto(adminPrescriptionPath(first._id));
    // The patient's other order, fetched for this patient alone.
    await page.getByRole('list', { name: 'Past orders' }).getByText(second.number, { exact: false }).waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    await saveScreenshot(page, 'review-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('img', { name: 'Prescription' }).waitFor();
    // In the narrow side column the date field has its own row: its label on one line, as the repeats' is.
    const validUntil = await page.getByText('Valid until (for repeats)').boundingBox();
    const repeats = await page.getByText('Repeats allowed').boundingBox();
    expect(validUntil!.height).toBe(repeats!.height);
    await saveScreenshot(page, 'review-1280');
    await page.getByRole('list', { name: 'Prescription items' }).getByText('Insulin × 1').waitFor();
    await page.getByRole('button', { name: 'Approve' }).click();
    await toast(page, 'Prescription approved');
    await page.waitForURL(`${baseUrl()}/admin/prescriptions`);

    await page.goto(adminPrescriptionPath(second._id));
    await page.getByRole('img', { name: 'Prescription' }).waitFor();
    await page.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Say why the prescription is rejected.').waitFor();
    await page.getByLabel('Note to the patient').fill('The prescription is not signed.');
    await page.getByRole('button', { name: 'Reject' }).click();
    await toast(page, 'Prescription rejected, order canceled');
    await page.context().close();

    const patientPage = await shopperPage(browser, shopper, 'mobile');
    await patientPage.goto(PATHS.orders);
    const rows = patientPage.locator('tbody tr');
    await rows.first().waitFor();
    // Newest first: the rejected order, then the approved one.
    await patientPage.getByRole('button', { name: second.number }).click();
    const rejection = patientPage.getByText('Prescription rejected: The prescription is not signed.');
    await rejection.waitFor();
    expect(await rejection.isVisible()).toBe(true);
    // The approved order's row says so beside its status.
    const approvedRow = rows.filter({ has: patientPage.getByRole('button', { name: first.number }) });
    await approvedRow.getByText('Prescription approved').waitFor();
    expect(await approvedRow.getByText('Prescription approved').textContent()).toBe('Prescription approved');
    await patientPage.context().close();
  });
});
