import {
  ADDRESS_MISSING_MESSAGE,
  ADMIN_ORDERS_PAGE_SIZE,
  adminPrescriptionPath,
  NOT_ADMIN_MESSAGE,
  PATHS,
  PAYMENT_FORM_ERROR,
  PRESCRIPTION_FILE_TYPE_MESSAGE,
  PRESCRIPTION_FILE_TYPES,
  prescriptionNeededMessage,
  type LoginResponse,
  type Medicine,
  type Order,
} from '@apotheca/contract';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { addMedicineAs, adminSession, pageAs, type Session } from './support/admin-fixtures';
import {
  addToCart,
  api,
  createShopper,
  fillDeliveryAddress,
  PASSWORD,
  shopperPage,
  toast,
  toastTexts,
  payByCard,
} from './support/shop';
import { baseUrl, hasFocus, saveScreenshot, useBrowser } from './support/browser';

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

/** A scanned prescription: one page whose text a PDF viewer shows. */
const PRESCRIPTION_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n' +
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 400 300] /Contents 4 0 R' +
    ' /Resources << /Font << /F1 5 0 R >> >> >> endobj\n' +
    '4 0 obj << /Length 42 >> stream\nBT /F1 24 Tf 50 150 Td (Rx: Insulin) Tj ET\nendstream endobj\n' +
    '5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj\n' +
    'trailer << /Root 1 0 R >>\n%%EOF\n',
);

/**
 * The number of pages chromium's PDF viewer shows in `page` (in a frame of its own, anywhere in the
 * page), once it has read the document; null before.
 */
async function pdfPagesShown(page: Page): Promise<string | null> {
  const viewer = page.frames().find((frame) => frame.url().startsWith('chrome-extension:'));
  return (
    (await viewer
      ?.locator('#pagelength')
      .textContent({ timeout: 1000 })
      .catch(() => null)) ?? null
  );
}

type PrescriptionUpload = { content: Buffer; type: string; name: string };

/** A prescription the shopper uploads through the API: a photo unless another file is given; its id. */
async function uploadPrescriptionAs(shopper: Session, file?: PrescriptionUpload): Promise<string> {
  const { content, type, name } = file ?? { content: await prescriptionPhoto(), type: 'image/jpeg', name: 'rx.jpg' };
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(content)], { type }), name);
  const uploaded = await fetch(`${baseUrl()}/api/prescriptions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${shopper.token}` },
    body: form,
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  return ((await uploaded.json()) as { prescription: { _id: string } }).prescription._id;
}

