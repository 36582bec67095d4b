import {
  adminMedicineUpdatePath,
  duplicateMedicinesNotice,
  formatPrice,
  MEDICINE_DUPLICATE_MESSAGE,
  pagedPath,
  PATHS,
} from '@apotheca/contract';
import type { Medicine, MedicineDuplicatesResponse } from '@apotheca/contract';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { addMedicineAs, catalogue, pageAs, useAdminSession } from './support/admin-fixtures';
import { ADMIN, toast } from './support/shop';
import {
  baseUrl,
  cellsOnScreen,
  openPage,
  saveScreenshot,
  sidewaysScroll,
  tableOnLaptop,
  useBrowser,
  withinScreenWidth,
} from './support/browser';

/** The dashboard shows 10 medicines a page, in the list's order. */
const DASHBOARD_PAGE_SIZE = 10;

async function findMedicine(name: string): Promise<Medicine | undefined> {
  return (await catalogue()).find((medicine) => medicine.name === name);
}

/** Opens the add form and fills its required fields with a valid medicine named `name`; `fields`, by label, change any. */
async function startNewMedicine(page: Page, name: string, fields: Record<string, string> = {}) {
  await page.goto(PATHS.adminAddMedicine);
  const all = {
    Name: name,
    'Developed By': 'Upload Pharma',
    Category: 'Pain Relief',
    'Max Expiry (months)': '12',
    Stock: '8',
    'Price ($)': '3.99',
    ...fields,
  };
  for (const [label, value] of Object.entries(all)) await page.getByLabel(label, { exact: true }).fill(value);
}

/** Opens the dashboard page holding the medicine and returns its row. */
async function dashboardRow(page: Page, medicine: Medicine) {
  const index = (await catalogue()).findIndex((candidate) => candidate._id === medicine._id);
  const pageNumber = Math.floor(index / DASHBOARD_PAGE_SIZE) + 1;
  await page.goto(pagedPath(PATHS.admin, pageNumber));
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: medicine.name, exact: true }) });
  await row.waitFor();
  return row;
}