/** A shopper's order of the medicine, placed through the API with an uploaded prescription. */
async function rxOrderOf(shopper: Session, medicine: Medicine, file?: PrescriptionUpload): Promise<Order> {
  await addToCart(shopper.token, medicine._id);
  const prescriptionId = await uploadPrescriptionAs(shopper, file);
  const { order } = await api<{ order: Order }>(
    '/orders/add-order',
    { method: 'POST', body: JSON.stringify({ prescriptionId }) },
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

  it('a shopper on a phone is told every step left at one press, then buys with a photo of the prescription', async () => {
    const shopper = await createShopper();
    await addToCart(shopper.token, insulin._id);
    const page = await shopperPage(browser, shopper, 'mobile');
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/prescriptions')
        uploads.push(request.url());
    });
    await page.goto(PATHS.checkout);
    const delivery = page.getByRole('region', { name: 'Delivery address' });
    const step = page.getByRole('group', { name: 'Prescription' });
    await step.getByText('Insulin').waitFor();
    // The camera is offered: an input of the photo types the server takes, with capture set, so an
    // iPhone gives a JPEG rather than its own HEIC.
    const camera = step.getByLabel('Take a photo');
    expect(await camera.getAttribute('capture')).toBe('environment');
    expect(await camera.getAttribute('accept')).toBe(
      PRESCRIPTION_FILE_TYPES.filter((type) => type.startsWith('image/')).join(','),
    );

    // One press of Pay now with nothing done names every step left, each at its step, and goes to the first.
    await page.getByRole('button', { name: 'Pay now' }).click();
    await delivery.getByText(ADDRESS_MISSING_MESSAGE).waitFor();
    await step.getByText(prescriptionNeededMessage(['Insulin'])).waitFor();
    await page.getByRole('region', { name: 'Make a Payment' }).getByText(PAYMENT_FORM_ERROR).waitFor();
    await expect.poll(() => hasFocus(delivery.getByLabel('Full name'))).toBe(true);
    await saveScreenshot(page, 'checkout-steps-left-375');

    // A photo of a type the server refuses is refused at once, with its message, and never sent.
    await camera.setInputFiles({ name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: Buffer.from('heic') });
    await toast(page, PRESCRIPTION_FILE_TYPE_MESSAGE);
    expect(uploads).toEqual([]);

    await fillDeliveryAddress(delivery);
    await delivery.getByRole('button', { name: 'Deliver here' }).click();
    await delivery.getByText(ADDRESS_MISSING_MESSAGE).waitFor({ state: 'detached' });
    // While the photo is on its way the camera waits busy, keeping the keyboard's focus: a disabled
    // input would drop it to the page's start. The upload is held until that is seen.
    let releaseUpload = () => {};
    const held = new Promise<void>((resolve) => (releaseUpload = resolve));
    await page.route('**/api/prescriptions', async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.fallback();
    });
    await camera.focus();
    await camera.setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await prescriptionPhoto() });
    await step.getByText('Uploading…').waitFor();
    expect(await camera.getAttribute('aria-disabled')).toBe('true');
    expect(await hasFocus(camera)).toBe(true);
    await saveScreenshot(page, 'checkout-photo-uploading-375');
    releaseUpload();
    await toast(page, 'Prescription uploaded');
    await page.unrouteAll();
    expect(await step.getByRole('radio').first().isChecked()).toBe(true);
    expect(await step.getByText(prescriptionNeededMessage(['Insulin'])).count()).toBe(0);
    await payByCard(page);
    await toast(page, 'Order placed!');
    await page.waitForURL(`${baseUrl()}/`);

    const { orders } = await api<{ orders: Order[] }>('/orders/my-orders', {}, shopper.token);
    expect(orders[0]!.prescription?.review).toBe('pending');
    await page.goto(PATHS.orders);
    await page.locator('tbody tr').first().click();
    await page.getByText('Awaiting prescription review').waitFor();
    await page.context().close();
  });

  it("lists a phone's prescriptions at checkout as lines of text, each state following its date", async () => {
    const shopper = await createShopper();
    // One prescription is on an order awaiting its review, the other uploaded and not yet used.
    await rxOrderOf(shopper, insulin);
    await uploadPrescriptionAs(shopper);
    await addToCart(shopper.token, insulin._id);
    const page = await shopperPage(browser, shopper, 'mobile');
    await page.goto(PATHS.checkout);
    const choices = page
      .getByRole('group', { name: 'Prescription' })
      .locator('label', { has: page.getByRole('radio') });
    await expect.poll(() => choices.count()).toBe(2);
    // Where each line of a choice's words starts: one place when they read as one text beside the
    // radio; the state squeezed into a column of its own beside the date starts its lines further right.
    const lineStarts = (label: Element) => {
      const starts = new Map<number, number>();
      const words = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
      for (let text = words.nextNode(); text; text = words.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(text);
        for (const line of range.getClientRects()) {
          if (line.width === 0) continue;
          const top = Math.round(line.top);
          starts.set(top, Math.min(starts.get(top) ?? Infinity, Math.round(line.left)));
        }
      }
      return [...new Set(starts.values())];
    };
    for (const label of await choices.all())
      expect(await label.evaluate(lineStarts), await label.innerText()).toHaveLength(1);
    await saveScreenshot(page, 'checkout-prescriptions-375');
    await page.context().close();
  });

  it("opens a prescription's file on its own as its image or PDF, in a sandbox where nothing runs as the shop", async () => {
    const shopper = await createShopper();
    const authorization = `Bearer ${shopper.token}`;
    const context = await browser.newContext({ extraHTTPHeaders: { authorization } });
    try {
      for (const file of [
        { content: await prescriptionPhoto(), type: 'image/jpeg', name: 'prescription.jpg' },
        { content: PRESCRIPTION_PDF, type: 'application/pdf', name: 'prescription.pdf' },
      ]) {
        const url = `${baseUrl()}/api/prescriptions/${await uploadPrescriptionAs(shopper, file)}/file`;
        const { headers } = await fetch(url, { headers: { authorization } });
        expect(headers.get('content-type')).toBe(file.type);
        expect(headers.get('content-security-policy')).toMatch(/(^|; )sandbox(;|$)/);
        expect(headers.get('x-content-type-options')).toBe('nosniff');
        expect(headers.get('content-disposition')).toBe(`inline; filename="${file.name}"`);

        const page = await context.newPage();
        // The frame's own goto: the file is no page of the app, which page.goto waits to go live.
        const response = await page.mainFrame().goto(url);
        expect(response?.status()).toBe(200);
        if (file.type === 'application/pdf') {
          // Chromium's PDF viewer takes the document and shows its page, in the viewer's own frame: the
          // file is never a document of the shop's origin (the page around it is chromium's own).
          await expect.poll(() => pdfPagesShown(page), { timeout: 15_000 }).toBe('1');
        } else {
          const image = await page.locator('img').boundingBox();
          expect(image!.width).toBeGreaterThan(100);
          // The document is in an origin of its own (a sandbox's is "null"), never the shop's.
          expect(await page.evaluate(() => window.origin)).toBe('null');
        }
        await saveScreenshot(page, `file-alone-${file.type.replace('/', '-')}`, { fullPage: false });
        await page.close();
      }
    } finally {
      await context.close();
    }

    // The pharmacist still reads a PDF in the review page, where the app shows it from the fetched file.
    const pdfFile = { content: PRESCRIPTION_PDF, type: 'application/pdf', name: 'rx.pdf' };
    const order = await rxOrderOf(shopper, insulin, pdfFile);
    const pdfPage = await pageAs(browser, pharmacist);
    await pdfPage.goto(adminPrescriptionPath(order._id));
    await pdfPage.getByTitle('Prescription (PDF)').waitFor();
    await expect.poll(() => pdfPagesShown(pdfPage), { timeout: 15_000 }).toBe('1');
    await pdfPage.getByRole('link', { name: 'Download the prescription (PDF)' }).waitFor();
    await saveScreenshot(pdfPage, 'review-pdf-1280');
    await pdfPage.context().close();
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
    await page.getByRole('list', { name: 'Other orders' }).getByText(second.number, { exact: false }).waitFor();
    await page.setViewportSize({ width: 375, height: 800 });
    await saveScreenshot(page, 'review-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    const photo = page.getByRole('img', { name: 'Prescription' });
    await photo.waitFor();
    // The photo, a portrait page as a phone takes it, is shown whole before any zoom: its foot (the
    // prescriber's signature, the date) in view, not cut off by the box it scrolls in.
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalHeight))
      .toBe(800);
    const [photoBox, frame] = await Promise.all([
      photo.boundingBox(),
      page.getByRole('button', { name: 'Zoom in' }).locator('..').boundingBox(),
    ]);
    expect(photoBox!.y + photoBox!.height).toBeLessThanOrEqual(frame!.y + frame!.height);
    expect(photoBox!.y + photoBox!.height).toBeLessThanOrEqual(800);
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
  it('a pharmacist pages through the queue by keyboard, keeping the focus at either end', async () => {
    // A page and one more of this patient's orders, found by their e-mail: a queue of two pages.
    const shopper = await createShopper();
    const medicine = await addMedicineAs(admin, {
      name: `Metformin-${Date.now()}`,
      developedBy: 'Novo Labs',
      stock: '50',
      price: '5.00',
      prescriptionRequired: 'true',
    });
    for (let placed = 0; placed <= ADMIN_ORDERS_PAGE_SIZE; placed++) await rxOrderOf(shopper, medicine);
    const page = await pageAs(browser, pharmacist);
    await page.goto(PATHS.adminPrescriptions);
    const search = page.getByRole('search', { name: 'Search the queue' });
    await search.getByLabel('Search the queue').fill(shopper.user.email);
    await search.getByLabel('Search the queue').press('Enter');
    const pages = page.getByRole('navigation', { name: 'Queue pages' });
    await pages.getByText('Page 1 of 2').waitFor();

    // Next, pressed to the last page, has nowhere further to go: it says so and keeps the focus, which
    // a disabled button drops at the page's start, so the next Tab would start again from the header.
    const next = pages.getByRole('button', { name: 'Next' });
    await next.focus();
    await page.keyboard.press('Enter');
    await pages.getByText('Page 2 of 2').waitFor();
    expect(await next.getAttribute('aria-disabled')).toBe('true');
    expect(await hasFocus(next)).toBe(true);
    await page.keyboard.press('Enter');
    await saveScreenshot(page, 'queue-last-page-1280');
    expect(await pages.getByText('Page 2 of 2').count()).toBe(1);

    const previous = pages.getByRole('button', { name: 'Previous' });
    await previous.focus();
    await page.keyboard.press('Enter');
    await pages.getByText('Page 1 of 2').waitFor();
    expect(await hasFocus(previous)).toBe(true);
    await page.context().close();
  });

  it('a pharmacist on a phone sees each waiting order and its Review link, with nothing to scroll sideways', async () => {
    const shopper = await createShopper();
    const medicine = await addRxMedicine(admin, `Levothyroxine-Sodium-Tablets-${Date.now()}`);
    const order = await rxOrderOf(shopper, medicine);
    const page = await pageAs(browser, pharmacist);
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(PATHS.adminPrescriptions);
    const search = page.getByRole('search', { name: 'Search the queue' });
    await search.getByLabel('Search the queue').fill(shopper.user.email);
    await search.getByLabel('Search the queue').press('Enter');
    const row = page.getByRole('row').filter({ hasText: order.number });
    const review = row.getByRole('link', { name: /^Review the prescription of / });
    await review.waitFor();
    // What the pharmacist decides on stays on the phone's screen: the medicine and how long it waited.
    expect(await row.textContent()).toContain(medicine.name);
    const box = (await review.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await page.getByText('Scroll sideways to see every column.').count()).toBe(0);
    await saveScreenshot(page, 'prescription-queue-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await saveScreenshot(page, 'prescription-queue-1280');
    await page.context().close();
  });

  it('a decision made meanwhile by someone else: the page says whose, and keeps the focus there', async () => {
    const shopper = await createShopper();
    const order = await rxOrderOf(shopper, insulin);
    const page = await pageAs(browser, pharmacist);
    await page.goto(adminPrescriptionPath(order._id));
    await page.getByRole('img', { name: 'Prescription' }).waitFor();
    await api(
      `/orders/${order._id}/prescription-review`,
      { method: 'POST', body: '{"decision":"approve"}' },
      admin.token,
    );

    await page.getByLabel('Note to the patient').fill('The prescription is not signed.');
    await page.getByRole('button', { name: 'Reject' }).press('Enter');
    await toast(page, 'Review not saved');
    // The form went with the decision it could not make: the keyboard is left on what replaced it, not
    // at the page's start.
    const decided = page
      .locator('p')
      .filter({ has: page.getByText(`Approved by ${admin.user.first_name} ${admin.user.last_name}`) });
    await decided.waitFor();
    await expect.poll(() => hasFocus(decided)).toBe(true);
    await saveScreenshot(page, 'review-decided-meanwhile-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await saveScreenshot(page, 'review-decided-meanwhile-375');
    await page.context().close();
  });

  it('a pharmacist made a shopper while signed in is told so and sent home when they open a review', async () => {
    const shopper = await createShopper();
    const order = await rxOrderOf(shopper, insulin);
    const staff = await createShopper();
    await api(`/auth/users/${staff.user._id}/role`, { method: 'PATCH', body: '{"role":"pharmacist"}' }, admin.token);
    const demoted = await api<LoginResponse>('/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: staff.user.email, password: PASSWORD }),
    });
    const page = await pageAs(browser, demoted);
    await page.goto(PATHS.adminPrescriptions);
    const queue = page.getByRole('table', { name: 'Prescriptions waiting for review' });
    const search = page.getByRole('search', { name: 'Search the queue' });
    await search.getByLabel('Search the queue').fill(order.number);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => queue.locator('tbody tr td:first-child').allInnerTexts()).toEqual([order.number]);

    await api(`/auth/users/${staff.user._id}/role`, { method: 'PATCH', body: '{"role":"user"}' }, admin.token);
    await queue.getByRole('link', { name: /^Review the prescription of/ }).click();

    await page.waitForURL(`${baseUrl()}${PATHS.home}`);
    await expect.poll(() => toastTexts(page)).toContain(NOT_ADMIN_MESSAGE);
    expect(await page.getByText('Order not found').count()).toBe(0);
    await page.context().close();
  });
});