describe('the admin manages the catalogue', () => {
  const browser = useBrowser();
  const admin = useAdminSession();
  it('admin login lands on /admin with the medicine list and its page navigation', async () => {
    const page = await openPage(browser, PATHS.login);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${baseUrl()}/admin`);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const rows = page.getByRole('table', { name: 'Medicines' }).getByRole('row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1 + DASHBOARD_PAGE_SIZE);
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await page.waitForURL(/\/admin\?page=2$/);
    // The URL changes a moment before the list re-renders: wait, as a reader does, for page 2 to be marked.
    await page
      .getByRole('button', { name: 'Page 2', exact: true })
      .and(page.locator('[aria-current="page"]'))
      .waitFor();
  });

  it('adds a medicine with an image URL, shows it in the catalogue, updates it and deletes it', async () => {
    const page = await pageAs(browser, admin);
    await startNewMedicine(page, 'Linkazol', {
      'Developed By': 'Link Labs',
      Category: 'Antibiotic',
      'Max Expiry (months)': '18',
      Stock: '25',
      'Price ($)': '12.5',
    });
    await page.getByRole('radio', { name: 'Image URL' }).check();
    await page.getByRole('textbox', { name: 'Image URL' }).fill('not a url');
    await page.getByText('Please enter a valid URL.').waitFor();
    const imageUrl = `${baseUrl()}/favicon.svg`;
    await page.getByRole('textbox', { name: 'Image URL' }).fill(imageUrl);
    expect(await page.getByAltText("Preview of the medicine's image").getAttribute('src')).toBe(imageUrl);
    await page.getByRole('button', { name: 'Add Medicine' }).click();
    await toast(page, 'Item added to Database');
    // The form is emptied in a render of its own, which nothing ties to the toast's: waited for, not raced.
    await expect.poll(() => page.getByLabel('Name', { exact: true }).inputValue()).toBe('');

    const added = await findMedicine('Linkazol');
    expect(added).toMatchObject({ developedBy: 'Link Labs', category: 'Antibiotic', stock: 25, price: 12.5, imageUrl });

    // Update: the form is filled from the medicine; saving goes back to the dashboard.
    const row = await dashboardRow(page, added!);
    await row.getByRole('link', { name: 'Update Linkazol' }).click();
    await page.waitForURL(`${baseUrl()}/admin/update/${added!._id}`);
    const price = page.getByLabel('Price ($)');
    await page.getByRole('textbox', { name: 'Image link' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Image link' }).inputValue()).toBe(imageUrl);
    expect(await price.inputValue()).toBe('12.50');
    await price.fill('-1');
    await page.getByText('Price must be a positive number.').waitFor();
    await price.fill('14.75');
    await page.getByLabel('Stock', { exact: true }).fill('30');
    await page.getByRole('button', { name: 'Update Medicine' }).click();
    await toast(page, 'Medicine updated successfully');
    await page.waitForURL(`${baseUrl()}/admin`);
    expect(await findMedicine('Linkazol')).toMatchObject({ price: 14.75, stock: 30, imageUrl });

    // Delete asks first; cancelling keeps it, confirming removes it.
    const updated = await findMedicine('Linkazol');
    const deleteButton = (await dashboardRow(page, updated!)).getByRole('button', { name: 'Delete Linkazol' });
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Delete medicine?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await deleteButton.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await findMedicine('Linkazol')).toBeDefined();
    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Item Deleted Successfully');
    expect(await findMedicine('Linkazol')).toBeUndefined();
    // Its row and Delete button are gone, so focus goes to the page's heading, not to the body.
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).and(page.locator(':focus')).waitFor();
  });

  it('adds a medicine with an uploaded PNG, previews it, and replaces the image on update', async () => {
    const page = await pageAs(browser, admin);
    await startNewMedicine(page, 'Filezol');
    await page.getByRole('button', { name: 'Add Medicine' }).click();
    await page.getByText('Please upload an image file.').waitFor();

    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0d9488' } })
      .png()
      .toBuffer();
    await page.getByLabel('Image file').setInputFiles({ name: 'filezol.png', mimeType: 'image/png', buffer: png });
    expect(await page.getByAltText("Preview of the medicine's image").getAttribute('src')).toMatch(/^data:image\/png/);
    await page.getByRole('button', { name: 'Add Medicine' }).click();
    await toast(page, 'Item added to Database');

    const added = await findMedicine('Filezol');
    expect(added?.imageUrl).toMatch(/^\/uploads\/medicines\/.+\.webp$/);
    const image = await fetch(`${baseUrl()}${added!.imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');

    // A new file on update replaces the stored image.
    await page.goto(adminMedicineUpdatePath(added!._id));
    await page.getByLabel('Image file').setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Update Medicine' }).click();
    await toast(page, 'Medicine updated successfully');
    const updated = await findMedicine('Filezol');
    expect(updated?.imageUrl).toMatch(/^\/uploads\/medicines\/.+\.webp$/);
    expect(updated?.imageUrl).not.toBe(added!.imageUrl);
  });

  it('refuses a medicine the catalogue already has at its name field, however it is typed, and adds it once', async () => {
    const page = await pageAs(browser, admin);
    const name = `Doublofen-${Date.now()}`;
    const addWith = async (typed: string, strength: string, packSize: string) => {
      await startNewMedicine(page, typed, { Strength: strength, 'Pack size': packSize });
      await page.getByRole('radio', { name: 'Image URL' }).check();
      await page.getByRole('textbox', { name: 'Image URL' }).fill(`${baseUrl()}/favicon.svg`);
      await page.getByRole('button', { name: 'Add Medicine' }).click();
    };
    await addWith(name, '200 mg', '24 tablets');
    await toast(page, 'Item added to Database');

    // Sent again, as a double submit or a record entered twice would: typed otherwise, the same medicine.
    await addWith(name.toUpperCase(), '200mg', '24 Tablets');
    await toast(page, MEDICINE_DUPLICATE_MESSAGE);
    const nameField = page.getByLabel('Name', { exact: true });
    await expect.poll(() => nameField.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await nameField.getAttribute('aria-describedby'))!.split(' ');
    const descriptions = await Promise.all(describedBy.map((id) => page.locator(`[id="${id}"]`).innerText()));
    expect(descriptions).toContain(MEDICINE_DUPLICATE_MESSAGE);
    // What the admin typed stays, to change or leave.
    expect(await nameField.inputValue()).toBe(name.toUpperCase());
    expect((await catalogue()).filter((m) => m.name.toLowerCase() === name.toLowerCase())).toHaveLength(1);
  });

  it('tells of medicines stored twice above the list, each linked to its edit page, and of none says nothing', async () => {
    const page = await pageAs(browser, admin);
    // The shop refuses a second medicine, so its catalogue holds none: the notice is not shown.
    const clean = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/medicines/duplicates');
    await page.goto(PATHS.admin);
    expect(((await (await clean).json()) as MedicineDuplicatesResponse).medicineCount).toBe(0);
    await page.getByRole('table', { name: 'Medicines' }).waitFor();
    expect(await page.getByText('share their name, maker, strength and pack size').count()).toBe(0);

    // Doubles stored before that rule, as the server reports them: two medicines typed alike.
    const [first, second] = await catalogue();
    const { name, developedBy, strength, packSize } = first!;
    const asDouble = ({ _id, stock }: Medicine) => ({ _id, name, developedBy, strength, packSize, stock });
    const report: MedicineDuplicatesResponse = {
      groups: [{ medicines: [first!, second!].map(asDouble) }],
      total: 1,
      medicineCount: 2,
    };
    // The notice asks for its first page (?page=1&limit=…).
    await page.route('**/api/medicines/duplicates?*', (route) => route.fulfill({ json: report }));
    await page.reload();
    const notice = page.getByText(duplicateMedicinesNotice(2));
    await notice.click();
    const doubles = page.getByRole('list', { name: `${name}, ${developedBy}`, exact: false });
    expect(await doubles.getByRole('listitem').count()).toBe(2);
    await doubles.getByRole('link', { name: `Edit ${name} (2 of 2)` }).click();
    await page.waitForURL(`${baseUrl()}${adminMedicineUpdatePath(second!._id)}`);
  });

  it("says 'Error deleting item' when the server refuses, and keeps the row", async () => {
    const page = await pageAs(browser, admin);
    const [medicine] = await catalogue();
    await page.route('**/api/medicines/delete-medicine/*', (route) =>
      route.fulfill({ status: 503, json: { message: 'Try again later' } }),
    );
    const row = await dashboardRow(page, medicine!);
    await row.getByRole('button', { name: `Delete ${medicine!.name}` }).click();
    await page.getByRole('dialog', { name: 'Delete medicine?' }).getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Error deleting item');
    expect(await row.isVisible()).toBe(true);
  });

  it("searches the medicine list with the shop's search, typos included", async () => {
    const page = await pageAs(browser, admin);
    // A name of one plain word, as the demo catalogue's are: other tests add names with numbers.
    const medicine = (await catalogue()).find((candidate) => /^[A-Za-z]{6,}$/.test(candidate.name))!;
    // A letter dropped, as the shop's search forgives.
    const typo = medicine.name.slice(0, 2) + medicine.name.slice(3);
    await page.goto(PATHS.admin);
    const search = page.getByRole('search', { name: 'Search medicines' });
    await search.getByLabel('Search medicines').fill(typo);
    // The medicine may already be on the first page: the list is checked once the search answered.
    const searched = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/api/medicines' && url.searchParams.get('q') === typo;
    });
    await search.getByRole('button', { name: 'Search' }).click();
    expect((await searched).status()).toBe(200);
    await page
      .getByRole('table', { name: 'Medicines' })
      .getByRole('rowheader', { name: medicine.name, exact: true })
      .waitFor();
    await page.getByText(/^\d+ matching medicines?$/).waitFor();
  });

  it("fits a phone: each medicine's every column, its Update and Delete on the screen, nothing to scroll sideways", async () => {
    // A name and a maker as long as the catalogue's longest, priced in four figures.
    const medicine = await addMedicineAs(admin, {
      name: `Hydroxychloroquine-Sulfate-Extended-Release-${Date.now()}`,
      developedBy: 'Bristol Myers Squibb Pharmaceutical Research Institute',
      category: 'Pain Relief',
      stock: '20',
      price: '1234.99',
    });
    const page = await pageAs(browser, admin, 'mobile');
    await page.goto(`${PATHS.admin}?${new URLSearchParams({ q: medicine.name }).toString()}`);
    const table = page.getByRole('table', { name: 'Medicines' });
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: medicine.name, exact: true }) });
    await row.waitFor();
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await page.getByText('Scroll sideways to see every column.').count()).toBe(0);
    // Every column is shown whole on the screen, with what the admin reads in it.
    const cells = await cellsOnScreen(row, 8);
    const shown = await row.innerText();
    for (const value of [
      medicine.name,
      medicine.developedBy,
      medicine.category,
      `${medicine.maxMonthsExpiry} mo`,
      String(medicine.stock),
      formatPrice(medicine.price),
    ])
      expect(shown).toContain(value);
    for (const control of [
      row.getByRole('link', { name: `Update ${medicine.name}` }),
      row.getByRole('button', { name: `Delete ${medicine.name}` }),
      page.getByRole('searchbox', { name: 'Search medicines' }),
    ])
      expect(await withinScreenWidth(control), String(control)).toBe(true);
    await saveScreenshot(page, 'admin-dashboard-phone-375');
    // A laptop keeps the table: the product's columns side by side, each row on one line.
    await tableOnLaptop(table, cells, [
      'Image',
      'Name',
      'Developed By',
      'Category',
      'Max Expiry',
      'Stock',
      'Price',
      'Actions',
    ]);
    await saveScreenshot(page, 'admin-dashboard-phone-1280');
    await page.context().close();
  });
});
